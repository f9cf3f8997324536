package org.tpccpg.driver.metrics;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One client's counters, for any workload: its transactions per kind (see {@link KindTotals}),
 * sysbench's statement classes, failed tries by cause, reconnects, and whether it is running.
 * Exactly one thread (the client) writes; a reporter reads at any time without locks. Writes are a
 * plain read followed by an opaque write, reads are opaque: each 64-bit value is read whole and
 * becomes visible promptly, and nothing allocates.
 *
 * <p>The counters only grow (the client's shortest and longest latency aside). Interval rates and
 * the totals after a warmup are differences between two readings (see {@link
 * CounterSnapshot#minus}), so the reader never writes here.
 */
public final class ClientCounters {
  private static final int READS = 0;
  private static final int WRITES = 1;
  private static final int OTHERS = 2;
  private static final int RECONNECTS = 3;
  private static final int RUNNING = 4;
  private static final int STOPPED_AT = 5;
  private static final int LATENCY_MIN = 6; // of every kind, for sysbench's per-thread statistics
  private static final int LATENCY_MAX = 7;
  private static final int CAUSES = 8;
  private static final int KIND_BASE = CAUSES + FailureCause.values().length;

  // Per kind, in the order of KindTotals' components.
  private static final int COMPLETED = 0;
  private static final int ROLLED_BACK = 1;
  private static final int LATENCY_SUM = 2;
  private static final int LATENCY_SQUARES = 3; // a double's raw bits
  private static final int LAG_SUM = 4;
  private static final int LAG_MAX = 5;
  private static final int LATE = 6;
  private static final int TRY_FAILURES = 7;
  private static final int FAILED = 8;
  private static final int SERIALIZATION = 9;
  private static final int DEADLOCK = 10;
  private static final int RETRIED = 11;
  private static final int RETRIES = 12;
  private static final int SKIPPED = 13;
  private static final int ROUND_TRIPS = 14;
  private static final int PER_KIND = 15;

  private final int kinds;
  private final AtomicLongArray slots;

  /** Counters for a workload with {@code kinds} kinds of transaction, numbered from 0. */
  public ClientCounters(int kinds) {
    if (kinds < 1) {
      throw new IllegalArgumentException("kinds must be >= 1 but was " + kinds);
    }
    this.kinds = kinds;
    this.slots = new AtomicLongArray(KIND_BASE + PER_KIND * kinds);
    slots.set(LATENCY_MIN, Long.MAX_VALUE);
  }

  /** The number of kinds. */
  public int kinds() {
    return kinds;
  }

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

  /** The client waited for the server once, in a transaction of {@code kind}. */
  public void addRoundTrip(int kind) {
    add(base(kind) + ROUND_TRIPS, 1);
  }

  /**
   * A transaction of {@code kind} ended.
   *
   * @param latencyNanos from its start, >= 0
   * @param lagNanos how late it started against its schedule, >= 0
   * @param tries the tries of its input
   * @param committed false when the workload rolled it back on purpose
   * @param late whether it took longer than the latency limit
   */
  public void completed(
      int kind, long latencyNanos, long lagNanos, int tries, boolean committed, boolean late) {
    if (latencyNanos < 0 || lagNanos < 0) {
      throw new IllegalArgumentException(
          "latencyNanos and lagNanos must be >= 0 but were " + latencyNanos + ", " + lagNanos);
    }
    int base = base(kind);
    add(base + COMPLETED, 1);
    if (!committed) {
      add(base + ROLLED_BACK, 1);
    }
    add(base + LATENCY_SUM, latencyNanos);
    double squares = Double.longBitsToDouble(slots.getPlain(base + LATENCY_SQUARES));
    double square = (double) latencyNanos * latencyNanos;
    slots.setOpaque(base + LATENCY_SQUARES, Double.doubleToRawLongBits(squares + square));
    add(base + LAG_SUM, lagNanos);
    if (lagNanos > slots.getPlain(base + LAG_MAX)) {
      slots.setOpaque(base + LAG_MAX, lagNanos);
    }
    if (latencyNanos < slots.getPlain(LATENCY_MIN)) {
      slots.setOpaque(LATENCY_MIN, latencyNanos);
    }
    if (latencyNanos > slots.getPlain(LATENCY_MAX)) {
      slots.setOpaque(LATENCY_MAX, latencyNanos);
    }
    if (late) {
      add(base + LATE, 1);
    }
    tried(base, tries);
  }

  /**
   * A try of {@code kind} failed.
   *
   * @param retrying whether the same input is tried again next
   */
  public void tryFailed(int kind, FailureCause cause, boolean retrying) {
    int base = base(kind);
    add(base + TRY_FAILURES, 1);
    add(CAUSES + cause.ordinal(), 1);
    if (retrying) {
      add(base + RETRIES, 1);
    }
  }

  /** A transaction of {@code kind} failed for good after {@code tries} tries. */
  public void failed(int kind, FailureCause cause, int tries) {
    int base = base(kind);
    add(base + FAILED, 1);
    if (cause == FailureCause.SERIALIZATION) {
      add(base + SERIALIZATION, 1);
    } else if (cause == FailureCause.DEADLOCK) {
      add(base + DEADLOCK, 1);
    }
    tried(base, tries);
  }

  /** A transaction of {@code kind} could not start within the latency limit. */
  public void skipped(int kind) {
    add(base(kind) + SKIPPED, 1);
  }

  /** A lost connection was replaced. */
  public void reconnected() {
    add(RECONNECTS, 1);
  }

  /** The client entered its loop, for sysbench's "thds:". */
  public void started() {
    slots.setOpaque(RUNNING, 1);
  }

  /**
   * The client left its loop at {@code nowNanos} ({@link System#nanoTime()}): the interval it
   * stopped in still counts it, as sysbench's last report line does.
   */
  public void stopped(long nowNanos) {
    slots.setOpaque(STOPPED_AT, nowNanos);
    slots.setRelease(RUNNING, 2); // after STOPPED_AT, so a reader that sees 2 sees the time
  }

  /** Whether the client is inside its loop; any thread may ask. */
  public boolean isRunning() {
    return slots.getAcquire(RUNNING) == 1;
  }

  /**
   * Whether the client was inside its loop at any time after {@code sinceNanos}: running now, or
   * stopped after then. Any thread may ask.
   */
  public boolean ranSince(long sinceNanos) {
    long state = slots.getAcquire(RUNNING);
    return state == 1 || (state == 2 && slots.getOpaque(STOPPED_AT) - sinceNanos > 0);
  }

  /** The current totals of one kind; any thread may read. */
  public KindTotals kind(int kind) {
    int base = base(kind);
    return new KindTotals(
        slots.getOpaque(base + COMPLETED),
        slots.getOpaque(base + ROLLED_BACK),
        slots.getOpaque(base + LATENCY_SUM),
        Double.longBitsToDouble(slots.getOpaque(base + LATENCY_SQUARES)),
        slots.getOpaque(base + LAG_SUM),
        slots.getOpaque(base + LAG_MAX),
        slots.getOpaque(base + LATE),
        slots.getOpaque(base + TRY_FAILURES),
        slots.getOpaque(base + FAILED),
        slots.getOpaque(base + SERIALIZATION),
        slots.getOpaque(base + DEADLOCK),
        slots.getOpaque(base + RETRIED),
        slots.getOpaque(base + RETRIES),
        slots.getOpaque(base + SKIPPED),
        slots.getOpaque(base + ROUND_TRIPS));
  }

  /** Transactions of every kind that completed; any thread, without building the totals. */
  public long completed() {
    long sum = 0;
    for (int kind = 0; kind < kinds; kind++) {
      sum += slots.getOpaque(KIND_BASE + PER_KIND * kind + COMPLETED);
    }
    return sum;
  }

  /**
   * The shortest latency of any kind since the client started, {@link Long#MAX_VALUE} before its
   * first transaction; any thread. Not a counter: a warm-up's transactions stay in it.
   */
  public long latencyMinNanos() {
    return slots.getOpaque(LATENCY_MIN);
  }

  /** The longest latency of any kind since the client started, 0 before any; any thread. */
  public long latencyMaxNanos() {
    return slots.getOpaque(LATENCY_MAX);
  }

  /** Statements that returned a result set; any thread. */
  public long reads() {
    return slots.getOpaque(READS);
  }

  /** Statements that changed rows; any thread. */
  public long writes() {
    return slots.getOpaque(WRITES);
  }

  /** Other statements; any thread. */
  public long others() {
    return slots.getOpaque(OTHERS);
  }

  /** Lost connections replaced; any thread. */
  public long reconnects() {
    return slots.getOpaque(RECONNECTS);
  }

  /** Failed tries of this cause, of all kinds; any thread. */
  public long tryFailures(FailureCause cause) {
    return slots.getOpaque(CAUSES + cause.ordinal());
  }

  private int base(int kind) {
    if (kind < 0 || kind >= kinds) {
      throw new IllegalArgumentException("kind must be in [0, " + kinds + ") but was " + kind);
    }
    return KIND_BASE + PER_KIND * kind;
  }

  private void tried(int base, int tries) {
    if (tries > 1) {
      add(base + RETRIED, 1);
    }
  }

  private void add(int slot, long delta) {
    // Single writer: no read-modify-write race, so no CAS is needed.
    slots.setOpaque(slot, slots.getPlain(slot) + delta);
  }
}
