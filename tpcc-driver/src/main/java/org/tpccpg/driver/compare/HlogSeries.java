package org.tpccpg.driver.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.results.SavedHistograms;

/**
 * A run's p95 and p99 over all kinds, interval by interval, from the kinds' HdrHistogram logs
 * ({@code <kind>.hlog}, one histogram per interval in microseconds): {@code intervals.jsonl} has
 * percentiles per kind only, and percentiles of kinds cannot be combined, but their histograms can.
 * The logs hold one histogram per kind for every interval, so the n-th of each log belong together.
 */
final class HlogSeries {
  private HlogSeries() {}

  /**
   * Adds the run's {@link Metric#P95} and {@link Metric#P99} series, in milliseconds (NaN for an
   * interval in which nothing completed), when every kind has its log; else adds nothing.
   *
   * @param intervals the lines of the run's {@code intervals.jsonl}: each log must hold as many
   *     histograms, or the series would not line up with the others
   * @throws IOException naming a log that cannot be read or holds another count
   */
  static void addOverall(
      Path directory, List<String> kinds, int intervals, Map<Metric, List<Double>> series)
      throws IOException {
    if (!kinds.stream().allMatch(kind -> SavedHistograms.exists(directory, kind))) {
      return;
    }
    List<SavedHistograms> logs = new ArrayList<>();
    List<Double> p95 = new ArrayList<>();
    List<Double> p99 = new ArrayList<>();
    try {
      for (String kind : kinds) {
        logs.add(SavedHistograms.open(directory, kind));
      }
      for (Histogram merged = next(logs); merged != null; merged = next(logs)) {
        boolean empty = merged.getTotalCount() == 0;
        p95.add(empty ? Double.NaN : merged.getValueAtPercentile(95) / 1e3);
        p99.add(empty ? Double.NaN : merged.getValueAtPercentile(99) / 1e3);
      }
      for (SavedHistograms log : logs) {
        while (log.next() != null) {
          // a longer log than the others: counted, so that requireCount names it
        }
        log.requireCount(intervals);
      }
    } finally {
      logs.forEach(SavedHistograms::close);
    }
    series.put(Metric.P95, p95);
    series.put(Metric.P99, p99);
  }

  /** The next interval's histograms of all kinds added up; null when a log has no more. */
  private static Histogram next(List<SavedHistograms> logs) throws IOException {
    Histogram merged = null;
    for (SavedHistograms log : logs) {
      Histogram histogram = log.next();
      if (histogram == null) {
        return null;
      }
      if (merged == null) {
        merged = histogram.copy();
      } else {
        merged.add(histogram);
      }
    }
    return merged;
  }
}
