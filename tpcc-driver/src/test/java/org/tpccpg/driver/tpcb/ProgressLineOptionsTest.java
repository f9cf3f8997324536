package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.KindTotals;

/** The optional parts of the {@code -P} line, against lines captured from pgbench 15.18. */
class ProgressLineOptionsTest {
  /** An interval of {@code count} transactions with the given mean and standard deviation (µs). */
  private static KindTotals interval(
      long count,
      long mean,
      double sd,
      long failed,
      long retried,
      long retries,
      long skipped,
      long lagMicros) {
    return new Totals(
            count,
            mean * count,
            count * (sd * sd + (double) mean * mean),
            failed,
            failed,
            0,
            retried,
            retries,
            skipped,
            0,
            lagMicros * count,
            lagMicros)
        .kind();
  }

  @Test
  void maxTriesAddsRetriedAndRetriesAsPgbenchDoes() {
    // pgbench 15.18 -c 8 -T 3 -P 1 --max-tries=3 under repeatable read
    assertEquals(
        "progress: 1.0 s, 429.9 tps, lat 4.090 ms stddev 3.068, 740 failed, 932 retried, 1757"
            + " retries",
        ProgressLine.render(
            1.0, 10.0, interval(4299, 4090, 3068, 740, 932, 1757, 0, 0), limits(3, 0, 0)));
  }

  @Test
  void oneTryShowsOnlyTheFailures() {
    // pgbench 15.18 -c 8 -T 3 -P 1 --max-tries=1
    assertEquals(
        "progress: 2.0 s, 602.1 tps, lat 1.624 ms stddev 0.448, 3738 failed",
        ProgressLine.render(
            2.0, 10.0, interval(6021, 1624, 448, 3738, 0, 0, 0, 0), limits(1, 0, 0)));
  }

  @Test
  void rateAndLatencyLimitAddLagAndSkippedBeforeTheRetries() {
    // pgbench 15.18 -c 4 -T 2 -P 1 --max-tries=2 -b tpcb-like -N -R 5000 -L 1
    assertEquals(
        "progress: 1.0 s, 2470.0 tps, lat 1.692 ms stddev 0.490, 1042 failed, lag 0.629 ms, 1507"
            + " skipped, 35 retried, 35 retries",
        ProgressLine.render(
            1.0, 10.0, interval(24700, 1692, 490, 1042, 35, 35, 1507, 629), limits(2, 5000, 1000)));
  }

  @Test
  void rateWithoutLatencyLimitHasNoSkippedPart() {
    assertEquals(
        "progress: 1.0 s, 265.0 tps, lat 0.970 ms stddev 0.334, 50 failed, lag 0.096 ms",
        ProgressLine.render(
            1.0, 10.0, interval(2650, 970, 334, 50, 0, 0, 0, 96), limits(1, 300, 0)));
  }

  private static RunLimits limits(int maxTries, double rate, long latencyLimitMicros) {
    return new RunLimits(maxTries, false, rate, latencyLimitMicros, false);
  }
}
