package org.tpccpg.driver.engine;

/**
 * The thread that ends a run's intervals, for every workload: it waits out the warmup and tells its
 * task, then, every interval on a grid aligned to the end of warmup, tells it again. Missed grid
 * points are skipped, never bunched (a late wake-up does not print two lines at once, as neither
 * sysbench nor pgbench does). It shares no lock with the clients.
 *
 * <p>With an interval of 0 it only ends the warmup. {@link #stop()} ends it, and reports a grid
 * point that had come but that the thread had not yet reported: a run ends at its time limit, on a
 * grid point, and the thread woken for that point may run only after the clients ended, on a busy
 * client machine. The interval is complete, so it is reported whichever thread wins; sysbench and
 * pgbench race here and often lose that line on a busy machine (docs/engine.md, measured).
 */
public final class IntervalTimer implements Runnable {
  private final IntervalTask task;
  private final long startNanos;
  private final long warmupNanos;
  private final long intervalNanos;
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
      if (intervalNanos == 0) {
        return;
      }
      long next = measureStart + intervalNanos;
      while (!stopping) {
        due = next;
        ticker.sleepUntil(next);
        if (stopping) {
          return;
        }
        long now = ticker.nanoTime();
        task.interval(now);
        next = nextDeadline(next, now);
      }
      due = NONE;
    } catch (InterruptedException e) {
      // stop() interrupts on purpose; either way keep the flag for whoever owns the thread.
      Thread.currentThread().interrupt();
    }
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
