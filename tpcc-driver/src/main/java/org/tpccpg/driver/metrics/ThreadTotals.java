package org.tpccpg.driver.metrics;

/**
 * One worker thread's share of the work, for sysbench's "Threads fairness" and its {@code --debug}
 * per-thread statistics.
 *
 * @param events the events the thread completed
 * @param latencySumNanos the sum of their latencies ("execution time")
 * @param latencyMinNanos the shortest of them, 0 without events
 * @param latencyMaxNanos the longest of them, 0 without events
 */
public record ThreadTotals(
    long events, long latencySumNanos, long latencyMinNanos, long latencyMaxNanos) {

  /** Rejects negative values. */
  public ThreadTotals {
    CounterTotals.requireNotNegative("events", events);
    CounterTotals.requireNotNegative("latencySumNanos", latencySumNanos);
    CounterTotals.requireNotNegative("latencyMinNanos", latencyMinNanos);
    CounterTotals.requireNotNegative("latencyMaxNanos", latencyMaxNanos);
  }

  /**
   * The difference; {@code baseline} must be an earlier reading of the same thread. The shortest
   * and longest latency stay this one's, or 0 without events since (they cannot be subtracted):
   * after a warm-up they include its transactions, where sysbench's master resets its timers.
   */
  public ThreadTotals minus(ThreadTotals baseline) {
    long since = events - baseline.events;
    return new ThreadTotals(
        since,
        latencySumNanos - baseline.latencySumNanos,
        since == 0 ? 0 : latencyMinNanos,
        since == 0 ? 0 : latencyMaxNanos);
  }
}
