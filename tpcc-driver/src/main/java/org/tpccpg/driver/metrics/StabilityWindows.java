package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Gathers a run's report intervals into stability windows of equal length, in flat memory for a run
 * of any length and without knowing its length beforehand (a run may be stopped, or end after
 * {@code -t} transactions). Windows start one interval long; whenever {@value #DOUBLING_WINDOWS}
 * windows are full and shorter than {@value #FINAL_SECONDS} s, neighbours are merged in pairs and
 * the length doubles. So a short run gets 32 to 64 windows and a long one windows of 5 to 10
 * minutes (the interval times a power of two: 512 s at 1-second intervals, 320 s at 10), about 200
 * a day.
 *
 * <p>While windows double each keeps its latencies in a histogram of 2 significant digits
 * (percentiles within 1 %), so that merged windows have true percentiles; once they stop, a
 * finished window keeps only its figures. The latest window counts when it is at least half as long
 * as the others.
 *
 * <p>Not thread-safe: one thread feeds it (the reporter's, through {@link IntervalSampler}). It
 * reads no clock: times are the intervals'.
 */
public final class StabilityWindows {
  static final int DOUBLING_WINDOWS = 64;
  static final double FINAL_SECONDS = 300;
  private static final int DIGITS = 2;
  private static final double MICROS_PER_MILLI = 1000.0;

  private final List<Pending> doubling = new ArrayList<>();
  private final List<StabilityWindow> finished = new ArrayList<>();
  private int intervalsPerWindow = 1;
  private boolean stillDoubling = true;
  private Pending current;

  /** Adds the next interval. */
  public void add(Interval interval) {
    if (current == null) {
      current = new Pending(interval.elapsedSeconds() - interval.seconds());
    }
    current.add(interval);
    if (current.intervals < intervalsPerWindow) {
      return;
    }
    if (!stillDoubling) {
      finished.add(current.figures());
    } else {
      doubling.add(current);
      if (current.seconds >= FINAL_SECONDS) {
        stopDoubling();
      } else if (doubling.size() == DOUBLING_WINDOWS) {
        mergePairs();
      }
    }
    current = null;
  }

  /** Forgets everything: the warmup ended. */
  public void clear() {
    doubling.clear();
    finished.clear();
    intervalsPerWindow = 1;
    stillDoubling = true;
    current = null;
  }

  /** The windows so far, in time order, and their figures. */
  public Stability stability() {
    List<StabilityWindow> windows = new ArrayList<>(finished);
    doubling.forEach(w -> windows.add(w.figures()));
    if (current != null && 2 * current.intervals >= intervalsPerWindow) {
      windows.add(current.figures());
    }
    return Stability.of(windows);
  }

  private void mergePairs() {
    List<Pending> merged = new ArrayList<>(DOUBLING_WINDOWS / 2);
    for (int i = 0; i + 1 < doubling.size(); i += 2) {
      merged.add(doubling.get(i).plus(doubling.get(i + 1)));
    }
    doubling.clear();
    doubling.addAll(merged);
    intervalsPerWindow *= 2;
    if (merged.get(0).seconds >= FINAL_SECONDS) {
      stopDoubling();
    }
  }

  private void stopDoubling() {
    doubling.forEach(w -> finished.add(w.figures()));
    doubling.clear();
    stillDoubling = false;
  }

  /** A window being filled, or one kept with its histogram while windows double. */
  private static final class Pending {
    private final double startSeconds;
    private final Histogram latencies = new Histogram(DIGITS);
    private double seconds;
    private long transactions;
    private int intervals;

    Pending(double startSeconds) {
      this.startSeconds = startSeconds;
    }

    void add(Interval interval) {
      seconds += interval.seconds();
      transactions += interval.counters().total().events();
      latencies.add(interval.latencies());
      intervals++;
    }

    Pending plus(Pending next) {
      Pending sum = new Pending(startSeconds);
      sum.seconds = seconds + next.seconds;
      sum.transactions = transactions + next.transactions;
      sum.intervals = intervals + next.intervals;
      sum.latencies.add(latencies);
      sum.latencies.add(next.latencies);
      return sum;
    }

    StabilityWindow figures() {
      boolean any = latencies.getTotalCount() > 0;
      return new StabilityWindow(
          startSeconds,
          seconds,
          transactions,
          any ? latencies.getValueAtPercentile(95) / MICROS_PER_MILLI : 0,
          any ? latencies.getValueAtPercentile(99) / MICROS_PER_MILLI : 0);
    }
  }
}
