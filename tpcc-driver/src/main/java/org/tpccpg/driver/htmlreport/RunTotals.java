package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The whole-run figures of one run that a sweep table shows, from its {@code summary.json}: tps,
 * p95 and average latency over all kinds, and the run's elapsed seconds (NaN where the summary has
 * null or nothing).
 */
public record RunTotals(double tps, double p95Ms, double avgMs, double elapsedS) {
  /** Figures of a summary with tps and p95 only. */
  public RunTotals(double tps, double p95Ms) {
    this(tps, p95Ms, Double.NaN, Double.NaN);
  }

  /**
   * Reads {@code summary.json} of a results directory.
   *
   * @throws IOException in one line naming the file when it is absent or not a run's summary
   */
  public static RunTotals read(Path directory) throws IOException {
    Map<String, Object> summary = SummaryFile.read(directory);
    Map<String, Object> totals = SummaryFile.object(summary, "totals", directory);
    Map<String, Object> latency = SummaryFile.object(totals, "latency", directory);
    return new RunTotals(
        number(totals.get("tps")),
        number(latency.get("p95_ms")),
        number(latency.get("avg_ms")),
        number(totals.get("elapsed_s")));
  }

  private static double number(Object value) {
    return value instanceof Double d ? d : Double.NaN;
  }
}
