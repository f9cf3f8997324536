package org.tpccpg.driver.compare;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

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
   */
  static void addOverall(Path directory, List<String> kinds, Map<Metric, List<Double>> series)
      throws IOException {
    List<HistogramLogReader> readers = new ArrayList<>();
    for (String kind : kinds) {
      Path log = directory.resolve(kind + ".hlog");
      if (!Files.isRegularFile(log)) {
        return;
      }
      try {
        readers.add(new HistogramLogReader(log.toFile()));
      } catch (FileNotFoundException e) {
        throw new IOException(log + " cannot be read: " + e.getMessage(), e);
      }
    }
    List<Double> p95 = new ArrayList<>();
    List<Double> p99 = new ArrayList<>();
    try {
      for (Histogram merged = next(readers); merged != null; merged = next(readers)) {
        boolean empty = merged.getTotalCount() == 0;
        p95.add(empty ? Double.NaN : merged.getValueAtPercentile(95) / 1e3);
        p99.add(empty ? Double.NaN : merged.getValueAtPercentile(99) / 1e3);
      }
    } finally {
      readers.forEach(HistogramLogReader::close);
    }
    series.put(Metric.P95, p95);
    series.put(Metric.P99, p99);
  }

  /** The next interval's histograms of all kinds added up; null when a log has no more. */
  private static Histogram next(List<HistogramLogReader> readers) {
    Histogram merged = null;
    for (HistogramLogReader reader : readers) {
      EncodableHistogram next = reader.nextIntervalHistogram();
      if (!(next instanceof Histogram histogram)) {
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
