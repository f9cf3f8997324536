package org.tpccpg.driver.tpcb;

import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.report.CFormat;

/**
 * pgbench 15's {@code -P} line: {@code progress: 3.0 s, 113025.6 tps, lat 0.876 ms stddev 1.011, 0
 * failed}, then {@code , lag 0.629 ms} with {@code -R}, {@code , 1507 skipped} with {@code -R} and
 * {@code -L}, and {@code , 35 retried, 35 retries} when {@code --max-tries} is not 1.
 */
final class ProgressLine {
  private ProgressLine() {}

  /** The line of a run with pgbench's default limits. */
  static String render(double elapsedSeconds, double intervalSeconds, KindTotals interval) {
    return render(elapsedSeconds, intervalSeconds, interval, RunLimits.DEFAULT);
  }

  /** The line, its time given in seconds since the run started. */
  static String render(
      double elapsedSeconds, double intervalSeconds, KindTotals interval, RunLimits limits) {
    return render(CFormat.fixed(elapsedSeconds, 1), intervalSeconds, interval, limits);
  }

  /**
   * @param time the line's time without its unit: the seconds since the run started with one
   *     decimal, or with {@code --progress-timestamp} the Unix epoch time with three as pgbench
   * @param intervalSeconds the length of the interval the figures cover
   * @param interval the transactions of the interval
   * @param limits which optional parts the line has
   */
  static String render(String time, double intervalSeconds, KindTotals interval, RunLimits limits) {
    double tps = intervalSeconds <= 0 ? 0 : interval.completed() / intervalSeconds;
    StringBuilder line =
        new StringBuilder("progress: ")
            .append(time)
            .append(" s, ")
            .append(CFormat.fixed(tps, 1))
            .append(" tps, lat ")
            .append(CFormat.fixed(interval.averageMillis(), 3))
            .append(" ms stddev ")
            .append(CFormat.fixed(interval.stddevMillis(), 3))
            .append(", ")
            .append(interval.failed())
            .append(" failed");
    if (limits.throttled()) {
      line.append(", lag ").append(CFormat.fixed(interval.averageLagMillis(), 3)).append(" ms");
      if (limits.latencyLimited()) {
        line.append(", ").append(interval.skipped()).append(" skipped");
      }
    }
    if (limits.maxTries() != 1) {
      line.append(", ").append(interval.retried()).append(" retried, ");
      line.append(interval.retries()).append(" retries");
    }
    return line.toString();
  }
}
