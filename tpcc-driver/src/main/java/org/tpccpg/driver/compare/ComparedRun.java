package org.tpccpg.driver.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.JsonReader;

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
    ServerActivity activity,
    Map<String, String> server) {
  static final String SUMMARY = "summary.json";
  static final String INTERVALS = "intervals.jsonl";

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
    Path summaryFile = directory.resolve(SUMMARY);
    String text = readText(summaryFile);
    Map<String, Object> summary;
    try {
      summary = JsonReader.object(text);
    } catch (IOException e) {
      throw new IOException(summaryFile + ": " + e.getMessage(), e);
    }
    String workload = string(summary.get("workload"), summaryFile, "workload");
    Map<String, Object> kindsObject = object(summary.get("kinds"), summaryFile, "kinds");
    List<String> kinds = List.copyOf(kindsObject.keySet());
    Map<String, Object> totals = object(summary.get("totals"), summaryFile, "totals");
    Map<String, Object> latency = object(totals.get("latency"), summaryFile, "totals.latency");
    Map<Metric, Double> values = new LinkedHashMap<>();
    values.put(Metric.TPS, number(totals.get("tps")));
    values.put(Metric.P95, number(latency.get("p95_ms")));
    values.put(Metric.P99, number(latency.get("p99_ms")));
    for (String kind : kinds) {
      Map<String, Object> k = object(kindsObject.get(kind), summaryFile, "kinds." + kind);
      Map<String, Object> kindLatency =
          object(k.get("latency"), summaryFile, "kinds." + kind + ".latency");
      values.put(Metric.kindP95(kind), number(kindLatency.get("p95_ms")));
    }
    Path intervalsFile = directory.resolve(INTERVALS);
    Map<Metric, List<Double>> series = new LinkedHashMap<>();
    if (Files.isRegularFile(intervalsFile)) {
      series.putAll(series(intervalsFile, kinds));
      if (kinds.size() > 1) {
        HlogSeries.addOverall(directory, kinds, series);
      }
    }
    return new ComparedRun(
        directory,
        identity(text),
        workload,
        kinds,
        values,
        series,
        ServerActivity.of(summary),
        ServerDifferences.of(summary));
  }

  /**
   * Per metric its values in each interval. The intervals hold latency percentiles per kind only,
   * so the run's p95 and p99 have a series here only when the run has one kind (then they are its);
   * with more, they come from the kinds' HdrHistogram logs ({@link HlogSeries}).
   */
  private static Map<Metric, List<Double>> series(Path file, List<String> kinds)
      throws IOException {
    Map<Metric, List<Double>> series = new LinkedHashMap<>();
    List<Metric> metrics = new ArrayList<>(List.of(Metric.TPS));
    if (kinds.size() == 1) {
      metrics.addAll(List.of(Metric.P95, Metric.P99));
    }
    kinds.forEach(kind -> metrics.add(Metric.kindP95(kind)));
    metrics.forEach(metric -> series.put(metric, new ArrayList<>()));
    // Line by line: a week of 1 s intervals is 604,800 lines, too many to hold as text.
    try (BufferedReader reader = Files.newBufferedReader(file)) {
      int number = 0;
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        number++;
        if (!line.isBlank()) {
          interval(file, number, line, kinds, series);
        }
      }
    }
    return series;
  }

  private static void interval(
      Path file, int number, String line, List<String> kinds, Map<Metric, List<Double>> series)
      throws IOException {
    Map<String, Object> interval;
    try {
      interval = JsonReader.object(line);
    } catch (IOException e) {
      throw new IOException(file + " line " + number + ": " + e.getMessage(), e);
    }
    String where = "line " + number + " kinds";
    Map<String, Object> perKind = object(interval.get("kinds"), file, where);
    series.get(Metric.TPS).add(number(interval.get("tps")));
    for (String kind : kinds) {
      Map<String, Object> k = object(perKind.get(kind), file, where + "." + kind);
      series.get(Metric.kindP95(kind)).add(number(k.get("p95_ms")));
      if (kinds.size() == 1) {
        series.get(Metric.P95).add(number(k.get("p95_ms")));
        series.get(Metric.P99).add(number(k.get("p99_ms")));
      }
    }
  }

  private static String identity(String summaryText) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(summaryText.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  private static String readText(Path file) throws IOException {
    try {
      return Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new IOException(file + " does not exist", e);
    }
  }

  private static double number(Object value) {
    return value instanceof Double d ? d : Double.NaN;
  }

  private static String string(Object value, Path file, String member) throws IOException {
    if (value instanceof String s) {
      return s;
    }
    throw new IOException(file + " has no " + member + ": it is not a run's summary");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object value, Path file, String member)
      throws IOException {
    if (value instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    throw new IOException(file + " has no " + member + ": it is not a run's results file");
  }
}
