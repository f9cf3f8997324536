package org.tpccpg.driver.engine;

import java.util.Arrays;

/**
 * The thread that ends a run's intervals, for every workload: it waits out the warmup and tells its
 * task, then, every interval on a grid aligned to the end of warmup, tells it again. Missed grid
 * points are skipped, never bunched (a late wake-up does not print two lines at once, as neither
 * sysbench nor pgbench does). It shares no lock with the clients.
 *
 * <p>It also tells its task of each checkpoint (sysbench's {@code --report-checkpoints}), at given
 * offsets from the end of warmup, before the interval that ends at the same time. A checkpoint
 * already past when the thread gets to it is skipped, as sysbench's checkpoint thread skips it.
 *
 * <p>With an interval of 0 and no checkpoints it only ends the warmup. {@link #stop()} ends it, and
 * reports a grid point that had come but that the thread had not yet reported: a run ends at its
 * time limit, on a grid point, and the thread woken for that point may run only after the clients
 * ended, on a busy client machine. The interval is complete, so it is reported whichever thread
 * wins; sysbench and pgbench race here and often lose that line on a busy machine (docs/engine.md,
 * measured).
 */
public final class IntervalTimer implements Runnable {
  private final IntervalTask task;
  private final long startNanos;
  private final long warmupNanos;
  private final long intervalNanos;
  private final long[] checkpointNanos;
  private final Ticker ticker;
  private final Thread thread;
  private volatile boolean stopping;

  /** The grid point the thread waits for and has not reported; {@code NONE} outside the grid. */
  private volatile long due = NONE;

  private static final long NONE = Long.MIN_VALUE;

  /**
   * @param startNanos when the run started, on {@code ticker}'s clock
   * @param warmupNanos warmup length, >= 0
   * @param intervalNanos interval length, >= 0; 0 for no intervals
   * @param ticker the clock
   */
  public IntervalTimer(
      IntervalTask task,
      long startNanos,
      long warmupNanos,
      long intervalNanos,
      Ticker ticker,
      String threadName) {
    this(task, startNanos, warmupNanos, intervalNanos, new long[0], ticker, threadName);
  }

  /**
   * @param startNanos when the run started, on {@code ticker}'s clock
   * @param warmupNanos warmup length, >= 0
   * @param intervalNanos interval length, >= 0; 0 for no intervals
   * @param checkpointNanos the checkpoints' offsets from the end of warmup, ascending, >= 0
   * @param ticker the clock
   */
  public IntervalTimer(
      IntervalTask task,
      long startNanos,
      long warmupNanos,
      long intervalNanos,
      long[] checkpointNanos,
      Ticker ticker,
      String threadName) {
    for (int i = 0; i < checkpointNanos.length; i++) {
      if (checkpointNanos[i] < 0 || (i > 0 && checkpointNanos[i] < checkpointNanos[i - 1])) {
        throw new IllegalArgumentException(
            "checkpointNanos must be >= 0 and ascending but were "
                + Arrays.toString(checkpointNanos));
      }
    }
    this.checkpointNanos = checkpointNanos.clone();
    if (warmupNanos < 0) {
      throw new IllegalArgumentException("warmupNanos must be >= 0 but was " + warmupNanos);
    }
    if (intervalNanos < 0) {
      throw new IllegalArgumentException("intervalNanos must be >= 0 but was " + intervalNanos);
    }
    this.task = task;
    this.startNanos = startNanos;
    this.warmupNanos = warmupNanos;
    this.intervalNanos = intervalNanos;
    this.ticker = ticker;
    this.thread = new Thread(this, threadName);
    thread.setDaemon(true);
  }

  /** Starts the thread. */
  public void start() {
    thread.start();
  }

  /**
   * Ends the thread and waits for it, then reports the grid point that had come unreported, if one
   * had; a partial interval is not reported.
   */
  public void stop() throws InterruptedException {
    stopping = true;
    thread.interrupt();
    thread.join();
    long point = due;
    long now = ticker.nanoTime();
    if (point != NONE && now - point >= 0) {
      due = NONE;
      task.interval(now);
    }
  }

  /** The loop; public so a test can run it on its own thread with a fake ticker. */
  @Override
  public void run() {
    try {
      long measureStart = startNanos + warmupNanos;
      if (warmupNanos > 0) {
        ticker.sleepUntil(measureStart);
        if (stopping) {
          return;
        }
        task.warmupEnded(ticker.nanoTime());
      }
      long next = intervalNanos == 0 ? NONE : measureStart + intervalNanos;
      int checkpoint = firstCheckpointAfter(0, measureStart, ticker.nanoTime());
      while (!stopping) {
        long checkpointAt =
            checkpoint < checkpointNanos.length ? at(measureStart, checkpoint) : NONE;
        if (next == NONE && checkpointAt == NONE) {
          return;
        }
        due = next;
        ticker.sleepUntil(earliest(next, checkpointAt));
        if (stopping) {
          return;
        }
        long now = ticker.nanoTime();
        if (checkpointAt != NONE && now - checkpointAt >= 0) {
          task.checkpoint(now);
          checkpoint = firstCheckpointAfter(checkpoint + 1, measureStart, ticker.nanoTime());
        }
        if (next != NONE && now - next >= 0) {
          task.interval(now);
          next = nextDeadline(next, now);
        }
      }
      due = NONE;
    } catch (InterruptedException e) {
      // stop() interrupts on purpose; either way keep the flag for whoever owns the thread.
      Thread.currentThread().interrupt();
    }
  }

  /** The first checkpoint from {@code index} on that is still ahead of {@code now}. */
  private int firstCheckpointAfter(int index, long measureStart, long now) {
    int i = index;
    while (i < checkpointNanos.length && at(measureStart, i) - now <= 0) {
      i++;
    }
    return i;
  }

  private long at(long measureStart, int checkpoint) {
    return measureStart + checkpointNanos[checkpoint];
  }

  /** The earlier of two times, either of which may be {@code NONE} (not both). */
  private static long earliest(long a, long b) {
    if (a == NONE) {
      return b;
    }
    return b == NONE || a - b <= 0 ? a : b;
  }

  /** The first grid point after {@code now}: {@code previous + k * interval}, k >= 1. */
  long nextDeadline(long previous, long now) {
    long next = previous + intervalNanos;
    if (next <= now) {
      next += ((now - next) / intervalNanos + 1) * intervalNanos;
    }
    return next;
  }
}
