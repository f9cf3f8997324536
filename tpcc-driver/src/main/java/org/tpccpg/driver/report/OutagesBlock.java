package org.tpccpg.driver.report;

import java.util.List;
import java.util.Locale;
import org.tpccpg.driver.metrics.OutageTracker;

/** The block after {@code tpcc run}'s summary: one line per outage, or a line saying none. */
public final class OutagesBlock {
  private OutagesBlock() {}

  public static String render(List<OutageTracker.Outage> outages) {
    if (outages.isEmpty()) {
      return "Outages: none\n";
    }
    StringBuilder text =
        new StringBuilder(
                "Outages (connections lost, or no transaction ended; seconds since start):\n")
            .append("    start (s)  duration (s)  workers  back to 90% after (s)\n");
    for (OutageTracker.Outage outage : outages) {
      text.append(
          String.format(
              Locale.ROOT,
              "    %9.1f  %12.1f  %7d  %s%n",
              outage.start(),
              outage.duration(),
              outage.clients(),
              outage.recoveredAfter() < 0
                  ? "not within the run"
                  : String.format(Locale.ROOT, "%.1f", outage.recoveredAfter())));
    }
    return text.toString();
  }
}
