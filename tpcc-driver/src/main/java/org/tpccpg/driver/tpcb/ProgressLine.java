package org.tpccpg.driver.tpcb;

import org.tpccpg.driver.report.CFormat;

/**
 * pgbench 15's {@code -P} line: {@code progress: 3.0 s, 113025.6 tps, lat 0.876 ms stddev 1.011, 0
 * failed}.
 */
final class ProgressLine {
  private ProgressLine() {}

  /**
   * @param elapsedSeconds since the run started
   * @param intervalSeconds the length of the interval the figures cover
   * @param interval the transactions of the interval
   */
  static String render(double elapsedSeconds, double intervalSeconds, ClientStats.Totals interval) {
    double tps = intervalSeconds <= 0 ? 0 : interval.count() / intervalSeconds;
    return "progress: "
        + CFormat.fixed(elapsedSeconds, 1)
        + " s, "
        + CFormat.fixed(tps, 1)
        + " tps, lat "
        + CFormat.fixed(interval.averageMillis(), 3)
        + " ms stddev "
        + CFormat.fixed(interval.stddevMillis(), 3)
        + ", 0 failed";
  }
}
