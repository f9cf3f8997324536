package org.tpccpg.driver.metrics;

import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * Everything the final summary needs, measured from the start of the run (or the end of warmup).
 *
 * @param elapsedSeconds the measured time, > 0
 * @param warehouses the warehouses in the run, >= 1 (for tpmC efficiency)
 * @param percentile the latency percentile to report, 0 to 100 (0: disabled)
 * @param counters the counters, summed, per kind and per thread (at least one thread)
 * @param latencies event latencies in microseconds per kind; holds every {@link TransactionType}.
 *     The record keeps copies; do not modify the histograms it returns
 */
public record RunTotals(
    double elapsedSeconds,
    int warehouses,
    double percentile,
    CounterSnapshot counters,
    Map<TransactionType, Histogram> latencies) {

  /** Validates and copies the histograms. */
  public RunTotals {
    if (!(elapsedSeconds > 0) || Double.isInfinite(elapsedSeconds)) {
      throw new IllegalArgumentException(
          "elapsedSeconds must be a finite number > 0 but was " + elapsedSeconds);
    }
    if (warehouses < 1) {
      throw new IllegalArgumentException("warehouses must be >= 1 but was " + warehouses);
    }
    IntervalSnapshot.requirePercentile(percentile);
    if (counters == null || counters.perThread().isEmpty()) {
      throw new IllegalArgumentException("counters must cover >= 1 thread but was " + counters);
    }
    if (latencies == null || latencies.size() != TransactionType.values().length) {
      throw new IllegalArgumentException(
          "latencies must hold every TransactionType but was " + latencies);
    }
    Map<TransactionType, Histogram> copies = new EnumMap<>(TransactionType.class);
    latencies.forEach((kind, h) -> copies.put(kind, h.copy()));
    latencies = Map.copyOf(copies);
  }

  /** The number of worker threads. */
  public int threads() {
    return counters.perThread().size();
  }

  /** A new histogram (microseconds) with the latencies of all kinds merged. */
  public Histogram mergedLatencies() {
    Histogram merged = new Histogram(LatencyRecorders.SIGNIFICANT_DIGITS);
    for (TransactionType kind : TransactionType.values()) {
      merged.add(latencies.get(kind));
    }
    return merged;
  }
}
