package org.tpccpg.driver.report;

import java.util.List;
import java.util.Locale;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.Stability;

/**
 * The text summary's stability lines, printed after the outages by every workload's summary: the
 * spread over the stability windows and their trend (the least-squares drift times the time the
 * windows cover: a drift per day, as summary.json has it, is an extrapolation a short run cannot
 * carry), then "no dip" or a line per dip. Left out of runs shorter than {@value #MIN_SECONDS} s
 * measured, whose windows are seconds long and whose lines would only repeat the interval lines
 * (summary.json has them from 3 windows).
 */
public final class StabilityLines {
  static final double MIN_SECONDS = 300;
  private static final int MAX_DIP_LINES = 10;

  private StabilityLines() {}

  /**
   * The lines, each ending in a line break; empty for a short run. A dip's line ends with what
   * {@code causes} names for it ({@code ; server: a requested checkpoint (...)}), or {@code ; no
   * server cause found} when the run had server statistics and nothing stood out.
   */
  public static String render(Stability s, double measuredSeconds, DipCauses causes) {
    if (!s.measured() || measuredSeconds < MIN_SECONDS) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "stability: %d windows of %s: tps cv %s, lowest window %s of the median, highest p99"
                + " %s times the median; trend over the run tps %s, p99 %s; ",
            s.windows().size(),
            duration(s.windowSeconds()),
            percent(s.tpsCv() * 100),
            CFormat.fixed(s.worstTpsToMedian(), 2),
            CFormat.fixed(s.worstP99ToMedian(), 2),
            signedPercent(s.overTheRun(s.tpsDriftPercentPerDay())),
            signedPercent(s.overTheRun(s.p99DriftPercentPerDay()))));
    if (s.dips().isEmpty()) {
      return out.append("no dip\n").toString();
    }
    out.append(s.dips().size())
        .append(s.dips().size() == 1 ? " dip" : " dips")
        .append(" (a window's tps more than ")
        .append(Stability.DIP_PERCENT)
        .append("% below the median of the ")
        .append(Stability.BASELINE_WINDOWS)
        .append(" before it)\n");
    s.dips().stream().limit(MAX_DIP_LINES).forEach(dip -> out.append(dipLine(dip, causes)));
    if (s.dips().size() > MAX_DIP_LINES) {
      out.append("    ... and ")
          .append(s.dips().size() - MAX_DIP_LINES)
          .append(" more in summary.json\n");
    }
    return out.toString();
  }

  private static String dipLine(Stability.Dip dip, DipCauses causes) {
    List<String> named = causes.of(dip);
    String server =
        causes == DipCauses.NONE
            ? ""
            : named.isEmpty() ? "; no server cause found" : "; server: " + String.join(", ", named);
    return String.format(
        Locale.ROOT,
        "    dip at %s for %s: down to %s tps, %s below %s%s%n",
        duration(dip.startSeconds()),
        duration(dip.seconds()),
        CFormat.fixed(dip.lowestTps(), 1),
        percent(dip.depthPercent()),
        CFormat.fixed(dip.baselineTps(), 1),
        server);
  }

  private static String percent(double value) {
    return Double.isNaN(value) ? "n/a" : CFormat.fixed(value, 1) + "%";
  }

  private static String signedPercent(double value) {
    return Double.isNaN(value) ? "n/a" : (value >= 0 ? "+" : "") + CFormat.fixed(value, 1) + "%";
  }

  /** {@code 45s}, {@code 8m32s}, {@code 3h10m00s}. */
  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s % 3600 / 60, s % 60);
  }
}
