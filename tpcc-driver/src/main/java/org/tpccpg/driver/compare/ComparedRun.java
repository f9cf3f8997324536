package org.tpccpg.driver.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.SavedIntervals;
import org.tpccpg.driver.results.SavedSummary;

/**
 * One run's figures as {@code compare} needs them, read from its results directory: per metric the
 * whole run's value from {@code summary.json} and, where {@code intervals.jsonl} has one, the
 * metric's value in each interval (NaN where an interval has none).
 *
 * @param directory the results directory
 * @param workload {@code summary.json}'s {@code workload}: {@code tpcc} or {@code tpcb}
 * @param kinds the transaction kinds (or pgbench scripts), in file order
 * @param values per metric the whole run's value; NaN where the summary has null
 * @param series per metric the per-interval values; empty when there is no intervals file
 * @param identity the SHA-256 of {@code summary.json}: two directories with the same identity are
 *     copies of one run (every run's summary differs, if only in its start and end times)
 * @param activity the server's checkpoints and WAL during the run, context beside the metrics
 * @param server the server's version and recorded settings ({@link ServerDifferences#of})
 */
public record ComparedRun(
    Path directory,
    String identity,
    String workload,
    List<String> kinds,
    Map<Metric, Double> values,
    Map<Metric, List<Double>> series,
    SavedSummary.Activity activity,
    Map<String, String> server) {

  public ComparedRun {
    kinds = List.copyOf(kinds);
    values = Map.copyOf(values);
    series = Map.copyOf(series);
    server = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(server));
  }

  /**
   * The metrics a run of these kinds is compared on, in the order they are shown. A run of one kind
   * (a single pgbench script) has no row for its kind: its p95 is the run's.
   */
  static List<Metric> metrics(List<String> kinds) {
    List<Metric> metrics = new ArrayList<>(List.of(Metric.TPS, Metric.P95, Metric.P99));
    if (kinds.size() > 1) {
      kinds.forEach(kind -> metrics.add(Metric.kindP95(kind)));
    }
    return metrics;
  }

  /**
   * Reads {@code summary.json} and, when present, {@code intervals.jsonl} of a directory.
   *
   * @throws IOException naming the file when one cannot be read or is not what a run writes
   */
  public static ComparedRun read(Path directory) throws IOException {
    SavedSummary summary = SavedSummary.read(directory);
    List<String> kinds = summary.kindNames();
    Map<Metric, Double> values = new LinkedHashMap<>();
    values.put(Metric.TPS, summary.totals().tps());
    values.put(Metric.P95, summary.totals().latency().p95Ms());
    values.put(Metric.P99, summary.totals().latency().p99Ms());
    summary
        .kinds()
        .forEach(kind -> values.put(Metric.kindP95(kind.name()), kind.latency().p95Ms()));
    Map<Metric, List<Double>> series = new LinkedHashMap<>();
    if (Files.isRegularFile(directory.resolve(ResultsFiles.INTERVALS))) {
      series.putAll(series(directory, kinds));
      if (kinds.size() > 1) {
        HlogSeries.addOverall(directory, kinds, series.get(Metric.TPS).size(), series);
      }
    }
    return new ComparedRun(
        directory,
        summary.sha256(),
        summary.workload(),
        kinds,
        values,
        series,
        summary.activity(),
        ServerDifferences.of(summary.server()));
  }

  /**
   * Per metric its values in each interval. The intervals hold latency percentiles per kind only,
   * so the run's p95 and p99 have a series here only when the run has one kind (then they are its);
   * with more, they come from the kinds' HdrHistogram logs ({@link HlogSeries}).
   */
  private static Map<Metric, List<Double>> series(Path directory, List<String> kinds)
      throws IOException {
    Map<Metric, List<Double>> series = new LinkedHashMap<>();
    List<Metric> metrics = new ArrayList<>(List.of(Metric.TPS));
    if (kinds.size() == 1) {
      metrics.addAll(List.of(Metric.P95, Metric.P99));
    }
    kinds.forEach(kind -> metrics.add(Metric.kindP95(kind)));
    metrics.forEach(metric -> series.put(metric, new ArrayList<>()));
    // One interval at a time: a week of 1 s intervals is 604,800 lines, too many to hold.
    try (SavedIntervals intervals = SavedIntervals.open(directory)) {
      int number = 0;
      for (SavedIntervals.Interval interval = intervals.next();
          interval != null;
          interval = intervals.next()) {
        number++;
        add(interval, number, kinds, series, directory);
      }
    }
    return series;
  }

  private static void add(
      SavedIntervals.Interval interval,
      int number,
      List<String> kinds,
      Map<Metric, List<Double>> series,
      Path directory)
      throws IOException {
    series.get(Metric.TPS).add(interval.tps());
    for (String kind : kinds) {
      Map<String, Double> k = interval.kinds().get(kind);
      if (k == null) {
        throw new IOException(
            directory.resolve(ResultsFiles.INTERVALS)
                + " line "
                + number
                + " has no kinds."
                + kind
                + ": it is not a run's results file");
      }
      double p95 = k.getOrDefault("p95_ms", Double.NaN);
      series.get(Metric.kindP95(kind)).add(p95);
      if (kinds.size() == 1) {
        series.get(Metric.P95).add(p95);
        series.get(Metric.P99).add(k.getOrDefault("p99_ms", Double.NaN));
      }
    }
  }
}
