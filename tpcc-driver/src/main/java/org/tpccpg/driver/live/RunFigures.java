package org.tpccpg.driver.live;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.engine.Engine;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.CounterSnapshot;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.report.IntervalListener;

/**
 * What {@link LiveMetrics} serves of a running run. Counters are read from the clients' own
 * counters at each scrape (they are made to be read from any thread); latency quantiles come from
 * the run's HdrHistogram recorders through the reporter, once per report interval, so serving them
 * adds nothing to the clients' work.
 */
public final class RunFigures implements IntervalListener {
  /** How often the quantiles are refreshed when the run prints and records no intervals. */
  public static final int INTERVAL_SECONDS_WITHOUT_REPORTS = 10;

  /** The quantiles served, as fractions. */
  static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99, 1.0};

  private final List<String> kinds;
  private final List<ClientCounters> clients;
  private final BooleanSupplier inOutage;
  private final IntSupplier outages;
  private volatile IntervalFigures last; // null before the first interval

  /** The latest interval's figures: per kind its quantiles in seconds, and the tps. */
  record IntervalFigures(double[][] quantileSeconds, double tps) {}

  /**
   * @param kinds the labels of the run's kinds, in kind order
   * @param clients the clients' counters
   * @param inOutage whether an outage is going on
   * @param outages how many outages there were so far
   */
  public RunFigures(
      List<String> kinds,
      List<ClientCounters> clients,
      BooleanSupplier inOutage,
      IntSupplier outages) {
    this.kinds = List.copyOf(kinds);
    this.clients = List.copyOf(clients);
    this.inOutage = inOutage;
    this.outages = outages;
  }

  /**
   * The figures of a run about to start, served at {@code metrics} from now on; null without
   * metrics.
   */
  public static RunFigures publish(
      LiveMetrics metrics, List<String> kinds, List<ClientCounters> clients, Engine engine) {
    if (metrics == null) {
      return null;
    }
    RunFigures figures =
        new RunFigures(kinds, clients, engine::inOutage, () -> engine.outages().size());
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
