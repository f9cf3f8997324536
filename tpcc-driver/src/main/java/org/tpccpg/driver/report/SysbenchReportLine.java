package org.tpccpg.driver.report;

import org.tpccpg.driver.metrics.IntervalSnapshot;

/**
 * The periodic report line of sysbench-tpcc, byte for byte. tpcc installs a Lua report hook, so the
 * text form is the Lua one ({@code sysbench.report_default}):
 *
 * <pre>
 * [ %.0fs ] thds: %u tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%u%%): %4.2f err/s %4.2f reconn/s: %4.2f
 * </pre>
 *
 * <p>Note there is no colon after {@code err/s}. With {@code --report-csv=yes} the line is {@code
 * %.0f,%u,%4.2f,...} with the same ten values and no header. A percentile that is not an integer,
 * which sysbench cannot take, is labelled with its decimals: {@code lat (ms,99.9%)}.
 */
public final class SysbenchReportLine {
  private SysbenchReportLine() {}

  /** The text form, without a line terminator. */
  public static String text(IntervalSnapshot s) {
    return "[ "
        + s.seconds()
        + "s ] thds: "
        + s.threads()
        + " tps: "
        + rate(s.tps())
        + " qps: "
        + rate(s.qps())
        + " (r/w/o: "
        + rate(s.readsPerSecond())
        + "/"
        + rate(s.writesPerSecond())
        + "/"
        + rate(s.othersPerSecond())
        + ") lat (ms,"
        + CFormat.percentileLabel(s.percentile())
        + "%): "
        + rate(s.latencyMillis())
        + " err/s "
        + rate(s.errorsPerSecond())
        + " reconn/s: "
        + rate(s.reconnectsPerSecond());
  }

  /** The CSV form, without a line terminator. */
  public static String csv(IntervalSnapshot s) {
    return String.join(
        ",",
        Long.toString(s.seconds()),
        Integer.toString(s.threads()),
        rate(s.tps()),
        rate(s.qps()),
        rate(s.readsPerSecond()),
        rate(s.writesPerSecond()),
        rate(s.othersPerSecond()),
        rate(s.latencyMillis()),
        rate(s.errorsPerSecond()),
        rate(s.reconnectsPerSecond()));
  }

  /** {@code %4.2f}. */
  private static String rate(double value) {
    return CFormat.fixed(value, 4, 2);
  }
}
