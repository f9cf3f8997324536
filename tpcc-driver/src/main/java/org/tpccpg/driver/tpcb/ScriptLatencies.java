package org.tpccpg.driver.tpcb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.tpccpg.driver.metrics.LatencyRecorders;

/**
 * Transaction latencies in microseconds per script, for the results files: one HdrHistogram {@link
 * Recorder} per script, which the clients record into without waiting. One reporting thread drains
 * them every interval with {@link #sampleInterval()}, which also adds each interval to a cumulative
 * histogram per script for the summary. Fixed size, however long the run.
 */
final class ScriptLatencies {
  private final Recorder[] recorders;
  private final Histogram[] interval;
  private final Histogram[] cumulative;

  ScriptLatencies(int scripts) {
    if (scripts < 1) {
      throw new IllegalArgumentException("scripts must be >= 1 but was " + scripts);
    }
    recorders = new Recorder[scripts];
    interval = new Histogram[scripts];
    cumulative = new Histogram[scripts];
    for (int i = 0; i < scripts; i++) {
      recorders[i] = new Recorder(LatencyRecorders.SIGNIFICANT_DIGITS);
      cumulative[i] = new Histogram(LatencyRecorders.SIGNIFICANT_DIGITS);
    }
  }

  /** One successful transaction of {@code script}; wait-free, any thread. */
  void record(int script, long micros) {
    recorders[script].recordValue(micros);
  }

  /**
   * What was recorded since the previous call, per script in script order, with the recorders'
   * start and end time stamps. The histograms are reused: valid until the next call. Reporting
   * thread only.
   */
  List<Histogram> sampleInterval() {
    List<Histogram> perScript = new ArrayList<>(recorders.length);
    for (int i = 0; i < recorders.length; i++) {
      interval[i] = recorders[i].getIntervalHistogram(interval[i]);
      cumulative[i].add(interval[i]);
      perScript.add(interval[i]);
    }
    return Collections.unmodifiableList(perScript);
  }

  /**
   * Takes what was recorded since the last interval into the cumulative histograms and returns them
   * merged over all scripts: every latency of the run. Once the clients and the reporting thread
   * have ended.
   */
  Histogram drain() {
    sampleInterval();
    Histogram all = new Histogram(LatencyRecorders.SIGNIFICANT_DIGITS);
    for (Histogram script : cumulative) {
      all.add(script);
    }
    return all;
  }

  /** Everything sampled so far for {@code script}. Reporting thread, or after it ended. */
  Histogram cumulative(int script) {
    return cumulative[script];
  }
}
