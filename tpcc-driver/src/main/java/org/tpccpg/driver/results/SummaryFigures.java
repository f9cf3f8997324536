package org.tpccpg.driver.results;

import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.Fairness;
import org.tpccpg.driver.metrics.KindTotals;

/**
 * {@code summary.json}'s opening members, {@code totals} and per-kind figures, whoever worked them
 * out: a run from its clients' counters, {@code merge} from its drivers' summaries. {@link
 * SummaryJson} writes them for both, so the two summaries cannot drift apart member by member. Does
 * not compute anything.
 */
public final class SummaryFigures {
  private SummaryFigures() {}

  /**
   * How the run went, the members {@code summary.json} opens with.
   *
   * @param workload {@code tpcc} or {@code tpcb}
   * @param aborted whether a client ended the run by failing
   * @param error the error that ended the run, or null
   */
  public record Head(
      String workload,
      Instant started,
      Instant ended,
      boolean stoppedEarly,
      boolean aborted,
      long clientsAborted,
      String error) {}

  /** pgbench's failure, retry and skip counters, of one kind or of all kinds. */
  public record Failures(
      long failed,
      long serializationFailures,
      long deadlockFailures,
      long retried,
      long retries,
      long skipped,
      long late) {
    public static Failures of(KindTotals k) {
      return new Failures(
          k.failed(),
          k.serializationFailures(),
          k.deadlockFailures(),
          k.retried(),
          k.retries(),
          k.skipped(),
          k.late());
    }
  }

  /**
   * One kind's figures.
   *
   * @param errors the failed tries, retried or not
   * @param latency whole microseconds
   */
  public record Kind(
      long completed,
      long commits,
      long rollbacks,
      long errors,
      double tps,
      Failures failures,
      Histogram latency) {}

  /**
   * The run's totals.
   *
   * @param failedTriesByCause per cause (lower case) its failed tries, in order
   * @param latencySumMillis exact, as sysbench's "sum" and "avg" lines print it (the histograms
   *     round to 3 digits)
   * @param fairness sysbench's threads fairness, or null to leave it out
   * @param workloadCounts the workload's own counts (TPC-C's delivered and skipped districts), in
   *     order; empty for none
   * @param latency every kind's latencies, whole microseconds
   */
  public record Totals(
      long clients,
      double elapsedSeconds,
      double connectionMillis,
      long transactions,
      double tps,
      long queries,
      double qps,
      long reads,
      long writes,
      long others,
      long errors,
      long reconnects,
      Failures failures,
      Map<String, Long> failedTriesByCause,
      double latencySumMillis,
      Fairness fairness,
      double latencyStddevMillis,
      double lagAvgMillis,
      double lagMaxMillis,
      Map<String, Long> workloadCounts,
      Histogram latency) {}
}
