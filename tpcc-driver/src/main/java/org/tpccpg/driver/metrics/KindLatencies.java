package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Transaction latencies in microseconds, one HdrHistogram {@link Recorder} per kind, with 3
 * significant digits from 1 µs to a day ({@link #HIGHEST_MICROS}; a longer latency is recorded as a
 * day): the one place both workloads record latency. Clients call {@link #record}, which is
 * wait-free; one recorder per run, shared by all clients (a histogram per client would cost some
 * 100 KiB each, 100 MiB of heap at 1,000 clients).
 *
 * <p>Everything else belongs to one reporting thread (or to any thread once the clients and the
 * reporter have ended): {@link #sampleInterval()} drains the recorders once per interval and adds
 * the interval to cumulative histograms per kind, which the summary reads. Fixed size, however long
 * the run.
 *
 * <p>The reporting thread's cost per interval is kept small, because on a machine whose cores are
 * all busy (400 client threads beside the server's backends on two cores) the scheduler hands it
 * about a millisecond of CPU a second, and progress lines came seconds late (docs/benchmarks.md).
 * So the recorders have a fixed range: an auto-resizing recorder keeps concurrent histograms, which
 * take a lock per bucket to read (some 13,000 buckets once latencies reach seconds), where a
 * fixed-range one keeps atomic counts read without a lock. And each interval is read out of its
 * recorder once, into a plain histogram, which everything after reads.
 */
public final class KindLatencies {
  /** Significant decimal digits kept by every histogram. */
  public static final int SIGNIFICANT_DIGITS = 3;

  /** The longest latency told apart, a day; 2 x 224 KiB of counts per kind. */
  public static final long HIGHEST_MICROS = 86_400_000_000L;

  private final Recorder[] recorders;
  private final Histogram[] interval;
  private final Histogram[] cumulative;
  private final Histogram merged = new Histogram(SIGNIFICANT_DIGITS);
  private List<Histogram> lastInterval = List.of();

  /**
   * With checkpoints ({@link #trackCheckpoints}): per kind, what was recorded since the previous
   * checkpoint, and what a checkpoint drained from the recorders that the next interval still owns.
   */
  private Histogram[] sinceCheckpoint;

  private Histogram[] drainedForInterval;
  private Histogram drained;

  /** Empty recorders for {@code kinds} kinds, numbered from 0. */
  public KindLatencies(int kinds) {
    if (kinds < 1) {
      throw new IllegalArgumentException("kinds must be >= 1 but was " + kinds);
    }
    recorders = new Recorder[kinds];
    interval = new Histogram[kinds];
    cumulative = new Histogram[kinds];
    for (int i = 0; i < kinds; i++) {
      recorders[i] = new Recorder(1, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
      interval[i] = new Histogram(SIGNIFICANT_DIGITS);
      cumulative[i] = new Histogram(SIGNIFICANT_DIGITS);
    }
  }

  /** The number of kinds. */
  public int kinds() {
    return recorders.length;
  }

  /**
   * Records one transaction's latency; wait-free, any thread.
   *
   * @param nanos the latency in nanoseconds, >= 0; stored as whole microseconds
   */
  public void record(int kind, long nanos) {
    if (nanos < 0) {
      throw new IllegalArgumentException("nanos must be >= 0 but was " + nanos);
    }
    recorders[kind].recordValue(Math.min(nanos / 1_000, HIGHEST_MICROS));
  }

  /**
   * Takes what was recorded since the previous call, adds it to the cumulative histograms, and
   * returns it merged over all kinds. The returned histogram is reused: valid until the next call.
   */
  public Histogram sampleInterval() {
    merged.reset();
    List<Histogram> perKind = new ArrayList<>(recorders.length);
    for (int i = 0; i < recorders.length; i++) {
      recorders[i].getIntervalHistogramInto(interval[i]);
      cumulative[i].add(interval[i]);
      if (sinceCheckpoint != null) {
        sinceCheckpoint[i].add(interval[i]);
        interval[i].add(drainedForInterval[i]); // already in the cumulative histograms
        drainedForInterval[i].reset();
      }
      merged.add(interval[i]);
      perKind.add(interval[i]);
    }
    lastInterval = Collections.unmodifiableList(perKind);
    return merged;
  }

  /**
   * The interval taken by the latest {@link #sampleInterval()}, per kind in kind order, with the
   * recorders' start and end time stamps; empty before the first. Reused: valid until the next
   * call.
   */
  public List<Histogram> lastInterval() {
    return lastInterval;
  }

  /** Drops everything recorded so far, the cumulative histograms too (end of warmup). */
  public void resetCumulative() {
    sampleInterval();
    for (int i = 0; i < cumulative.length; i++) {
      cumulative[i].reset();
      if (sinceCheckpoint != null) {
        sinceCheckpoint[i].reset();
      }
    }
  }

  /**
   * From now on keeps what was recorded since the latest checkpoint too, for {@link #checkpoint}
   * (sysbench's {@code --report-checkpoints}); costs an addition per kind and interval.
   */
  public void trackCheckpoints() {
    if (sinceCheckpoint != null) {
      return;
    }
    sinceCheckpoint = new Histogram[recorders.length];
    drainedForInterval = new Histogram[recorders.length];
    drained = new Histogram(SIGNIFICANT_DIGITS);
    for (int i = 0; i < recorders.length; i++) {
      sinceCheckpoint[i] = new Histogram(SIGNIFICANT_DIGITS);
      drainedForInterval[i] = new Histogram(SIGNIFICANT_DIGITS);
    }
  }

  /**
   * A checkpoint: what was recorded since the previous one (or since tracking began, or warmup
   * ended), per kind in kind order, as copies; then starts again from empty. The recorders are
   * drained without taking their values from the interval under way: the next {@link
   * #sampleInterval()} still returns them.
   *
   * @throws IllegalStateException without {@link #trackCheckpoints()}
   */
  public List<Histogram> checkpoint() {
    if (sinceCheckpoint == null) {
      throw new IllegalStateException("checkpoints are not tracked: call trackCheckpoints first");
    }
    List<Histogram> window = new ArrayList<>(recorders.length);
    for (int i = 0; i < recorders.length; i++) {
      recorders[i].getIntervalHistogramInto(drained);
      cumulative[i].add(drained);
      drainedForInterval[i].add(drained);
      sinceCheckpoint[i].add(drained);
      window.add(sinceCheckpoint[i].copy());
      sinceCheckpoint[i].reset();
    }
    return List.copyOf(window);
  }

  /** Copies of the cumulative histograms in kind order, after draining the recorders. */
  public List<Histogram> cumulativeCopies() {
    sampleInterval();
    List<Histogram> copies = new ArrayList<>(cumulative.length);
    for (Histogram h : cumulative) {
      copies.add(h.copy());
    }
    return List.copyOf(copies);
  }
}
