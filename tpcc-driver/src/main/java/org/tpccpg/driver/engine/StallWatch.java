package org.tpccpg.driver.engine;

import java.util.Arrays;

/**
 * Tells which clients make no progress: a client that has been in one transaction for longer than a
 * threshold, waiting for the server, is stalled. Each stalled transaction is told once, when it
 * crosses the threshold, and again when it ends. Pure: the caller reads the clock and the clients'
 * transaction starts and passes them in, so tests drive it with a fake clock.
 *
 * <p>It sees transactions, not replies: a transaction whose statements the server answers one by
 * one but that takes longer than the threshold in all is stalled too. With thresholds of seconds
 * and transactions of milliseconds, that is a run that is not making progress either.
 *
 * <p>One thread calls {@link #check}; the clients only publish their transaction starts.
 */
final class StallWatch {
  /** A client's transaction start when it is not in a transaction. */
  static final long IDLE = Long.MIN_VALUE;

  private final long thresholdNanos;
  private final long[] reported; // the start of the transaction told as stalled, or IDLE

  /** What a check found, per client; called on the checking thread. */
  interface Listener {
    /** Client {@code client} (from 0) has been in its transaction since {@code sinceNanos}. */
    void stalled(int client, long sinceNanos, long nowNanos);

    /** The stalled transaction that started at {@code sinceNanos} has ended. */
    void resumed(int client, long sinceNanos, long nowNanos);
  }

  /**
   * @param clients how many clients there are
   * @param thresholdNanos how long a transaction may wait before it is stalled, above 0
   */
  StallWatch(int clients, long thresholdNanos) {
    if (thresholdNanos <= 0) {
      throw new IllegalArgumentException("thresholdNanos must be > 0 but was " + thresholdNanos);
    }
    this.thresholdNanos = thresholdNanos;
    this.reported = new long[clients];
    Arrays.fill(reported, IDLE);
  }

  /**
   * Looks at every client once.
   *
   * @param nowNanos the clock now ({@link System#nanoTime()} or a test's)
   * @param starts per client, when its current transaction started, or {@link #IDLE}
   */
  void check(long nowNanos, long[] starts, Listener listener) {
    if (starts.length != reported.length) {
      throw new IllegalArgumentException(
          "need " + reported.length + " clients' starts but got " + starts.length);
    }
    for (int i = 0; i < starts.length; i++) {
      long start = starts[i];
      if (reported[i] != IDLE && reported[i] != start) {
        listener.resumed(i, reported[i], nowNanos);
        reported[i] = IDLE;
      }
      if (start != IDLE && reported[i] == IDLE && nowNanos - start > thresholdNanos) {
        reported[i] = start;
        listener.stalled(i, start, nowNanos);
      }
    }
  }

  /** How many clients are stalled now, as of the last check. */
  int stalled() {
    int n = 0;
    for (long start : reported) {
      if (start != IDLE) {
        n++;
      }
    }
    return n;
  }
}
