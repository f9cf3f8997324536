package org.tpccpg.driver.tpcb;

import java.util.List;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.report.CFormat;

/**
 * The line after pgbench's block when connections were lost, which pgbench lacks since it aborts
 * the client: {@code reconnects = 5, outages = 2: at 4.1 s for 0.3 s (1 client, back to 90 % tps
 * after 1.2 s), at 9.8 s for 3.5 s (4 clients, back to 90 % tps after 5.1 s)}.
 */
final class FaultLine {
  private FaultLine() {}

  static String render(long reconnects, List<OutageTracker.Outage> outages) {
    StringBuilder line =
        new StringBuilder("reconnects = ")
            .append(reconnects)
            .append(", outages = ")
            .append(outages.size());
    String separator = ": ";
    for (OutageTracker.Outage outage : outages) {
      line.append(separator)
          .append("at ")
          .append(CFormat.fixed(outage.start(), 1))
          .append(" s for ")
          .append(CFormat.fixed(outage.duration(), 1))
          .append(" s (")
          .append(outage.clients())
          .append(outage.clients() == 1 ? " client" : " clients")
          .append(", back to 90 % tps ")
          .append(
              outage.recoveredAfter() < 0
                  ? "not within the run"
                  : "after " + CFormat.fixed(outage.recoveredAfter(), 1) + " s")
          .append(')');
      separator = ", ";
    }
    return line.toString();
  }
}
