package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.tpccpg.core.tpcc.TransactionType;

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
  private final LongAdder deliveries = new LongAdder();
  private final LongAdder skippingDeliveries = new LongAdder();
  private final LongAdder districtsDelivered = new LongAdder();
  private final LongAdder districtsSkipped = new LongAdder();
  private final LongAdder[] thinkNanos = adders();
  private final LongAdder[] thinks = adders();

  private static LongAdder[] adders() {
    LongAdder[] adders = new LongAdder[TransactionType.values().length];
    Arrays.setAll(adders, i -> new LongAdder());
    return adders;
  }

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

  /**
   * A deferred Delivery queued at {@code queuedNanos} waited, then ran for the times given,
   * delivering an order in {@code districtsDelivered} districts and skipping {@code
   * districtsSkipped} (no new order to deliver). Counted when queued in the measurement interval,
   * so neither the ramp-up's Deliveries nor the drain's count only by chance of their end.
   */
  public void delivered(
      long queuedNanos,
      long waitNanos,
      long executionNanos,
      long districtsDelivered,
      long districtsSkipped) {
    if (measured(queuedNanos)) {
      deliveryQueued.recordValue(Math.max(0, waitNanos) / 1_000);
      deliveryExecution.recordValue(Math.max(0, executionNanos) / 1_000);
      deliveries.increment();
      this.districtsDelivered.add(districtsDelivered);
      this.districtsSkipped.add(districtsSkipped);
      if (districtsSkipped > 0) {
        skippingDeliveries.increment();
      }
    }
  }

  /**
   * The deferred Deliveries queued in the measurement interval and completed, per business
   * transaction and per district (TPC-C 2.7.4.2 asks for both).
   */
  public Skips skips() {
    return new Skips(
        deliveries.sum(),
        skippingDeliveries.sum(),
        districtsDelivered.sum(),
        districtsSkipped.sum());
  }

  /**
   * @param deliveries deferred Deliveries completed
   * @param skippingDeliveries of those, the ones that skipped at least one district
   * @param districtsDelivered districts an order was delivered in
   * @param districtsSkipped districts without a new order to deliver
   */
  public record Skips(
      long deliveries, long skippingDeliveries, long districtsDelivered, long districtsSkipped) {
    /** The skipped districts' share of all districts the Deliveries visited, in percent. */
    public double districtsSkippedPercent() {
      long all = districtsDelivered + districtsSkipped;
      return all == 0 ? 0 : 100.0 * districtsSkipped / all;
    }

    /** The share of Deliveries that skipped a district, in percent. */
    public double skippingPercent() {
      return deliveries == 0 ? 0 : 100.0 * skippingDeliveries / deliveries;
    }
  }

  /**
   * A terminal began, at {@code nowNanos}, to think for {@code thinkNanos} after a transaction of
   * type {@code after}; counted when inside the measurement interval (5.2.5.7 sets the means).
   */
  public void thought(TransactionType after, long nowNanos, long thinkNanos) {
    if (measured(nowNanos)) {
      this.thinkNanos[after.ordinal()].add(thinkNanos);
      thinks[after.ordinal()].increment();
    }
  }

  /**
   * The mean think time drawn after each type, in seconds, by {@link TransactionType} ordinal; NaN
   * for a type none of whose think times fell in the measurement interval.
   */
  public List<Double> meanThinkSeconds() {
    List<Double> means = new ArrayList<>();
    for (int t = 0; t < thinks.length; t++) {
      long n = thinks[t].sum();
      means.add(n == 0 ? Double.NaN : thinkNanos[t].sum() / 1e9 / n);
    }
    return means;
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
        deliveryExecution.getIntervalHistogram(),
        meanThinkSeconds(),
        skips());
  }

  /**
   * @param schedulingLag a due terminal's wait for a worker, microseconds
   * @param deliveryQueued a deferred Delivery's wait in the queue, microseconds
   * @param deliveryExecution its execution, microseconds
   * @param meanThinkSeconds the mean think time drawn after each type ({@link #meanThinkSeconds()})
   * @param skips the measurement interval's deferred Deliveries and their skipped districts
   */
  public record Totals(
      Histogram schedulingLag,
      Histogram deliveryQueued,
      Histogram deliveryExecution,
      List<Double> meanThinkSeconds,
      Skips skips) {
    public Totals {
      meanThinkSeconds = List.copyOf(meanThinkSeconds);
    }
  }
}
