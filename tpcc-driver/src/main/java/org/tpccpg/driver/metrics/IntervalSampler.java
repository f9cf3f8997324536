package org.tpccpg.driver.metrics;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * Turns counter readings into periodic reports and the final totals. Each {@link #sample} sums the
 * threads' counters, subtracts the previous sum and divides by the exact nanoseconds since the
 * previous sample. One thread uses an instance (the reporter, then the run loop after the reporter
 * has stopped).
 */
public final class IntervalSampler {
  private static final double NANOS_PER_SECOND = 1e9;

  private final List<ThreadCounters> threads;
  private final LatencyRecorders latencies;
  private final double percentile;
  private long measureStartNanos;
  private long previousNanos;
  private CounterSnapshot baseline;
  private CounterSnapshot previous;

  /**
   * @param threads the workers' counters, in thread order
   * @param latencies the workers' latency recorders
   * @param percentile the latency percentile to report, 0 to 100
   * @param startNanos {@link System#nanoTime()} when the run started
   */
  public IntervalSampler(
      List<ThreadCounters> threads,
      LatencyRecorders latencies,
      double percentile,
      long startNanos) {
    if (threads.isEmpty()) {
      throw new IllegalArgumentException("threads must not be empty but was " + threads);
    }
    IntervalSnapshot.requirePercentile(percentile);
    this.threads = List.copyOf(threads);
    this.latencies = latencies;
    this.percentile = percentile;
    restartAt(startNanos, CounterSnapshot.of(this.threads));
  }

  /**
   * The checkpoint at the end of warmup (sysbench master): what happened so far is forgotten,
   * counters, latencies and the clock of the report times included.
   */
  public void restart(long nowNanos) {
    latencies.resetCumulative();
    restartAt(nowNanos, CounterSnapshot.of(threads));
  }

  /** The report for the interval since the previous sample (or start, or restart). */
  public IntervalSnapshot sample(long nowNanos) {
    if (nowNanos <= previousNanos) {
      throw new IllegalArgumentException(
          "nowNanos must be after the previous sample at "
              + previousNanos
              + " but was "
              + nowNanos);
    }
    int ran = threadsRunningSince(previousNanos); // before the counters: a thread ends first
    CounterSnapshot current = CounterSnapshot.of(threads);
    CounterTotals delta = current.total().minus(previous.total());
    double seconds = (nowNanos - previousNanos) / NANOS_PER_SECOND;
    double latency =
        SysbenchBuckets.percentile(
            SysbenchBuckets.fromMicros(latencies.sampleInterval()), percentile);
    previous = current;
    previousNanos = nowNanos;
    return new IntervalSnapshot(
        Math.round(Math.rint((nowNanos - measureStartNanos) / NANOS_PER_SECOND)),
        ran,
        delta.events() / seconds,
        delta.queries() / seconds,
        delta.reads() / seconds,
        delta.writes() / seconds,
        delta.others() / seconds,
        percentile,
        latency,
        delta.errors() / seconds,
        delta.reconnects() / seconds);
  }

  /**
   * The latencies of the interval the latest {@link #sample} reported, per kind, in microseconds;
   * valid until the next call of {@link #sample}, {@link #restart} or {@link #totals}.
   */
  public Map<TransactionType, Histogram> lastIntervalLatencies() {
    return latencies.lastInterval();
  }

  /**
   * Everything since start (or the warmup restart), for the final summary. Call after the workers
   * and the reporter have stopped.
   */
  public RunTotals totals(long nowNanos, int warehouses) {
    if (nowNanos <= measureStartNanos) {
      throw new IllegalArgumentException(
          "nowNanos must be after the start at " + measureStartNanos + " but was " + nowNanos);
    }
    return new RunTotals(
        (nowNanos - measureStartNanos) / NANOS_PER_SECOND,
        warehouses,
        percentile,
        CounterSnapshot.of(threads).minus(baseline),
        latencies.cumulativeCopies());
  }

  /** sysbench's "thds:": the threads that ran during the interval, also those that ended in it. */
  private int threadsRunningSince(long intervalStartNanos) {
    int running = 0;
    for (ThreadCounters t : threads) {
      if (t.ranSince(intervalStartNanos)) {
        running++;
      }
    }
    return running;
  }

  private void restartAt(long nowNanos, CounterSnapshot snapshot) {
    measureStartNanos = nowNanos;
    previousNanos = nowNanos;
    baseline = snapshot;
    previous = snapshot;
  }
}
