package org.tpccpg.driver.report;

import java.util.Objects;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.Fairness;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.RunResult;

/**
 * The figures sysbench's final summary prints ({@link SysbenchSummary}): of one run, or of several
 * drivers' runs merged ({@code tpcc merge}), whose rates are the sum of the drivers' rates rather
 * than a count over one time.
 *
 * @param totals sysbench's counters, the latency sum exact
 * @param elapsedSeconds the measured time ("total time")
 * @param eventsPerSecond transactions per second
 * @param queriesPerSecond queries per second
 * @param errorsPerSecond ignored errors per second
 * @param reconnectsPerSecond reconnects per second
 * @param latencies every latency in microseconds (min, max and the percentile); not copied
 * @param fairness the threads' fairness, or null when it is not known (printed as n/a)
 */
public record SysbenchFigures(
    CounterTotals totals,
    double elapsedSeconds,
    double eventsPerSecond,
    double queriesPerSecond,
    double errorsPerSecond,
    double reconnectsPerSecond,
    Histogram latencies,
    Fairness fairness) {

  public SysbenchFigures {
    Objects.requireNonNull(totals, "totals");
    Objects.requireNonNull(latencies, "latencies");
  }

  /**
   * A checkpoint's figures, as sysbench's checkpoint report and the closing block after a
   * checkpoint print them: the window's counts over the window's time, but the time since the start
   * of measuring as "total time".
   */
  public static SysbenchFigures of(IntervalSampler.Checkpoint checkpoint) {
    SysbenchFigures window = of(checkpoint.window());
    return new SysbenchFigures(
        window.totals(),
        checkpoint.sinceStartSeconds(),
        window.eventsPerSecond(),
        window.queriesPerSecond(),
        window.errorsPerSecond(),
        window.reconnectsPerSecond(),
        window.latencies(),
        window.fairness());
  }

  /** A run's figures: its counts over its measured time, as sysbench divides them. */
  public static SysbenchFigures of(RunResult t) {
    CounterTotals c = t.counters().total();
    double seconds = t.elapsedSeconds();
    return new SysbenchFigures(
        c,
        seconds,
        c.events() / seconds,
        c.queries() / seconds,
        c.errors() / seconds,
        c.reconnects() / seconds,
        t.mergedLatencies(),
        Fairness.of(t.counters().perThread()));
  }
}
