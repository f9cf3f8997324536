package org.tpccpg.driver.merge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.SavedHistograms;
import org.tpccpg.driver.results.SavedIntervals;
import org.tpccpg.driver.results.SavedSummary;

/**
 * One driver's results directory, read whole for {@code merge}: {@code summary.json}, every line of
 * {@code intervals.jsonl} and every interval histogram of each kind's {@code .hlog} (the n-th
 * histogram of a log belongs to the n-th line, as the run writes them together).
 *
 * @param directory the results directory
 * @param summary {@code summary.json} as plain values ({@link SavedSummary#members}): merge carries
 *     every member into its own
 * @param intervals the lines of {@code intervals.jsonl}, in order ({@link SavedIntervals#members})
 * @param histograms per kind, its interval histograms in microseconds, one per line
 */
record DriverResult(
    Path directory,
    Map<String, Object> summary,
    List<Map<String, Object>> intervals,
    Map<String, List<Histogram>> histograms) {

  /**
   * Reads a results directory.
   *
   * @throws IOException naming the file that is missing or not what a run writes
   */
  static DriverResult read(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      throw new IOException(
          directory
              + (Files.exists(directory) ? " is a file" : " does not exist")
              + ": not a results directory (tpcc run --results=DIR)");
    }
    Path summaryFile = directory.resolve(ResultsFiles.SUMMARY);
    if (!Files.exists(summaryFile)) {
      throw new IOException(
          summaryFile + " does not exist: not a finished run's results directory");
    }
    SavedSummary saved = SavedSummary.read(directory);
    Map<String, Object> summary = saved.members();
    List<Map<String, Object>> intervals = SavedIntervals.members(directory);
    Map<String, List<Histogram>> histograms = new LinkedHashMap<>();
    for (String kind : saved.kindNames()) {
      histograms.put(kind, hlog(directory, kind, intervals.size()));
    }
    return new DriverResult(directory, summary, intervals, histograms);
  }

  /** Every interval histogram of a kind's log, one per line of intervals.jsonl. */
  private static List<Histogram> hlog(Path directory, String kind, int lines) throws IOException {
    List<Histogram> list = new ArrayList<>();
    try (SavedHistograms log = SavedHistograms.open(directory, kind)) {
      for (Histogram h = log.next(); h != null; h = log.next()) {
        list.add(h);
      }
      log.requireCount(lines);
    }
    return list;
  }

  /** {@code summary.json}'s {@code workload}. */
  String workload() throws IOException {
    return Values.string(summary, "workload", summaryFile());
  }

  /** The kinds, in file order. */
  List<String> kinds() {
    return List.copyOf(histograms.keySet());
  }

  Map<String, Object> options() throws IOException {
    return Values.object(summary, "options", summaryFile());
  }

  Map<String, Object> config() throws IOException {
    return Values.object(summary, "config", summaryFile());
  }

  Map<String, Object> totals() throws IOException {
    return Values.object(summary, "totals", summaryFile());
  }

  /** The home warehouses the driver ran on, {@code FROM-TO}; the whole set for a plain run. */
  String warehouses() throws IOException {
    Object range = config().get("home_warehouses");
    if (range instanceof String s) {
      return s;
    }
    return "1-" + Values.integer(config(), "scale", summaryFile());
  }

  Instant started() throws IOException {
    return instant(summary.get("started"), "started");
  }

  /** When interval {@code index} ended, by the wall clock. */
  Instant intervalEnd(int index) throws IOException {
    return instant(intervals.get(index).get("time"), "time of interval " + (index + 1));
  }

  /** The length of interval {@code index} in seconds. */
  double intervalSeconds(int index) {
    return Values.number(intervals.get(index).get("interval_s"));
  }

  private Instant instant(Object value, String what) throws IOException {
    if (value instanceof String s) {
      try {
        return Instant.parse(s);
      } catch (DateTimeParseException e) {
        throw new IOException(directory + ": " + what + " is not a time: " + s, e);
      }
    }
    throw new IOException(directory + ": no " + what);
  }

  Path summaryFile() {
    return directory.resolve(ResultsFiles.SUMMARY);
  }
}
