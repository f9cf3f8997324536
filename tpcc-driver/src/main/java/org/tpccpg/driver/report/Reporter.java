package org.tpccpg.driver.report;

import java.util.List;
import org.tpccpg.driver.engine.IntervalTask;
import org.tpccpg.driver.engine.IntervalTimer;
import org.tpccpg.driver.engine.Ticker;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.IntervalSampler;

/**
 * A run's intervals on the engine's {@link IntervalTimer}, for either workload. At the end of the
 * warmup it restarts the sampler (sysbench master's checkpoint: counters, latencies and the report
 * clock start again, so no report covers warmup). At the end of each interval it samples and hands
 * the interval to its listeners in order: typically a results file, then a {@link LinePrinter} that
 * prints one line and flushes.
 *
 * <p>With checkpoints (sysbench's {@code --report-checkpoints}) it takes each from the sampler and
 * hands it to the listeners, before the interval that ends at the same time.
 *
 * <p>With an interval of 0 and no checkpoints it only does the warmup restart. {@link #stop()} ends
 * it; afterwards the caller may use the sampler for the final totals.
 */
public final class Reporter implements IntervalTask {
  /**
   * The interval when a run prints no report lines but records its intervals (the results files) or
   * serves them (live metrics): every 10 s.
   */
  public static final int SECONDS_WITHOUT_REPORT_LINES = 10;

  private final IntervalSampler sampler;
  private final List<IntervalListener> listeners;
  private final Ticker ticker;
  private final IntervalTimer timer;

  /**
   * @param sampler the sampler, used only by this reporter until it stops
   * @param listeners called in order with every interval, on the reporter thread
   * @param startNanos when the run started, on {@code ticker}'s clock
   * @param warmupNanos warmup length, >= 0
   * @param intervalNanos report interval, >= 0; 0 reports nothing
   * @param ticker the clock
   * @param threadName the reporting thread's name
   */
  public Reporter(
      IntervalSampler sampler,
      List<IntervalListener> listeners,
      long startNanos,
      long warmupNanos,
      long intervalNanos,
      Ticker ticker,
      String threadName) {
    this(
        sampler,
        listeners,
        startNanos,
        warmupNanos,
        intervalNanos,
        new long[0],
        ticker,
        threadName);
  }

  /**
   * A reporter that also takes sysbench's checkpoints and hands each to the listeners.
   *
   * @param checkpointNanos the checkpoints' offsets from the end of warmup, ascending, >= 0
   */
  public Reporter(
      IntervalSampler sampler,
      List<IntervalListener> listeners,
      long startNanos,
      long warmupNanos,
      long intervalNanos,
      long[] checkpointNanos,
      Ticker ticker,
      String threadName) {
    this.sampler = sampler;
    this.listeners = List.copyOf(listeners);
    this.ticker = ticker;
    if (checkpointNanos.length > 0) {
      sampler.trackCheckpoints();
    }
    this.timer =
        new IntervalTimer(
            this, startNanos, warmupNanos, intervalNanos, checkpointNanos, ticker, threadName);
  }

  /** Tells the listeners, then starts the reporting thread. */
  public void start() {
    listeners.forEach(IntervalListener::started);
    timer.start();
  }

  /**
   * Ends the reporting thread and waits for it, then tells the listeners; no line is printed for a
   * partial interval.
   */
  public void stop() throws InterruptedException {
    try {
      timer.stop();
    } finally {
      listeners.forEach(IntervalListener::stopped);
    }
  }

  /** The loop on the caller's thread, for tests with a fake ticker. */
  void run() {
    timer.run();
  }

  /**
   * Restarts the sampler at the time it reads the counters, not at the timer's {@code nowNanos}
   * (see {@link IntervalSampler}: this thread may run long after it woke).
   */
  @Override
  public void warmupEnded(long nowNanos) {
    sampler.restart(ticker::nanoTime);
    listeners.forEach(IntervalListener::warmupEnded);
  }

  /** Takes the checkpoint when the sampler reads the counters, as {@link #warmupEnded}. */
  @Override
  public void checkpoint(long nowNanos) {
    IntervalSampler.Checkpoint checkpoint = sampler.checkpoint(ticker::nanoTime);
    for (IntervalListener listener : listeners) {
      listener.checkpoint(checkpoint);
    }
  }

  /** Samples the interval ending when the sampler reads the counters, as {@link #warmupEnded}. */
  @Override
  public void interval(long nowNanos) {
    Interval interval = sampler.sample(ticker::nanoTime);
    for (IntervalListener listener : listeners) {
      listener.interval(interval);
    }
  }
}
