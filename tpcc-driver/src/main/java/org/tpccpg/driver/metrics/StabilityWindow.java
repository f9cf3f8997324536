package org.tpccpg.driver.metrics;

/**
 * What one stability window of a run did: its transactions and the 95th and 99th percentiles of
 * their latencies. Windows are consecutive report intervals taken together (see {@link
 * StabilityWindows}); they do not overlap.
 *
 * @param startSeconds from the start of measuring (after warmup) to the window's start
 * @param seconds the window's length, > 0
 * @param transactions events completed in the window (sysbench's events, pgbench's transactions)
 * @param p95Millis the 95th percentile of the window's latencies in milliseconds, 0 without any
 * @param p99Millis the 99th, likewise
 */
public record StabilityWindow(
    double startSeconds, double seconds, long transactions, double p95Millis, double p99Millis) {

  public StabilityWindow {
    if (!(seconds > 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException("seconds must be a finite number > 0 but was " + seconds);
    }
    CounterTotals.requireNotNegative("transactions", transactions);
  }

  /** Transactions per second over the window. */
  public double tps() {
    return transactions / seconds;
  }
}
