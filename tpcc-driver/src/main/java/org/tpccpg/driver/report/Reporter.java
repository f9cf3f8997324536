package org.tpccpg.driver.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.function.Function;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.IntervalSnapshot;

/**
 * The reporting thread. It waits out the warmup and then restarts the sampler (sysbench master's
 * checkpoint: counters, latencies and the report clock start again, so no report covers warmup).
 * Then, every interval on a grid aligned to the end of warmup (missed points are skipped, never
 * bunched), it samples and hands the interval to its listeners in order: typically a results file,
 * then a {@link LinePrinter} that prints one line and flushes. It shares no lock with the workers.
 *
 * <p>With an interval of 0 it only does the warmup restart. {@link #stop()} ends it; afterwards the
 * caller may use the sampler for the final totals.
 */
public final class Reporter {
  private final IntervalSampler sampler;
  private final List<IntervalListener> listeners;
  private final long startNanos;
  private final long warmupNanos;
  private final long intervalNanos;
  private final Ticker ticker;
  private final Thread thread;
  private volatile boolean stopping;

  /**
   * @param sampler the sampler, used only by this reporter until it stops
   * @param format {@link SysbenchReportLine#text} or {@link SysbenchReportLine#csv}
   * @param out where lines go; each is ended by {@code \n} and flushed
   * @param startNanos when the run started, on {@code ticker}'s clock
   * @param warmupNanos warmup length, >= 0
   * @param intervalNanos report interval, >= 0; 0 prints nothing
   * @param ticker the clock
   */
  public Reporter(
      IntervalSampler sampler,
      Function<IntervalSnapshot, String> format,
      PrintWriter out,
      long startNanos,
      long warmupNanos,
      long intervalNanos,
      Ticker ticker) {
    this(
        sampler,
        List.of(new LinePrinter(format, out)),
        startNanos,
        warmupNanos,
        intervalNanos,
        ticker);
  }

  /**
   * @param sampler the sampler, used only by this reporter until it stops
   * @param listeners called in order with every interval, on the reporter thread
   * @param startNanos when the run started, on {@code ticker}'s clock
   * @param warmupNanos warmup length, >= 0
   * @param intervalNanos report interval, >= 0; 0 reports nothing
   * @param ticker the clock
   */
  public Reporter(
      IntervalSampler sampler,
      List<IntervalListener> listeners,
      long startNanos,
      long warmupNanos,
      long intervalNanos,
      Ticker ticker) {
    if (warmupNanos < 0) {
      throw new IllegalArgumentException("warmupNanos must be >= 0 but was " + warmupNanos);
    }
    if (intervalNanos < 0) {
      throw new IllegalArgumentException("intervalNanos must be >= 0 but was " + intervalNanos);
    }
    this.sampler = sampler;
    this.listeners = List.copyOf(listeners);
    this.startNanos = startNanos;
    this.warmupNanos = warmupNanos;
    this.intervalNanos = intervalNanos;
    this.ticker = ticker;
    this.thread = new Thread(this::run, "tpcc-reporter");
    thread.setDaemon(true);
  }

  /** Starts the reporting thread. */
  public void start() {
    thread.start();
  }

  /** Ends the reporting thread and waits for it; no line is printed for a partial interval. */
  public void stop() throws InterruptedException {
    stopping = true;
    thread.interrupt();
    thread.join();
  }

  /** The loop; package-private so tests can run it on their own thread with a fake ticker. */
  void run() {
    try {
      long measureStart = startNanos + warmupNanos;
      if (warmupNanos > 0) {
        ticker.sleepUntil(measureStart);
        if (stopping) {
          return;
        }
        sampler.restart(ticker.nanoTime());
      }
      if (intervalNanos == 0) {
        return;
      }
      long next = measureStart + intervalNanos;
      while (!stopping) {
        ticker.sleepUntil(next);
        if (stopping) {
          return;
        }
        long now = ticker.nanoTime();
        IntervalSnapshot snapshot = sampler.sample(now);
        for (IntervalListener listener : listeners) {
          listener.interval(snapshot, sampler.lastIntervalLatencies());
        }
        next = nextDeadline(next, now);
      }
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
