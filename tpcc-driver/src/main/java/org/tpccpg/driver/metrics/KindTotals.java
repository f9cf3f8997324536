package org.tpccpg.driver.metrics;

/**
 * What the transactions of one kind did (or of all kinds, or of one client), in the terms of both
 * peers: sysbench's completed events and errors, pgbench's failures, retries, skips and lag.
 * Latencies are in nanoseconds, from the transaction's start (its scheduled start under a rate).
 *
 * @param completed transactions that ended: committed, or rolled back as the workload demands
 * @param rolledBack of those, rolled back on purpose (the 1% of New-Orders with an unused item,
 *     TPC-C 2.4.1.4): completed, not failed
 * @param latencySumNanos the sum of the completed transactions' latencies
 * @param latencySquares the sum of their squared latencies, in ns² (pgbench's stddev)
 * @param lagSumNanos the sum of their schedule lags (pgbench's {@code -R})
 * @param lagMaxNanos the largest schedule lag
 * @param late completed transactions slower than the latency limit ({@code -L})
 * @param tryFailures tries that failed (sysbench's ignored errors), retried or not
 * @param failed transactions that failed for good after their last try (pgbench's rule)
 * @param serializationFailures of those, by 40001
 * @param deadlockFailures of those, by 40P01
 * @param retried transactions (completed or failed) that took more than one try
 * @param retries tries that were repeated with the same input
 * @param skipped transactions skipped: they could not start within the latency limit
 * @param roundTrips the client's waits for the server in all tries of these transactions, COMMIT
 *     and ROLLBACK included (see {@link org.tpccpg.core.sql.StatementCounter#roundTrip})
 */
public record KindTotals(
    long completed,
    long rolledBack,
    long latencySumNanos,
    double latencySquares,
    long lagSumNanos,
    long lagMaxNanos,
    long late,
    long tryFailures,
    long failed,
    long serializationFailures,
    long deadlockFailures,
    long retried,
    long retries,
    long skipped,
    long roundTrips) {

  /** All zero. */
  public static final KindTotals ZERO = new KindTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** Rejects negative counts. */
  public KindTotals {
    CounterTotals.requireNotNegative("completed", completed);
    CounterTotals.requireNotNegative("rolledBack", rolledBack);
    CounterTotals.requireNotNegative("latencySumNanos", latencySumNanos);
    CounterTotals.requireNotNegative("lagSumNanos", lagSumNanos);
    CounterTotals.requireNotNegative("lagMaxNanos", lagMaxNanos);
    CounterTotals.requireNotNegative("late", late);
    CounterTotals.requireNotNegative("tryFailures", tryFailures);
    CounterTotals.requireNotNegative("failed", failed);
    CounterTotals.requireNotNegative("serializationFailures", serializationFailures);
    CounterTotals.requireNotNegative("deadlockFailures", deadlockFailures);
    CounterTotals.requireNotNegative("retried", retried);
    CounterTotals.requireNotNegative("retries", retries);
    CounterTotals.requireNotNegative("skipped", skipped);
    CounterTotals.requireNotNegative("roundTrips", roundTrips);
    if (rolledBack > completed) {
      throw new IllegalArgumentException(
          "rolledBack must be <= completed (" + completed + ") but was " + rolledBack);
    }
  }

  /**
   * Transactions that completed with these latencies and nothing else.
   *
   * @param latencySquares the sum of the squared latencies, in ns²
   */
  public static KindTotals completed(long count, long latencySumNanos, double latencySquares) {
    return new KindTotals(
        count, 0, latencySumNanos, latencySquares, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  /** Completed transactions that committed. */
  public long commits() {
    return completed - rolledBack;
  }

  /** pgbench's denominator for failure, retry and skip percentages. */
  public long attempted() {
    return completed + failed + skipped;
  }

  /** Mean latency in ms, 0 when none completed. */
  public double averageMillis() {
    return completed == 0 ? 0 : latencySumNanos / 1e6 / completed;
  }

  /** Standard deviation of latency in ms (population, as pgbench computes it), 0 when empty. */
  public double stddevMillis() {
    if (completed == 0) {
      return 0;
    }
    double mean = (double) latencySumNanos / completed;
    double variance = latencySquares / completed - mean * mean;
    return variance > 0 ? Math.sqrt(variance) / 1e6 : 0;
  }

  /** Round trips per completed transaction, failed tries' included; 0 when none completed. */
  public double roundTripsPerTransaction() {
    return completed == 0 ? 0 : (double) roundTrips / completed;
  }

  /** Mean schedule lag in ms, 0 when none completed. */
  public double averageLagMillis() {
    return completed == 0 ? 0 : lagSumNanos / 1e6 / completed;
  }

  /** The largest schedule lag in ms. */
  public double lagMaxMillis() {
    return lagMaxNanos / 1e6;
  }

  /** The field-wise sum; the larger maximum lag. */
  public KindTotals plus(KindTotals o) {
    return new KindTotals(
        completed + o.completed,
        rolledBack + o.rolledBack,
        latencySumNanos + o.latencySumNanos,
        latencySquares + o.latencySquares,
        lagSumNanos + o.lagSumNanos,
        Math.max(lagMaxNanos, o.lagMaxNanos),
        late + o.late,
        tryFailures + o.tryFailures,
        failed + o.failed,
        serializationFailures + o.serializationFailures,
        deadlockFailures + o.deadlockFailures,
        retried + o.retried,
        retries + o.retries,
        skipped + o.skipped,
        roundTrips + o.roundTrips);
  }

  /**
   * What happened since {@code baseline}, an earlier reading of the same counters; the maximum lag
   * stays this one's (a maximum cannot be subtracted).
   */
  public KindTotals minus(KindTotals baseline) {
    return new KindTotals(
        completed - baseline.completed,
        rolledBack - baseline.rolledBack,
        latencySumNanos - baseline.latencySumNanos,
        latencySquares - baseline.latencySquares,
        lagSumNanos - baseline.lagSumNanos,
        lagMaxNanos,
        late - baseline.late,
        tryFailures - baseline.tryFailures,
        failed - baseline.failed,
        serializationFailures - baseline.serializationFailures,
        deadlockFailures - baseline.deadlockFailures,
        retried - baseline.retried,
        retries - baseline.retries,
        skipped - baseline.skipped,
        roundTrips - baseline.roundTrips);
  }
}
