package org.tpccpg.driver.metrics;

/**
 * sysbench's counters summed over threads (or one thread's): completed events, queries by class,
 * errors, reconnects, and the sum of event latencies in nanoseconds.
 *
 * @param events events completed, as sysbench counts them (restarts inside an event do not count)
 * @param reads statements that returned a result set
 * @param writes statements that changed at least one row
 * @param others other statements (BEGIN, COMMIT, ROLLBACK, updates of zero rows)
 * @param errors failed statements plus the explicit new-order rollbacks (sysbench's ERROR counter)
 * @param reconnects reconnections
 * @param latencySumNanos the sum of the latencies of the completed events
 */
public record CounterTotals(
    long events,
    long reads,
    long writes,
    long others,
    long errors,
    long reconnects,
    long latencySumNanos) {

  /** All zero. */
  public static final CounterTotals ZERO = new CounterTotals(0, 0, 0, 0, 0, 0, 0);

  /** Rejects negative counts. */
  public CounterTotals {
    requireNotNegative("events", events);
    requireNotNegative("reads", reads);
    requireNotNegative("writes", writes);
    requireNotNegative("others", others);
    requireNotNegative("errors", errors);
    requireNotNegative("reconnects", reconnects);
    requireNotNegative("latencySumNanos", latencySumNanos);
  }

  /** reads + writes + others, sysbench's "queries". */
  public long queries() {
    return reads + writes + others;
  }

  /** The field-wise sum. */
  public CounterTotals plus(CounterTotals o) {
    return new CounterTotals(
        events + o.events,
        reads + o.reads,
        writes + o.writes,
        others + o.others,
        errors + o.errors,
        reconnects + o.reconnects,
        latencySumNanos + o.latencySumNanos);
  }

  /**
   * The field-wise difference; {@code baseline} must be an earlier reading of the same counters.
   */
  public CounterTotals minus(CounterTotals baseline) {
    return new CounterTotals(
        events - baseline.events,
        reads - baseline.reads,
        writes - baseline.writes,
        others - baseline.others,
        errors - baseline.errors,
        reconnects - baseline.reconnects,
        latencySumNanos - baseline.latencySumNanos);
  }

  static void requireNotNegative(String field, long value) {
    if (value < 0) {
      throw new IllegalArgumentException(field + " must be >= 0 but was " + value);
    }
  }
}
