package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.nio.file.Path;
import org.tpccpg.driver.results.SavedSummary;

/**
 * The whole-run figures of one run that a sweep table shows, from its {@code summary.json}: its
 * workload, tps, a TPC-C run's tpmC, p95 and average latency over all kinds, the run's elapsed
 * seconds, and the server's checkpoints and WAL over it (NaN where the summary has null or
 * nothing).
 *
 * @param workload the summary's {@code workload}, {@code tpcb} or {@code tpcc}; null when unknown
 * @param tpmC the summary's {@code tpmC}: TPC-C runs only, NaN for others
 * @param checkpoints {@code server_activity.checkpoints}: NaN without server statistics
 * @param walBytes {@code server_activity.wal_bytes}: NaN without server statistics
 * @param connectionMs {@code totals.connection_ms}: pgbench's average connection time with {@code
 *     -C}, its initial connection time without
 */
public record RunTotals(
    String workload,
    double tps,
    double tpmC,
    double p95Ms,
    double avgMs,
    double elapsedS,
    double checkpoints,
    double walBytes,
    double connectionMs) {
  /** Figures without the server's activity and the connection time. */
  public RunTotals(
      String workload, double tps, double tpmC, double p95Ms, double avgMs, double elapsedS) {
    this(workload, tps, tpmC, p95Ms, avgMs, elapsedS, Double.NaN, Double.NaN, Double.NaN);
  }

  /** Figures of a summary of unknown workload, without tpmC. */
  public RunTotals(double tps, double p95Ms, double avgMs, double elapsedS) {
    this(null, tps, Double.NaN, p95Ms, avgMs, elapsedS);
  }

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
    SavedSummary summary = SavedSummary.read(directory);
    SavedSummary.Totals totals = summary.totals();
    return new RunTotals(
        summary.workload(),
        totals.tps(),
        summary.tpmC(),
        totals.latency().p95Ms(),
        totals.latency().avgMs(),
        totals.elapsedS(),
        summary.activity().checkpoints(),
        summary.activity().walBytes(),
        totals.connectionMs());
  }
}
