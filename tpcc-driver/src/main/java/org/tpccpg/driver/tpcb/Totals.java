package org.tpccpg.driver.tpcb;

/**
 * Running totals of one client, one script or a whole run, in pgbench's terms.
 *
 * @param count transactions that succeeded
 * @param latencySum their latencies in µs
 * @param latencySquares the sum of their squared latencies in µs²
 * @param failed transactions that failed for good (not retried again)
 * @param serializationFailures of those, 40001
 * @param deadlockFailures of those, 40P01
 * @param retried transactions (succeeded or failed) that needed more than one try
 * @param retries tries beyond the first, of all transactions
 * @param skipped transactions skipped under {@code -R} with {@code -L}
 * @param late successful transactions slower than {@code -L}
 * @param lagSum schedule lag of the successful transactions in µs ({@code -R})
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

  Totals plus(Totals o) {
    return new Totals(
        count + o.count,
        latencySum + o.latencySum,
        latencySquares + o.latencySquares,
        failed + o.failed,
        serializationFailures + o.serializationFailures,
        deadlockFailures + o.deadlockFailures,
        retried + o.retried,
        retries + o.retries,
        skipped + o.skipped,
        late + o.late,
        lagSum + o.lagSum,
        Math.max(lagMax, o.lagMax));
  }

  /** The figures since {@code o}; the maximum lag stays this one's. */
  Totals minus(Totals o) {
    return new Totals(
        count - o.count,
        latencySum - o.latencySum,
        latencySquares - o.latencySquares,
        failed - o.failed,
        serializationFailures - o.serializationFailures,
        deadlockFailures - o.deadlockFailures,
        retried - o.retried,
        retries - o.retries,
        skipped - o.skipped,
        late - o.late,
        lagSum - o.lagSum,
        lagMax);
  }

  /** pgbench's denominator for failure, retry and skip percentages. */
  long attempted() {
    return count + failed + skipped;
  }

  /** Mean latency in ms, 0 when empty. */
  double averageMillis() {
    return count == 0 ? 0 : latencySum / 1000.0 / count;
  }

  /** Standard deviation of latency in ms (population, as pgbench computes it), 0 when empty. */
  double stddevMillis() {
    if (count == 0) {
      return 0;
    }
    double mean = (double) latencySum / count;
    double variance = latencySquares / count - mean * mean;
    return variance > 0 ? Math.sqrt(variance) / 1000.0 : 0;
  }

  /** Mean schedule lag in ms, 0 when empty. */
  double averageLagMillis() {
    return count == 0 ? 0 : lagSum / 1000.0 / count;
  }
}
