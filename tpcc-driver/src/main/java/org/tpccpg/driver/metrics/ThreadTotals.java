package org.tpccpg.driver.metrics;

/**
 * One worker thread's share of the work, for sysbench's "Threads fairness".
 *
 * @param events the events the thread completed
 * @param latencySumNanos the sum of their latencies ("execution time")
 */
public record ThreadTotals(long events, long latencySumNanos) {

  /** Rejects negative values. */
  public ThreadTotals {
    CounterTotals.requireNotNegative("events", events);
    CounterTotals.requireNotNegative("latencySumNanos", latencySumNanos);
  }

  /** The difference; {@code baseline} must be an earlier reading of the same thread. */
  public ThreadTotals minus(ThreadTotals baseline) {
    return new ThreadTotals(events - baseline.events, latencySumNanos - baseline.latencySumNanos);
  }
}
