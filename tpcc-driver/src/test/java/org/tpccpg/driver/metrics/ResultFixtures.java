package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;

/** Builds the records of the result model for the renderers' tests, from figures chosen there. */
public final class ResultFixtures {
  /** The labels of every TPC-C kind, Purge included, by ordinal. */
  public static final List<String> TPCC_KINDS =
      Arrays.stream(TransactionType.values()).map(TransactionType::label).toList();

  private ResultFixtures() {}

  /** TPC-C outcomes of one kind: commits, rollbacks on purpose, failed tries. */
  public static KindTotals outcomes(long commits, long rollbacks, long errors) {
    return new KindTotals(
        commits + rollbacks, rollbacks, 0, 0, 0, 0, 0, errors, 0, 0, 0, 0, 0, 0, 0);
  }

  /** No failed tries of any cause. */
  public static Map<FailureCause, Long> noFailures() {
    Map<FailureCause, Long> causes = new EnumMap<>(FailureCause.class);
    for (FailureCause cause : FailureCause.values()) {
      causes.put(cause, 0L);
    }
    return causes;
  }

  /** An empty histogram per kind. */
  public static List<Histogram> emptyHistograms(int kinds) {
    List<Histogram> histograms = new ArrayList<>();
    for (int i = 0; i < kinds; i++) {
      histograms.add(new Histogram(KindLatencies.SIGNIFICANT_DIGITS));
    }
    return histograms;
  }

  /** A run that ran its course, without outages, and connected in no time. */
  public static RunResult result(
      List<String> kinds,
      double seconds,
      CounterTotals total,
      List<KindTotals> perKind,
      List<ThreadTotals> threads,
      List<Histogram> latencies) {
    return new RunResult(
        kinds,
        seconds,
        0,
        new CounterSnapshot(total, perKind, noFailures(), threads),
        latencies,
        List.of(),
        RunResult.Ending.COMPLETED);
  }
}
