package org.tpccpg.driver.engine;

import java.util.Arrays;

/**
 * Tells which clients make no progress, and when the run as a whole makes none. A client that has
 * been in one transaction for longer than a threshold, waiting for the server, is stalled: each
 * stalled transaction is told once, when it crosses the threshold (again, as counted, if the run
 * stalls later while it still waits), and once more when it ends. The run is stalled when, besides,
 * no transaction of any client has ended for longer than the threshold: only then do its stalled
 * clients count as an outage, from the last transaction that ended. A client queued behind row
 * locks for seconds while the others commit (hundreds of clients on one server core) is told, but
 * it is not an outage of the server.
 *
 * <p>Pure: the caller reads the clock, the clients' transaction starts and the run's count of ended
 * transactions and passes them in, so tests drive it with a fake clock. It sees transactions, not
 * replies: a transaction whose statements the server answers one by one but that takes longer than
 * the threshold in all is stalled too.
 *
 * <p>One thread calls {@link #begin} and then {@link #check}; the clients only publish their
 * transaction starts.
 */
final class StallWatch {
  /** A client's transaction start when it is not in a transaction. */
  static final long IDLE = Long.MIN_VALUE;

  private final long thresholdNanos;
  private final long[] reported; // the start of the transaction told as stalled, or IDLE
  private final boolean[] counted; // whether that client is counted in the outage going on
  private final boolean[] toldCounted; // whether its stall was told with runStalled
  private long endedCount;
  private long lastEndNanos; // when endedCount was last seen to grow (or the start)

  /** What a check found, per client; called on the checking thread. */
  interface Listener {
    /**
     * Client {@code client} (from 0) has been in its transaction since {@code sinceNanos}; {@code
     * runStalled} when no other transaction has ended for longer than the threshold either.
     */
    void stalled(int client, long sinceNanos, long nowNanos, boolean runStalled);

    /** The stalled transaction that started at {@code sinceNanos} has ended. */
    void resumed(int client, long sinceNanos, long nowNanos);

    /**
     * Client {@code client} counts in an outage: the run has ended nothing since {@code atNanos}.
     */
    default void outageJoined(int client, long atNanos) {}

    /** Client {@code client} no longer counts in the outage: it or another client moved on. */
    default void outageLeft(int client) {}
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
    this.counted = new boolean[clients];
    this.toldCounted = new boolean[clients];
    Arrays.fill(reported, IDLE);
  }

  /** The run starts at {@code startNanos} with {@code ended} transactions ended so far. */
  void begin(long startNanos, long ended) {
    this.lastEndNanos = startNanos;
    this.endedCount = ended;
  }

  /**
   * Looks at every client once.
   *
   * @param nowNanos the clock now ({@link System#nanoTime()} or a test's)
   * @param starts per client, when its current transaction started, or {@link #IDLE}
   * @param ended the run's transactions ended so far, all clients together
   */
  void check(long nowNanos, long[] starts, long ended, Listener listener) {
    if (starts.length != reported.length) {
      throw new IllegalArgumentException(
          "need " + reported.length + " clients' starts but got " + starts.length);
    }
    if (ended != endedCount) {
      endedCount = ended;
      lastEndNanos = nowNanos;
    }
    boolean runStalled = nowNanos - lastEndNanos > thresholdNanos;
    for (int i = 0; i < starts.length; i++) {
      long start = starts[i];
      if (reported[i] != IDLE && reported[i] != start) {
        leave(i, listener);
        listener.resumed(i, reported[i], nowNanos);
        reported[i] = IDLE;
        toldCounted[i] = false;
      }
      if (start != IDLE && reported[i] == IDLE && nowNanos - start > thresholdNanos) {
        reported[i] = start;
        toldCounted[i] = runStalled;
        listener.stalled(i, start, nowNanos, runStalled);
      }
      if (reported[i] != IDLE && runStalled && !counted[i]) {
        if (!toldCounted[i]) {
          // told "not an outage" when others still committed; the run has stopped since
          toldCounted[i] = true;
          listener.stalled(i, start, nowNanos, true);
        }
        counted[i] = true;
        // from the last transaction that ended, or this one's start if it began after that
        listener.outageJoined(i, start - lastEndNanos > 0 ? start : lastEndNanos);
      } else if (!runStalled) {
        leave(i, listener);
      }
    }
  }

  private void leave(int client, Listener listener) {
    if (counted[client]) {
      counted[client] = false;
      listener.outageLeft(client);
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
