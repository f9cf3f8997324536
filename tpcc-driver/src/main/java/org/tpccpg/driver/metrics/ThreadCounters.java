package org.tpccpg.driver.metrics;

import java.util.concurrent.atomic.AtomicLongArray;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * One worker thread's counters, sysbench's {@code sb_counters} for one thread plus outcomes per
 * transaction kind. Exactly one thread (the worker) writes; the reporter reads at any time without
 * locks. Writes are a plain read followed by an opaque write, reads are opaque: each 64-bit value
 * is read whole and becomes visible promptly, and nothing allocates.
 *
 * <p>The counters only grow. Interval rates and the post-warmup totals are differences between two
 * readings (see {@link CounterSnapshot#minus}), so the reader never writes here.
 *
 * <p>The methods are orthogonal: sysbench's ERROR counter is {@link #addError()} only; {@link
 * #rolledBack} and {@link #failed} count per kind and do not touch it.
 */
public final class ThreadCounters {
  private static final int EVENTS = 0;
  private static final int READS = 1;
  private static final int WRITES = 2;
  private static final int OTHERS = 3;
  private static final int ERRORS = 4;
  private static final int RECONNECTS = 5;
  private static final int LATENCY_SUM = 6;
  private static final int RUNNING = 7;
  private static final int STOPPED_AT = 8;
  private static final int KIND_BASE = 9;
  private static final int COMMITS = 0;
  private static final int ROLLBACKS = 1;
  private static final int KIND_ERRORS = 2;
  private static final int PER_KIND = 3;

  private final AtomicLongArray slots =
      new AtomicLongArray(KIND_BASE + PER_KIND * TransactionType.values().length);

  /** A statement returned a result set (sysbench READ). */
  public void addRead() {
    add(READS, 1);
  }

  /** A statement changed at least one row (sysbench WRITE). */
  public void addWrite() {
    add(WRITES, 1);
  }

  /** Any other statement succeeded (sysbench OTHER). */
  public void addOther() {
    add(OTHERS, 1);
  }

  /** A statement failed, or a new order rolled back on purpose (sysbench ERROR). */
  public void addError() {
    add(ERRORS, 1);
  }

  /** The thread reconnected (sysbench RECONNECT). */
  public void addReconnect() {
    add(RECONNECTS, 1);
  }

  /**
   * One event (sysbench's {@code event()} call, restarts included) completed.
   *
   * @param latencyNanos the event's latency, >= 0
   */
  public void eventCompleted(long latencyNanos) {
    if (latencyNanos < 0) {
      throw new IllegalArgumentException("latencyNanos must be >= 0 but was " + latencyNanos);
    }
    add(EVENTS, 1);
    add(LATENCY_SUM, latencyNanos);
  }

  /** A transaction of {@code kind} committed. */
  public void committed(TransactionType kind) {
    add(KIND_BASE + PER_KIND * kind.ordinal() + COMMITS, 1);
  }

  /** A transaction of {@code kind} rolled back as the workload demands (not a failure). */
  public void rolledBack(TransactionType kind) {
    add(KIND_BASE + PER_KIND * kind.ordinal() + ROLLBACKS, 1);
  }

  /** An attempt of {@code kind} failed with an ignorable error and the event restarts. */
  public void failed(TransactionType kind) {
    add(KIND_BASE + PER_KIND * kind.ordinal() + KIND_ERRORS, 1);
  }

  /** The thread entered its event loop, for "thds:". */
  public void started() {
    slots.setOpaque(RUNNING, 1);
  }

  /**
   * The thread left its event loop at {@code nowNanos} ({@link System#nanoTime()}): the interval it
   * stopped in still counts it among its threads, as sysbench's last report line does.
   */
  public void stopped(long nowNanos) {
    slots.setOpaque(STOPPED_AT, nowNanos);
    slots.setRelease(RUNNING, 2); // after STOPPED_AT, so a reader that sees 2 sees the time
  }

  /** Whether the thread is inside its event loop; any thread may ask. */
  public boolean isRunning() {
    return slots.getAcquire(RUNNING) == 1;
  }

  /**
   * Whether the thread was inside its event loop at any time after {@code sinceNanos}: running now,
   * or stopped after then. Any thread may ask.
   */
  public boolean ranSince(long sinceNanos) {
    long state = slots.getAcquire(RUNNING);
    return state == 1 || (state == 2 && slots.getOpaque(STOPPED_AT) - sinceNanos > 0);
  }

  /** The current global counters of this thread; any thread may read. */
  public CounterTotals totals() {
    return new CounterTotals(
        slots.getOpaque(EVENTS),
        slots.getOpaque(READS),
        slots.getOpaque(WRITES),
        slots.getOpaque(OTHERS),
        slots.getOpaque(ERRORS),
        slots.getOpaque(RECONNECTS),
        slots.getOpaque(LATENCY_SUM));
  }

  /** The current outcomes of one kind on this thread; any thread may read. */
  public KindTotals kind(TransactionType kind) {
    int base = KIND_BASE + PER_KIND * kind.ordinal();
    return new KindTotals(
        slots.getOpaque(base + COMMITS),
        slots.getOpaque(base + ROLLBACKS),
        slots.getOpaque(base + KIND_ERRORS));
  }

  private void add(int slot, long delta) {
    // Single writer: no read-modify-write race, so no CAS is needed.
    slots.setOpaque(slot, slots.getPlain(slot) + delta);
  }
}
