package org.tpccpg.driver.results;

import org.HdrHistogram.Histogram;

/** Latency figures of a microsecond histogram as JSON members, in milliseconds. */
public final class LatencyJson {
  private static final double[] PERCENTILES = {50, 90, 95, 99};
  private static final String[] NAMES = {"p50_ms", "p90_ms", "p95_ms", "p99_ms"};

  private LatencyJson() {}

  /**
   * Writes {@code count}, then {@code avg_ms} when asked, the percentiles and {@code max_ms}; the
   * latencies are null when the histogram is empty.
   */
  public static void members(JsonWriter json, Histogram micros, boolean withAverage) {
    long count = micros.getTotalCount();
    json.name("count").value(count);
    if (withAverage) {
      json.name("avg_ms");
      millis(json, count, micros.getMean());
    }
    for (int i = 0; i < PERCENTILES.length; i++) {
      json.name(NAMES[i]);
      millis(json, count, micros.getValueAtPercentile(PERCENTILES[i]));
    }
    json.name("max_ms");
    millis(json, count, micros.getMaxValue());
  }

  private static void millis(JsonWriter json, long count, double micros) {
    if (count == 0) {
      json.nullValue();
    } else {
      json.value(micros / 1e3);
    }
  }
}
