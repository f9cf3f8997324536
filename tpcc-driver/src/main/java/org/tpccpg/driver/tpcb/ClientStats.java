package org.tpccpg.driver.tpcb;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One client's figures. Exactly one thread (the client) writes; the progress reporter reads the
 * running totals at any time without locks (opaque reads of single-writer slots, as {@code
 * ThreadCounters} does), reconnects included. The per-command figures are plain fields, read only
 * after the client thread has ended ({@link Thread#join()} orders them); latencies go to the run's
 * shared {@link ScriptLatencies}.
 */
final class ClientStats {
  private static final int COUNT = 0;
  private static final int LATENCY_SUM = 1;
  private static final int LATENCY_SQUARES = 2; // a double's raw bits
  private static final int FAILED = 3;
  private static final int SERIALIZATION = 4;
  private static final int DEADLOCK = 5;
  private static final int RETRIED = 6;
  private static final int RETRIES = 7;
  private static final int SKIPPED = 8;
  private static final int LATE = 9;
  private static final int LAG_SUM = 10;
  private static final int LAG_MAX = 11;
  private static final int PER_GROUP = 12;
  private static final int RECONNECTS = 0; // in the client slots, after the groups

  private final AtomicLongArray slots;
  private final long[][] commandNanos;
  private final long[][] commandFailures;
  private final long[][] commandRetries;
  private final ScriptLatencies scriptLatencies;
  private final int clientSlots;
  private long connectionNanos;
  private long connections;

  /**
   * @param scriptLatencies where every client records its latencies per script: a histogram per
   *     client would cost some 100 KiB each at 3 significant digits, 100 MiB of heap at 1,000
   *     clients
   */
  ClientStats(int scripts, int maxCommands, ScriptLatencies scriptLatencies) {
    this.clientSlots = PER_GROUP * (scripts + 1);
    this.slots = new AtomicLongArray(clientSlots + 1);
    this.scriptLatencies = scriptLatencies;
    this.commandNanos = new long[scripts][maxCommands];
    this.commandFailures = new long[scripts][maxCommands];
    this.commandRetries = new long[scripts][maxCommands];
  }

  /**
   * A transaction of script {@code script} succeeded after {@code tries} tries. Client thread only.
   *
   * @param micros its latency, from the scheduled start under {@code -R}
   * @param lagMicros how late it started against its schedule, 0 without {@code -R}
   * @param late whether it took longer than {@code -L}
   */
  void transactionDone(int script, long micros, long lagMicros, int tries, boolean late) {
    done(0, micros, lagMicros, tries, late);
    done(PER_GROUP * (script + 1), micros, lagMicros, tries, late);
    scriptLatencies.record(script, micros);
  }

  /** A transaction failed for good in command {@code command}. Client thread only. */
  void transactionFailed(int script, int command, FailureKind kind, int tries) {
    failed(0, kind, tries);
    failed(PER_GROUP * (script + 1), kind, tries);
    commandFailures[script][command]++;
  }

  /** Command {@code command} failed and the transaction is tried again. Client thread only. */
  void commandRetried(int script, int command) {
    commandRetries[script][command]++;
  }

  /** {@code -R} with {@code -L}: a transaction of {@code script} could not start in time. */
  void transactionSkipped(int script) {
    increment(SKIPPED);
    increment(PER_GROUP * (script + 1) + SKIPPED);
  }

  /** Command {@code command} of script {@code script} took {@code nanos}. Client thread only. */
  void commandDone(int script, int command, long nanos) {
    commandNanos[script][command] += nanos;
  }

  /** A connection was opened in {@code nanos}. Client thread only. */
  void connected(long nanos) {
    connectionNanos += nanos;
    connections++;
  }

  /** A lost connection was replaced. Client thread only. */
  void reconnected() {
    increment(clientSlots + RECONNECTS);
  }

  /** Lost connections replaced so far; any thread. */
  long reconnects() {
    return slots.getOpaque(clientSlots + RECONNECTS);
  }

  /** The figures of all scripts; any thread. */
  Totals totals() {
    return slotTotals(0);
  }

  /** The same for script {@code script}; any thread. */
  Totals totals(int script) {
    return slotTotals(PER_GROUP * (script + 1));
  }

  long commandNanos(int script, int command) {
    return commandNanos[script][command];
  }

  long commandFailures(int script, int command) {
    return commandFailures[script][command];
  }

  long commandRetries(int script, int command) {
    return commandRetries[script][command];
  }

  long connectionNanos() {
    return connectionNanos;
  }

  long connections() {
    return connections;
  }

  private Totals slotTotals(int base) {
    return new Totals(
        slots.getOpaque(base + COUNT),
        slots.getOpaque(base + LATENCY_SUM),
        Double.longBitsToDouble(slots.getOpaque(base + LATENCY_SQUARES)),
        slots.getOpaque(base + FAILED),
        slots.getOpaque(base + SERIALIZATION),
        slots.getOpaque(base + DEADLOCK),
        slots.getOpaque(base + RETRIED),
        slots.getOpaque(base + RETRIES),
        slots.getOpaque(base + SKIPPED),
        slots.getOpaque(base + LATE),
        slots.getOpaque(base + LAG_SUM),
        slots.getOpaque(base + LAG_MAX));
  }

  private void done(int base, long micros, long lagMicros, int tries, boolean late) {
    increment(base + COUNT);
    add(base + LATENCY_SUM, micros);
    double squares = Double.longBitsToDouble(slots.getPlain(base + LATENCY_SQUARES));
    double square = (double) micros * micros;
    slots.setOpaque(base + LATENCY_SQUARES, Double.doubleToRawLongBits(squares + square));
    add(base + LAG_SUM, lagMicros);
    if (lagMicros > slots.getPlain(base + LAG_MAX)) {
      slots.setOpaque(base + LAG_MAX, lagMicros);
    }
    if (late) {
      increment(base + LATE);
    }
    tried(base, tries);
  }

  private void failed(int base, FailureKind kind, int tries) {
    increment(base + FAILED);
    if (kind == FailureKind.SERIALIZATION) {
      increment(base + SERIALIZATION);
    } else if (kind == FailureKind.DEADLOCK) {
      increment(base + DEADLOCK);
    }
    tried(base, tries);
  }

  private void tried(int base, int tries) {
    if (tries > 1) {
      increment(base + RETRIED);
      add(base + RETRIES, tries - 1);
    }
  }

  private void increment(int slot) {
    add(slot, 1);
  }

  private void add(int slot, long value) {
    slots.setOpaque(slot, slots.getPlain(slot) + value);
  }
}
