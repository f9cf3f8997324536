package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.results.SavedHistograms;

/**
 * Each kind's latency distribution over the whole run, as a percentile curve: the kind's {@code
 * <kind>.hlog} (one histogram per interval, microseconds) added up, read one interval at a time,
 * then its latency at fixed percentiles from 0 to 99.999. The same levels for every kind, so their
 * curves share one axis.
 */
final class LatencyCurves {
  /** The percentile levels of the curves; finer towards the tail, where latencies differ. */
  static final double[] LEVELS = {
    0, 10, 25, 50, 75, 90, 95, 98, 99, 99.5, 99.9, 99.95, 99.99, 99.999
  };

  private LatencyCurves() {}

  /**
   * Per kind that has a log with values, its latency in milliseconds at each of {@link #LEVELS};
   * kinds without a log (or with nothing recorded) are left out.
   */
  static Map<String, double[]> read(Path directory, List<String> kinds) throws IOException {
    Map<String, double[]> curves = new LinkedHashMap<>();
    for (String kind : kinds) {
      if (!SavedHistograms.exists(directory, kind)) {
        continue;
      }
      Histogram total = total(directory, kind);
      if (total != null && total.getTotalCount() > 0) {
        double[] values = new double[LEVELS.length];
        for (int i = 0; i < LEVELS.length; i++) {
          values[i] = total.getValueAtPercentile(LEVELS[i]) / 1e3;
        }
        curves.put(kind, values);
      }
    }
    return curves;
  }

  /** The x of a level on the chart's log axis: 1 / (1 - p), so 90, 99, 99.9 are evenly spaced. */
  static double x(double level) {
    return 1 / (1 - level / 100);
  }

  private static Histogram total(Path directory, String kind) throws IOException {
    try (SavedHistograms log = SavedHistograms.open(directory, kind)) {
      Histogram total = null;
      for (Histogram h = log.next(); h != null; h = log.next()) {
        if (total == null) {
          // auto-resizing: a later interval may hold a longer latency than the first
          total = new Histogram(h.getNumberOfSignificantValueDigits());
        }
        total.add(h);
      }
      return total;
    }
  }
}
