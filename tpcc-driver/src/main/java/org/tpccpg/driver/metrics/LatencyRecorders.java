package org.tpccpg.driver.metrics;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * Event latencies in microseconds, one HdrHistogram {@link Recorder} per {@link TransactionType},
 * with 3 significant digits and an auto-resizing range. Worker threads call {@link #record}, which
 * is wait-free. Everything else belongs to one reporting thread: it drains the recorders once per
 * interval with {@link #sampleInterval()}, which also adds the interval to cumulative histograms
 * (per kind) that the final summary reads; {@link #lastInterval()} gives that same interval per
 * kind, without draining the recorders again.
 */
public final class LatencyRecorders {
  /** Significant decimal digits kept by every histogram. */
  public static final int SIGNIFICANT_DIGITS = 3;

  private static final int KINDS = TransactionType.values().length;

  private final Recorder[] recorders = new Recorder[KINDS];
  private final Histogram[] interval = new Histogram[KINDS];
  private final Histogram[] cumulative = new Histogram[KINDS];
  private final Histogram merged = new Histogram(SIGNIFICANT_DIGITS);
  private Map<TransactionType, Histogram> lastInterval = Map.of();

  /** Empty recorders and histograms. */
  public LatencyRecorders() {
    for (int i = 0; i < KINDS; i++) {
      recorders[i] = new Recorder(SIGNIFICANT_DIGITS);
      cumulative[i] = new Histogram(SIGNIFICANT_DIGITS);
    }
  }

  /**
   * Records one event's latency; wait-free, any thread.
   *
   * @param kind the kind of the event (after restarts: the kind of the attempt that completed)
   * @param nanos the latency in nanoseconds, >= 0; stored as whole microseconds
   */
  public void record(TransactionType kind, long nanos) {
    if (nanos < 0) {
      throw new IllegalArgumentException("nanos must be >= 0 but was " + nanos);
    }
    recorders[kind.ordinal()].recordValue(nanos / 1_000);
  }

  /**
   * Takes what was recorded since the previous call, adds it to the cumulative histograms, and
   * returns it merged over all kinds. The returned histogram is reused: it is valid until the next
   * call. Reporting thread only.
   */
  public Histogram sampleInterval() {
    merged.reset();
    Map<TransactionType, Histogram> perKind = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      int i = kind.ordinal();
      interval[i] = recorders[i].getIntervalHistogram(interval[i]);
      cumulative[i].add(interval[i]);
      merged.add(interval[i]);
      perKind.put(kind, interval[i]);
    }
    lastInterval = Collections.unmodifiableMap(perKind);
    return merged;
  }

  /**
   * The interval taken by the latest {@link #sampleInterval()}, per kind, with the recorders' start
   * and end time stamps; empty before the first. The histograms are reused: valid until the next
   * call. Reporting thread only.
   */
  public Map<TransactionType, Histogram> lastInterval() {
    return lastInterval;
  }

  /** Drops everything recorded so far, the cumulative histograms too (end of warmup). */
  public void resetCumulative() {
    sampleInterval();
    for (Histogram h : cumulative) {
      h.reset();
    }
  }

  /**
   * Copies of the cumulative histograms, one per kind, after draining the recorders. Reporting
   * thread only, or any thread once the reporter has stopped.
   */
  public Map<TransactionType, Histogram> cumulativeCopies() {
    sampleInterval();
    Map<TransactionType, Histogram> copies = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      copies.put(kind, cumulative[kind.ordinal()].copy());
    }
    return copies;
  }
}
