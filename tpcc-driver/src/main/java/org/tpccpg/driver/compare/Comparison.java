package org.tpccpg.driver.compare;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * B against A, metric by metric. With at least two runs on each side the samples are the runs'
 * whole-run values; otherwise they are the batch means of the runs' interval values (see {@link
 * BatchMeans} and docs/compare.md for why not the intervals themselves).
 *
 * @param a the first side, the baseline
 * @param b the second side
 * @param workload {@code tpcc} or {@code tpcb}
 * @param overRuns true when the samples are runs, false when they are batch means
 * @param rows one per metric, in the order of {@link ComparedRun#metrics}
 */
public record Comparison(
    RunGroup a, RunGroup b, String workload, boolean overRuns, List<Row> rows) {
  public Comparison {
    rows = List.copyOf(rows);
  }

  /**
   * One metric's figures.
   *
   * @param metric the metric
   * @param difference how B differs from A on it
   * @param samplesA the number of samples A's side of the test had
   * @param samplesB the same for B
   */
  public record Row(Metric metric, Difference difference, int samplesA, int samplesB) {
    /** Whether B is significantly worse than A by more than {@code percent}. */
    public boolean worseBy(double percent) {
      return difference.significant()
          && difference.worse(metric.higherIsBetter())
          && Math.abs(difference.changePercent()) > percent;
    }
  }

  /**
   * Compares two sides of runs of one workload with the same kinds.
   *
   * @throws IOException in one line when the runs are of different workloads or kinds
   */
  public static Comparison of(RunGroup a, RunGroup b) throws IOException {
    ComparedRun first = a.runs().get(0);
    for (RunGroup side : List.of(a, b)) {
      for (ComparedRun run : side.runs()) {
        if (!run.workload().equals(first.workload())) {
          throw new IOException(
              "cannot compare runs of different workloads: "
                  + first.directory()
                  + " is "
                  + first.workload()
                  + ", "
                  + run.directory()
                  + " is "
                  + run.workload());
        }
        if (!run.kinds().equals(first.kinds())) {
          throw new IOException(
              "cannot compare runs of different transaction kinds: "
                  + first.directory()
                  + " has "
                  + first.kinds()
                  + ", "
                  + run.directory()
                  + " has "
                  + run.kinds());
        }
      }
    }
    boolean overRuns = a.runs().size() >= 2 && b.runs().size() >= 2;
    List<Row> rows = new ArrayList<>();
    for (Metric metric : ComparedRun.metrics(first.kinds())) {
      double[] sampleA = overRuns ? a.values(metric) : a.batchMeans(metric);
      double[] sampleB = overRuns ? b.values(metric) : b.batchMeans(metric);
      Difference difference = Difference.of(a.values(metric), b.values(metric), sampleA, sampleB);
      rows.add(new Row(metric, difference, sampleA.length, sampleB.length));
    }
    return new Comparison(a, b, first.workload(), overRuns, rows);
  }

  /** The rows on which B is significantly worse than A by more than {@code percent}: tps, p95. */
  public List<Row> worseBy(double percent) {
    return rows.stream()
        .filter(row -> row.metric().equals(Metric.TPS) || row.metric().equals(Metric.P95))
        .filter(row -> row.worseBy(percent))
        .toList();
  }
}
