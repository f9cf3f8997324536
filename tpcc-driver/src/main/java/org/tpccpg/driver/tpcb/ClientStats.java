package org.tpccpg.driver.tpcb;

import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;

/**
 * One client's figures. Exactly one thread (the client) writes; the progress reporter reads the
 * running totals at any time without locks (opaque reads of single-writer slots, as {@code
 * ThreadCounters} does). The per-command times and the latency histogram are plain fields, read
 * only after the client thread has ended ({@link Thread#join()} orders them).
 */
final class ClientStats {
  private static final int COUNT = 0;
  private static final int LATENCY_SUM = 1;
  private static final int LATENCY_SQUARES = 2; // a double's raw bits
  private static final int PER_SCRIPT = 3;

  private final AtomicLongArray slots;
  private final long[][] commandNanos;
  private final Histogram latencies = new Histogram(3);
  private long connectionNanos;
  private long connections;

  ClientStats(int scripts, int maxCommands) {
    this.slots = new AtomicLongArray(PER_SCRIPT * (scripts + 1));
    this.commandNanos = new long[scripts][maxCommands];
  }

  /** A transaction of script {@code script} took {@code micros}. Client thread only. */
  void transactionDone(int script, long micros) {
    add(0, micros);
    add(PER_SCRIPT * (script + 1), micros);
    latencies.recordValue(micros);
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

  /** Transactions, latency sum (µs) and sum of squares (µs²) of all scripts; any thread. */
  Totals totals() {
    return slotTotals(0);
  }

  /** The same for script {@code script}; any thread. */
  Totals totals(int script) {
    return slotTotals(PER_SCRIPT * (script + 1));
  }

  long commandNanos(int script, int command) {
    return commandNanos[script][command];
  }

  long connectionNanos() {
    return connectionNanos;
  }

  long connections() {
    return connections;
  }

  Histogram latencies() {
    return latencies;
  }

  private Totals slotTotals(int base) {
    return new Totals(
        slots.getOpaque(base + COUNT),
        slots.getOpaque(base + LATENCY_SUM),
        Double.longBitsToDouble(slots.getOpaque(base + LATENCY_SQUARES)));
  }

  private void add(int base, long micros) {
    slots.setOpaque(base + COUNT, slots.getPlain(base + COUNT) + 1);
    slots.setOpaque(base + LATENCY_SUM, slots.getPlain(base + LATENCY_SUM) + micros);
    double squares = Double.longBitsToDouble(slots.getPlain(base + LATENCY_SQUARES));
    double square = (double) micros * micros;
    slots.setOpaque(base + LATENCY_SQUARES, Double.doubleToRawLongBits(squares + square));
  }

  /**
   * Running totals.
   *
   * @param count transactions done
   * @param latencySum their latencies in microseconds
   * @param latencySquares the sum of the squared latencies in µs²
   */
  record Totals(long count, long latencySum, double latencySquares) {
    static final Totals ZERO = new Totals(0, 0, 0);

    Totals plus(Totals other) {
      return new Totals(
          count + other.count,
          latencySum + other.latencySum,
          latencySquares + other.latencySquares);
    }

    Totals minus(Totals other) {
      return new Totals(
          count - other.count,
          latencySum - other.latencySum,
          latencySquares - other.latencySquares);
    }

    /** Mean latency in ms, 0 when empty. */
    double averageMillis() {
      return count == 0 ? 0 : latencySum / 1000.0 / count;
    }

    /** Standard deviation of latency in ms (population, as pgbench computes it), 0 when empty. */
    double stddevMillis() {
      if (count == 0) {
        return 0;
      }
      double mean = (double) latencySum / count;
      double variance = latencySquares / count - mean * mean;
      return variance > 0 ? Math.sqrt(variance) / 1000.0 : 0;
    }
  }
}
