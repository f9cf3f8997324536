package org.tpccpg.driver.metrics;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The times spec mode measures besides each type's response time, in microseconds, from the end of
 * the ramp-up on: how late a worker took a due terminal (the scheduling lag: intended against
 * actual start), how long a deferred Delivery waited in its queue and how long it then ran (TPC-C
 * 2.7.2.2 asks for both), and the New-Orders completed in each {@link SteadyState#WINDOW_SECONDS}
 * window of the measurement interval (the steady state's evidence). Any thread records; one reads
 * at the end.
 */
public final class SpecTimes {
  private final Recorder schedulingLag = new Recorder(KindLatencies.SIGNIFICANT_DIGITS);
  private final Recorder deliveryQueued = new Recorder(KindLatencies.SIGNIFICANT_DIGITS);
  private final Recorder deliveryExecution = new Recorder(KindLatencies.SIGNIFICANT_DIGITS);
  private volatile long measureFromNanos = Long.MAX_VALUE;
  private final long windowNanos = TimeUnit.SECONDS.toNanos(SteadyState.WINDOW_SECONDS);
  private long[] newOrdersPerWindow = new long[16]; // guarded by this

  /** What was intended to start before {@code nanos} (the end of the ramp-up) is not recorded. */
  public void measureFrom(long nanos) {
    measureFromNanos = nanos;
  }

  private boolean measured(long intendedNanos) {
    long from = measureFromNanos;
    return from != Long.MAX_VALUE && intendedNanos - from >= 0;
  }

  /** A worker took a terminal due at {@code dueNanos} at {@code takenNanos}. */
  public void taken(long dueNanos, long takenNanos) {
    if (measured(dueNanos)) {
      schedulingLag.recordValue(Math.max(0, takenNanos - dueNanos) / 1_000);
    }
  }

  /** A deferred Delivery queued at {@code queuedNanos} waited, then ran for the times given. */
  public void delivered(long queuedNanos, long waitNanos, long executionNanos) {
    if (measured(queuedNanos)) {
      deliveryQueued.recordValue(Math.max(0, waitNanos) / 1_000);
      deliveryExecution.recordValue(Math.max(0, executionNanos) / 1_000);
    }
  }

  /**
   * A New-Order completed (committed or rolled back on purpose) at {@code nowNanos}; counted in its
   * window when inside the measurement interval. One short lock per New-Order: a few hundred a
   * second at most even for 10,000 terminals.
   */
  public void newOrderCompleted(long nowNanos) {
    long from = measureFromNanos;
    if (from == Long.MAX_VALUE || nowNanos - from < 0) {
      return;
    }
    int window = (int) Math.min(Integer.MAX_VALUE - 1, (nowNanos - from) / windowNanos);
    synchronized (this) {
      if (window >= newOrdersPerWindow.length) {
        newOrdersPerWindow =
            Arrays.copyOf(newOrdersPerWindow, Math.max(window + 1, 2 * newOrdersPerWindow.length));
      }
      newOrdersPerWindow[window]++;
    }
  }

  /** The New-Orders completed per window from the end of the ramp-up, the last one partial. */
  public synchronized long[] newOrdersPerWindow() {
    return newOrdersPerWindow.clone();
  }

  /** The three histograms; call once, at the end. */
  public Totals totals() {
    return new Totals(
        schedulingLag.getIntervalHistogram(),
        deliveryQueued.getIntervalHistogram(),
        deliveryExecution.getIntervalHistogram());
  }

  /**
   * @param schedulingLag a due terminal's wait for a worker, microseconds
   * @param deliveryQueued a deferred Delivery's wait in the queue, microseconds
   * @param deliveryExecution its execution, microseconds
   */
  public record Totals(
      Histogram schedulingLag, Histogram deliveryQueued, Histogram deliveryExecution) {}
}
