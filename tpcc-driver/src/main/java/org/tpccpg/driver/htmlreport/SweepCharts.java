package org.tpccpg.driver.htmlreport;

import java.util.List;

/** A sweep table drawn: median tps and median p95 against clients, a line per target. */
final class SweepCharts {
  private SweepCharts() {}

  static List<Chart> of(SweepTable table) {
    double[] x = table.clients().stream().mapToDouble(Integer::doubleValue).toArray();
    Chart tps = new Chart("tps against clients", "tps", Chart.Axis.CLIENTS, x);
    Chart p95 =
        new Chart("p95 latency against clients", "ms (log scale)", Chart.Axis.CLIENTS, x).logY();
    for (String target : table.targets()) {
      tps.line(target, medians(table, target, true));
      p95.line(target, medians(table, target, false));
    }
    return List.of(tps, p95);
  }

  private static double[] medians(SweepTable table, String target, boolean tps) {
    return table.clients().stream()
        .mapToDouble(c -> (tps ? table.tps(c, target) : table.p95Ms(c, target)).median())
        .toArray();
  }
}
