package org.tpccpg.driver.live;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.SummaryWithCallback;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import org.tpccpg.driver.metrics.CounterSnapshot;
import org.tpccpg.driver.metrics.FailureCause;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.TerminalStates;

/**
 * The run's live figures over HTTP in Prometheus' text format ({@code GET /metrics}), with the
 * official Prometheus Java client. The port is bound when it is opened, before the run starts, so a
 * port in use is told before anything runs; the figures appear once the run {@link #publish}es
 * them. docs/metrics.md names every series.
 */
public final class LiveMetrics implements AutoCloseable {
  private static final String PREFIX = "tpcc_";

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final HTTPServer server;
  private volatile RunFigures run; // null until the run starts

  private LiveMetrics(InetAddress address, int port) throws IOException {
    register();
    this.server =
        HTTPServer.builder()
            .inetAddress(address)
            .port(port)
            .registry(registry)
            .registerHealthHandler(false)
            .buildAndStart();
  }

  /**
   * Listens on {@code address:port} (port 0: a free one, see {@link #port()}).
   *
   * @throws IOException when it cannot listen there (the port is in use, the address is not this
   *     machine's)
   */
  public static LiveMetrics open(InetAddress address, int port) throws IOException {
    return new LiveMetrics(address, port);
  }

  /** The port it listens on. */
  public int port() {
    return server.getPort();
  }

  /** Where a scraper finds the figures. */
  public String url(InetAddress address) {
    String host = address.getHostAddress();
    if (host.indexOf(':') >= 0) {
      host = "[" + host + "]";
    }
    return "http://" + host + ":" + port() + "/metrics";
  }

  /** Serves this run's figures from now on (the run calls it as it starts). */
  public void publish(RunFigures figures) {
    this.run = figures;
  }

  /** Stops listening. */
  @Override
  public void close() {
    server.close();
  }

  private void register() {
    perKind(
        "transactions",
        "Transactions ended (committed, or rolled back by design)",
        KindTotals::completed);
    perKind(
        "transactions_rolled_back",
        "Of those, rolled back by design (TPC-C's 1 % of New-Order)",
        KindTotals::rolledBack);
    perKind("transactions_failed", "Transactions failed after their last try", KindTotals::failed);
    perKind(
        "retries",
        "Tries again of the same input after a serialization failure or deadlock",
        KindTotals::retries);
    CounterWithCallback.builder()
        .name(PREFIX + "errors")
        .help("Failed tries by cause")
        .labelNames("cause")
        .callback(
            cb -> {
              RunFigures figures = run;
              if (figures != null) {
                CounterSnapshot now = figures.counters();
                for (FailureCause cause : FailureCause.values()) {
                  cb.call(now.tryFailures(cause), cause.name().toLowerCase(Locale.ROOT));
                }
              }
            })
        .register(registry);
    total("reconnects", "Lost connections replaced", f -> f.counters().total().reconnects());
    total(
        "outages",
        "Outages so far: from a client losing its connection until all have one",
        RunFigures::outages);
    gauge("outage", "1 while an outage is going on, else 0", f -> f.inOutage() ? 1 : 0);
    gauge("clients_running", "Clients inside their loop", RunFigures::clientsRunning);
    gauge(
        "interval_tps",
        "Transactions per second over the latest report interval",
        f -> f.last() == null ? Double.NaN : f.last().tps());
    latencies();
    terminals();
  }

  /**
   * Spec mode's terminals by state and its deferred-Delivery queue, counted at each scrape; absent
   * in other runs.
   */
  private void terminals() {
    GaugeWithCallback.builder()
        .name(PREFIX + "terminals")
        .help(
            "Spec mode: terminals thinking, keying, or in a transaction (submitted, not answered)")
        .labelNames("state")
        .callback(
            cb ->
                ifRunning(
                    figures -> {
                      TerminalStates now = figures.terminals();
                      if (now != null) {
                        cb.call(now.thinking(), "thinking");
                        cb.call(now.keying(), "keying");
                        cb.call(now.inTransaction(), "in_transaction");
                      }
                    }))
        .register(registry);
    GaugeWithCallback.builder()
        .name(PREFIX + "deferred_delivery_queue")
        .help("Spec mode: deferred Deliveries queued, not yet taken by an executor")
        .callback(
            cb ->
                ifRunning(
                    figures -> {
                      TerminalStates now = figures.terminals();
                      if (now != null) {
                        cb.call(now.deferredQueue());
                      }
                    }))
        .register(registry);
  }

  /** A counter per kind, read from the clients' counters at each scrape. */
  private void perKind(String name, String help, ToDoubleFunction<KindTotals> value) {
    CounterWithCallback.builder()
        .name(PREFIX + name)
        .help(help)
        .labelNames("kind")
        .callback(
            cb -> {
              RunFigures figures = run;
              if (figures != null) {
                CounterSnapshot now = figures.counters();
                for (int k = 0; k < figures.kinds().size(); k++) {
                  cb.call(value.applyAsDouble(now.kind(k)), figures.kinds().get(k));
                }
              }
            })
        .register(registry);
  }

  private void total(String name, String help, ToDoubleFunction<RunFigures> value) {
    CounterWithCallback.builder()
        .name(PREFIX + name)
        .help(help)
        .callback(cb -> ifRunning(figures -> cb.call(value.applyAsDouble(figures))))
        .register(registry);
  }

  private void gauge(String name, String help, ToDoubleFunction<RunFigures> value) {
    GaugeWithCallback.builder()
        .name(PREFIX + name)
        .help(help)
        .callback(cb -> ifRunning(figures -> cb.call(value.applyAsDouble(figures))))
        .register(registry);
  }

  /**
   * Latency per kind as a summary: count and sum since the start from the clients' counters, the
   * quantiles of the latest report interval from the run's histograms.
   */
  private void latencies() {
    SummaryWithCallback.builder()
        .name(PREFIX + "latency_seconds")
        .help(
            "Transaction latency; quantiles over the latest report interval (NaN when a kind ran"
                + " none), count and sum since the start")
        .labelNames("kind")
        .callback(
            cb -> {
              RunFigures figures = run;
              if (figures == null) {
                return;
              }
              CounterSnapshot now = figures.counters();
              RunFigures.IntervalFigures last = figures.last();
              for (int k = 0; k < figures.kinds().size(); k++) {
                KindTotals totals = now.kind(k);
                cb.call(
                    totals.completed(),
                    totals.latencySumNanos() / 1e9,
                    last == null ? Quantiles.EMPTY : quantiles(last.quantileSeconds()[k]),
                    figures.kinds().get(k));
              }
            })
        .register(registry);
  }

  private static Quantiles quantiles(double[] seconds) {
    List<Quantile> list = new ArrayList<>();
    for (int q = 0; q < RunFigures.QUANTILES.length; q++) {
      list.add(new Quantile(RunFigures.QUANTILES[q], seconds[q]));
    }
    return Quantiles.of(list);
  }

  private void ifRunning(Consumer<RunFigures> action) {
    RunFigures figures = run;
    if (figures != null) {
      action.accept(figures);
    }
  }
}
