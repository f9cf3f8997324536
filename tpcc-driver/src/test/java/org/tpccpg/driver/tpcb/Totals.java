package org.tpccpg.driver.tpcb;

import org.tpccpg.driver.metrics.KindTotals;

/**
 * pgbench's figures as its tests state them, in microseconds (pgbench's unit), turned into the
 * engine's {@link KindTotals} (nanoseconds) with {@link #kind()}.
 *
 * @param count transactions that succeeded
 * @param latencySum their latencies in µs
 * @param latencySquares the sum of their squared latencies in µs²
 * @param failed transactions that failed for good
 * @param serializationFailures of those, 40001
 * @param deadlockFailures of those, 40P01
 * @param retried transactions that needed more than one try
 * @param retries tries beyond the first
 * @param skipped transactions skipped under {@code -R} with {@code -L}
 * @param late successful transactions slower than {@code -L}
 * @param lagSum schedule lag of the successful transactions in µs
 * @param lagMax the largest schedule lag in µs
 */
record Totals(
    long count,
    long latencySum,
    double latencySquares,
    long failed,
    long serializationFailures,
    long deadlockFailures,
    long retried,
    long retries,
    long skipped,
    long late,
    long lagSum,
    long lagMax) {
  static final Totals ZERO = new Totals(0, 0, 0);

  /** Successful transactions only. */
  Totals(long count, long latencySum, double latencySquares) {
    this(count, latencySum, latencySquares, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  /** The same figures as the engine keeps them. */
  KindTotals kind() {
    return new KindTotals(
        count,
        0,
        latencySum * 1_000,
        latencySquares * 1e6,
        lagSum * 1_000,
        lagMax * 1_000,
        late,
        failed + retries,
        failed,
        serializationFailures,
        deadlockFailures,
        retried,
        retries,
        skipped,
        0);
  }

  /** Standard deviation of latency in ms, as pgbench computes it. */
  double stddevMillis() {
    return kind().stddevMillis();
  }
}
