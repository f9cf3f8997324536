package org.tpccpg.driver.metrics;

import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * Turns counter readings into intervals and the final result, for either workload. Each {@link
 * #sample} sums the clients' counters, subtracts the previous sum and drains the latency recorders.
 * One thread uses an instance (the reporter, then the run after the reporter has stopped). The
 * intervals also go into the result's stability windows ({@link StabilityWindows}).
 *
 * <p>An interval ends when the counters are read, not when the reporter woke: the clock is read
 * right after them. On a machine whose cores are all busy (400 client threads beside the server's
 * backends on two cores) the reporting thread may run seconds after it woke, and an interval
 * stamped at the wake-up held those seconds' transactions in a 1-second line (measured: 171,477 tps
 * printed for the first second of a run whose server did some 30,000).
 */
public final class IntervalSampler {
  private static final double NANOS_PER_SECOND = 1e9;

  private final List<String> kinds;
  private final List<ClientCounters> clients;
  private final KindLatencies latencies;
  private final StabilityWindows windows = new StabilityWindows();
  private long measureStartNanos;
  private long previousNanos;
  private CounterSnapshot baseline;
  private CounterSnapshot previous;
  private boolean checkpoints;
  private long checkpointNanos;
  private CounterSnapshot checkpointBaseline;
  private boolean checkpointTaken;

  /**
   * What happened between two of sysbench's checkpoints (or the start, or the end of the run).
   *
   * @param sinceStartSeconds from the start of measuring to the checkpoint: sysbench's "total time"
   * @param window the counters and latencies of the window, its time the window's length
   */
  public record Checkpoint(double sinceStartSeconds, RunResult window) {}

  /**
   * @param kinds the labels of the workload's kinds, in kind order
   * @param clients the clients' counters, in client order
   * @param latencies the clients' latency recorders
   * @param startNanos {@link System#nanoTime()} when the run started
   */
  public IntervalSampler(
      List<String> kinds, List<ClientCounters> clients, KindLatencies latencies, long startNanos) {
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("clients must not be empty but was " + clients);
    }
    if (kinds.size() != latencies.kinds() || kinds.size() != clients.get(0).kinds()) {
      throw new IllegalArgumentException(
          "kinds must name every kind of the counters and latencies but was " + kinds);
    }
    this.kinds = List.copyOf(kinds);
    this.clients = List.copyOf(clients);
    this.latencies = latencies;
    restartAt(startNanos, CounterSnapshot.of(this.clients));
  }

  /**
   * The checkpoint at the end of warmup (sysbench master): what happened so far is forgotten,
   * counters, latencies and the clock of the report times included.
   */
  public void restart(LongSupplier clock) {
    latencies.resetCumulative();
    windows.clear();
    CounterSnapshot snapshot = CounterSnapshot.of(clients);
    restartAt(clock.getAsLong(), snapshot);
  }

  /** Keeps what {@link #checkpoint} needs from now on; before the first sample. */
  public void trackCheckpoints() {
    latencies.trackCheckpoints();
    checkpoints = true;
  }

  /**
   * sysbench's checkpoint: what happened since the previous one (or the start, or the warmup
   * restart), ending when {@code clock} is read right after the counters; the next window starts
   * there. The intervals are not affected.
   *
   * @throws IllegalStateException without {@link #trackCheckpoints()}
   */
  public Checkpoint checkpoint(LongSupplier clock) {
    if (!checkpoints) {
      throw new IllegalStateException("checkpoints are not tracked: call trackCheckpoints first");
    }
    CounterSnapshot current = CounterSnapshot.of(clients);
    long nowNanos = clock.getAsLong();
    Checkpoint checkpoint = window(current, latencies.checkpoint(), nowNanos);
    checkpointBaseline = current;
    checkpointNanos = nowNanos;
    checkpointTaken = true;
    return checkpoint;
  }

  /**
   * The window from the latest checkpoint to {@code endNanos}, for sysbench's closing block; null
   * when no checkpoint was taken (the block is then the whole run's). Call after the clients and
   * the reporter have stopped.
   */
  public Checkpoint afterLastCheckpoint(long endNanos) {
    if (!checkpointTaken) {
      return null;
    }
    CounterSnapshot current = CounterSnapshot.of(clients);
    return window(current, latencies.checkpoint(), Math.max(endNanos, checkpointNanos));
  }

  private Checkpoint window(CounterSnapshot current, List<Histogram> latencies, long nowNanos) {
    RunResult window =
        new RunResult(
            kinds,
            (nowNanos - checkpointNanos) / NANOS_PER_SECOND,
            0,
            current.minus(checkpointBaseline),
            latencies,
            List.of(),
            RunResult.Ending.COMPLETED);
    return new Checkpoint((nowNanos - measureStartNanos) / NANOS_PER_SECOND, window);
  }

  /**
   * The interval since the previous sample (or start, or restart), ending when {@code clock} is
   * read, right after the counters.
   */
  public Interval sample(LongSupplier clock) {
    int ran = clientsRunningSince(previousNanos); // before the counters: a client ends first
    CounterSnapshot current = CounterSnapshot.of(clients);
    long nowNanos = clock.getAsLong();
    if (nowNanos <= previousNanos) {
      throw new IllegalArgumentException(
          "the clock must be after the previous sample at "
              + previousNanos
              + " but was "
              + nowNanos);
    }
    Interval interval =
        new Interval(
            (nowNanos - measureStartNanos) / NANOS_PER_SECOND,
            (nowNanos - previousNanos) / NANOS_PER_SECOND,
            ran,
            current.minus(previous),
            latencies.sampleInterval(),
            latencies.lastInterval());
    previous = current;
    previousNanos = nowNanos;
    windows.add(interval);
    return interval;
  }

  /**
   * Everything since start (or the warmup restart), for the final summary. Call after the clients
   * and the reporter have stopped.
   *
   * @param measuredNanos the time the rates are over: usually since {@link #measureStartNanos()},
   *     under pgbench's {@code -C} since the first connection
   * @param connectionMillis see {@link RunResult#connectionMillis()}
   * @param outages the run's outages, in the order they started
   */
  public RunResult result(
      long measuredNanos,
      double connectionMillis,
      List<OutageTracker.Outage> outages,
      RunResult.Ending ending) {
    return new RunResult(
        kinds,
        Math.max(0, measuredNanos) / NANOS_PER_SECOND,
        connectionMillis,
        CounterSnapshot.of(clients).minus(baseline),
        latencies.cumulativeCopies(),
        outages,
        ending,
        Map.of(),
        windows.stability());
  }

  /** When measuring began: the start, or the end of warmup. */
  public long measureStartNanos() {
    return measureStartNanos;
  }

  /** sysbench's "thds:": the clients that ran during the interval, also those that ended in it. */
  private int clientsRunningSince(long intervalStartNanos) {
    int running = 0;
    for (ClientCounters c : clients) {
      if (c.ranSince(intervalStartNanos)) {
        running++;
      }
    }
    return running;
  }

  private void restartAt(long nowNanos, CounterSnapshot snapshot) {
    measureStartNanos = nowNanos;
    previousNanos = nowNanos;
    baseline = snapshot;
    previous = snapshot;
    checkpointNanos = nowNanos;
    checkpointBaseline = snapshot;
  }
}
