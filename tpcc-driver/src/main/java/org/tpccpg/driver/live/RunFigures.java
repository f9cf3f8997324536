package org.tpccpg.driver.live;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.engine.Engine;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.CounterSnapshot;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.report.IntervalListener;

/**
 * What {@link LiveMetrics} serves of a running run. Counters are read from the clients' own
 * counters at each scrape (they are made to be read from any thread); latency quantiles come from
 * the run's HdrHistogram recorders through the reporter, once per report interval, so serving them
 * adds nothing to the clients' work.
 */
public final class RunFigures implements IntervalListener {
  /** The quantiles served, as fractions. */
  static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99, 1.0};

  private final List<String> kinds;
  private final List<ClientCounters> clients;
  private final BooleanSupplier inOutage;
  private final IntSupplier outages;
  private final Supplier<TerminalStates> terminals; // null: not a spec run
  private volatile IntervalFigures last; // null before the first interval

  /** The latest interval's figures: per kind its quantiles in seconds, and the tps. */
  record IntervalFigures(double[][] quantileSeconds, double tps) {}

  /**
   * @param kinds the labels of the run's kinds, in kind order
   * @param clients the clients' counters
   * @param inOutage whether an outage is going on
   * @param outages how many outages there were so far
   * @param terminals spec mode's terminals now, counted at each scrape; null for another run
   */
  public RunFigures(
      List<String> kinds,
      List<ClientCounters> clients,
      BooleanSupplier inOutage,
      IntSupplier outages,
      Supplier<TerminalStates> terminals) {
    this.kinds = List.copyOf(kinds);
    this.clients = List.copyOf(clients);
    this.inOutage = inOutage;
    this.outages = outages;
    this.terminals = terminals;
  }

  /** The figures of a run without terminals (not spec mode). */
  public RunFigures(
      List<String> kinds,
      List<ClientCounters> clients,
      BooleanSupplier inOutage,
      IntSupplier outages) {
    this(kinds, clients, inOutage, outages, null);
  }

  /**
   * As {@link #publish(LiveMetrics, List, List, Engine, Supplier)}, for a run without terminals.
   */
  public static RunFigures publish(
      LiveMetrics metrics, List<String> kinds, List<ClientCounters> clients, Engine engine) {
    return publish(metrics, kinds, clients, engine, null);
  }

  /**
   * The figures of a run about to start, served at {@code metrics} from now on; null without
   * metrics.
   *
   * @param terminals spec mode's terminals now; null for another run
   */
  public static RunFigures publish(
      LiveMetrics metrics,
      List<String> kinds,
      List<ClientCounters> clients,
      Engine engine,
      Supplier<TerminalStates> terminals) {
    if (metrics == null) {
      return null;
    }
    RunFigures figures =
        new RunFigures(kinds, clients, engine::inOutage, () -> engine.outages().size(), terminals);
    metrics.publish(figures);
    return figures;
  }

  @Override
  public void interval(Interval interval) {
    double[][] quantiles = new double[kinds.size()][];
    for (int k = 0; k < kinds.size(); k++) {
      Histogram h = interval.perKind().get(k);
      double[] values = new double[QUANTILES.length];
      for (int q = 0; q < QUANTILES.length; q++) {
        // micros to seconds; NaN when the kind ran no transaction in the interval
        values[q] =
            h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(QUANTILES[q] * 100) / 1e6;
      }
      quantiles[k] = values;
    }
    last = new IntervalFigures(quantiles, interval.perSecond(interval.counters().total().events()));
  }

  List<String> kinds() {
    return kinds;
  }

  /** The counters now, summed over the clients. */
  CounterSnapshot counters() {
    return CounterSnapshot.of(clients);
  }

  int clientsRunning() {
    int running = 0;
    for (ClientCounters c : clients) {
      if (c.isRunning()) {
        running++;
      }
    }
    return running;
  }

  /** Spec mode's terminals now, or null for another run. */
  TerminalStates terminals() {
    return terminals == null ? null : terminals.get();
  }

  boolean inOutage() {
    return inOutage.getAsBoolean();
  }

  int outages() {
    return outages.getAsInt();
  }

  /** The latest interval's figures, or null before the first. */
  IntervalFigures last() {
    return last;
  }
}
