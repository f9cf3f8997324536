package org.tpccpg.driver.compare;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * A comparison as a fixed-width table, one row per metric: its name, which way is better, A's and
 * B's medians, the change, its 95 % confidence interval, the p-value, and the verdict of {@link
 * Comparison#verdict}; then the comparison's notes (copies of a run), a line each.
 */
public final class ComparisonTable {
  private ComparisonTable() {}

  public static void write(Comparison comparison, PrintWriter out) {
    out.println(
        "compare "
            + comparison.workload()
            + ": A = "
            + side(comparison.a())
            + ", B = "
            + side(comparison.b()));
    out.println(
        comparison.overRuns()
            ? "samples: one value per run; Welch's t-test"
            : "samples: batch means of each run's intervals (one run on a side); Welch's t-test");
    int width = "metric".length();
    for (Comparison.Row row : comparison.rows()) {
      width = Math.max(width, row.metric().name().length());
    }
    String format = "%-" + width + "s  %-6s  %10s  %10s  %8s  %-20s  %7s  %5s  %s%n";
    out.printf(
        Locale.ROOT, format, "metric", "better", "A", "B", "change", "95% CI", "p", "n A/B", "");
    for (Comparison.Row row : comparison.rows()) {
      Difference d = row.difference();
      out.printf(
          Locale.ROOT,
          format,
          row.metric().name(),
          row.metric().better(),
          value(d.medianA()),
          value(d.medianB()),
          percent(d.changePercent()),
          interval(d),
          p(d.p()),
          row.samplesA() + "/" + row.samplesB(),
          comparison.verdict(row));
    }
    out.println(
        "~ not significant at p < 0.05"
            + (comparison.minChangePercent() > 0
                ? ", or a change under " + plain(comparison.minChangePercent()) + "%"
                : "")
            + "; better/worse: B against A, significant; n: samples tested");
    comparison.notes().forEach(note -> out.println("note: " + note));
    out.flush();
  }

  /** A percentage as the user gave it: 1 not 1.0, 0.5 as 0.5. */
  public static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  private static String side(RunGroup side) {
    int runs = side.runs().size();
    int distinct = side.distinct().runs().size();
    return side.path()
        + " ("
        + runs
        + (runs == 1 ? " run" : " runs")
        + (distinct == runs ? ")" : ", " + distinct + " distinct)");
  }

  private static String value(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    double magnitude = Math.abs(v);
    String format = magnitude >= 100 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, format, v);
  }

  private static String p(double p) {
    if (Double.isNaN(p)) {
      return "n/a";
    }
    return p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
  }

  private static String percent(double v) {
    return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", v);
  }

  private static String interval(Difference d) {
    if (!Double.isFinite(d.ciLowPercent()) || !Double.isFinite(d.ciHighPercent())) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "[%+.1f%%, %+.1f%%]", d.ciLowPercent(), d.ciHighPercent());
  }
}
