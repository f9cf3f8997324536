package org.tpccpg.driver.compare;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * B against A, metric by metric. With at least two runs on each side the samples are the runs'
 * whole-run values; otherwise they are the batch means of the runs' interval values (see {@link
 * BatchMeans} and docs/compare.md for why not the intervals themselves). Copies of a run (the same
 * {@code summary.json}) are one run: a side's copies count once, and a run on both sides leaves
 * nothing to test, as its samples would be the same numbers twice, not independent ones.
 *
 * @param a the first side, the baseline
 * @param b the second side
 * @param workload {@code tpcc} or {@code tpcb}
 * @param overRuns true when the samples are runs, false when they are batch means
 * @param rows one per metric, in the order of {@link ComparedRun#metrics}
 * @param minChangePercent the smallest change, in percent of A, that a verdict calls better or
 *     worse: a significant change below it is shown {@code ~}
 * @param notes one line each on copies of a run found, and counted once or not tested, and the
 *     server's checkpoints and WAL on each side ({@link ServerActivity}), and how the servers
 *     differ in version and settings ({@link ServerDifferences})
 */
public record Comparison(
    RunGroup a,
    RunGroup b,
    String workload,
    boolean overRuns,
    List<Row> rows,
    double minChangePercent,
    List<String> notes) {
  /**
   * The default of {@code --min-change}: a change under a percent, however significant (a
   * fixed-rate run's tps has almost no spread, so the test finds even 0.2 %), is smaller than the
   * run-to-run differences measured in docs/compare.md, and no answer to "which is faster".
   */
  public static final double DEFAULT_MIN_CHANGE_PERCENT = 1.0;

  public Comparison {
    rows = List.copyOf(rows);
    notes = List.copyOf(notes);
    if (!(minChangePercent >= 0)) {
      throw new IllegalArgumentException("min change must be >= 0 but was " + minChangePercent);
    }
  }

  /**
   * One metric's figures.
   *
   * @param metric the metric
   * @param difference how B differs from A on it
   * @param samplesA the number of samples A's side of the test had
   * @param samplesB the same for B
   */
  public record Row(Metric metric, Difference difference, int samplesA, int samplesB) {}

  /**
   * Compares two sides of runs of one workload with the same kinds.
   *
   * @throws IOException in one line when the runs are of different workloads or kinds
   */
  public static Comparison of(RunGroup a, RunGroup b) throws IOException {
    return of(a, b, DEFAULT_MIN_CHANGE_PERCENT);
  }

  /**
   * Compares two sides, calling a change better or worse only when significant and at least {@code
   * minChangePercent} of A.
   *
   * @throws IOException in one line when the runs are of different workloads or kinds
   */
  public static Comparison of(RunGroup a, RunGroup b, double minChangePercent) throws IOException {
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
    RunGroup distinctA = a.distinct();
    RunGroup distinctB = b.distinct();
    List<String> notes = new ArrayList<>(a.copies());
    notes.addAll(b.copies());
    List<String> shared = shared(distinctA, distinctB);
    notes.addAll(shared);
    ServerActivity.note(a, b).ifPresent(notes::add);
    ServerDifferences.note(a, b).ifPresent(notes::add);
    boolean overRuns = distinctA.runs().size() >= 2 && distinctB.runs().size() >= 2;
    List<Row> rows = new ArrayList<>();
    for (Metric metric : ComparedRun.metrics(first.kinds())) {
      double[] sampleA = sample(distinctA, metric, overRuns, shared.isEmpty());
      double[] sampleB = sample(distinctB, metric, overRuns, shared.isEmpty());
      Difference difference =
          Difference.of(distinctA.values(metric), distinctB.values(metric), sampleA, sampleB);
      rows.add(new Row(metric, difference, sampleA.length, sampleB.length));
    }
    return new Comparison(a, b, first.workload(), overRuns, rows, minChangePercent, notes);
  }

  /** A side's sample of a metric; none when a run is on both sides (nothing independent). */
  private static double[] sample(
      RunGroup side, Metric metric, boolean overRuns, boolean independent) {
    if (!independent) {
      return new double[0];
    }
    return overRuns ? side.values(metric) : side.batchMeans(metric);
  }

  /** A line per run that is on both sides (copies of one run count as the same). */
  private static List<String> shared(RunGroup a, RunGroup b) {
    List<String> lines = new ArrayList<>();
    for (ComparedRun runA : a.runs()) {
      for (ComparedRun runB : b.runs()) {
        if (runA.identity().equals(runB.identity())) {
          lines.add(
              "A's "
                  + runA.directory()
                  + " and B's "
                  + runB.directory()
                  + " are the same run (the same summary.json): not tested, the samples would"
                  + " not be independent");
        }
      }
    }
    return lines;
  }

  /**
   * {@code ~}, {@code better} or {@code worse} (for B): {@code ~} when not significant (or there
   * was no test) or when the change is below {@link #minChangePercent}.
   */
  public String verdict(Row row) {
    Difference d = row.difference();
    if (!d.significant() || Math.abs(d.changePercent()) < minChangePercent) {
      return "~";
    }
    return d.worse(row.metric().higherIsBetter()) ? "worse" : "better";
  }

  /**
   * The rows of tps and p95, the ones {@code --fail-if-worse} gates, that have no test (no p): too
   * few independent samples, as when a run is on both sides or a side has no intervals of it.
   */
  public List<Row> untested() {
    return rows.stream()
        .filter(row -> row.metric().equals(Metric.TPS) || row.metric().equals(Metric.P95))
        .filter(row -> Double.isNaN(row.difference().p()))
        .toList();
  }

  /**
   * The rows, of tps and p95, whose verdict is {@code worse} by more than {@code percent}: the
   * table and the CI gate never disagree.
   */
  public List<Row> worseBy(double percent) {
    return rows.stream()
        .filter(row -> row.metric().equals(Metric.TPS) || row.metric().equals(Metric.P95))
        .filter(row -> verdict(row).equals("worse"))
        .filter(row -> Math.abs(row.difference().changePercent()) > percent)
        .toList();
  }
}
