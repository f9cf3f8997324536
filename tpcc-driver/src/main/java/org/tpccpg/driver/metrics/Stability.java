package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * How steady a run was, from its stability windows ({@link StabilityWindows}): the spread of tps
 * and p99 over the windows, their drift, and the dips. Pure: the same windows give the same
 * figures. With fewer than {@value #MIN_WINDOWS} windows nothing is computed ({@link #measured()}
 * is false).
 *
 * <p>The dips, by a method a reviewer can redo by hand: a window is <em>low</em> when its tps is
 * more than {@value #DIP_PERCENT} % below its baseline; the baseline is the median tps of the last
 * {@value #BASELINE_WINDOWS} windows before it that were not low (the median of all the run's
 * windows while fewer than 3 such windows exist, so that a run starting in a dip is measured
 * against what it reached later). Consecutive low windows are one dip. Taking the baseline from
 * before the dip, not from around it, finds a dip longer than the baseline too, and a slow drift
 * moves the baseline along instead of being a dip.
 *
 * <p>Not here: what the server did in a dip, and any judgement of stable or not.
 *
 * @param windows the windows, in time order
 * @param tpsCv the tps's coefficient of variation over the windows (sample standard deviation over
 *     the mean), NaN when not measured or the mean is 0
 * @param worstTpsToMedian the lowest window's tps over the median window's
 * @param worstP99ToMedian the highest window's p99 over the median window's p99
 * @param tpsDriftPercentPerDay the least-squares slope of tps against time, in % of the mean tps
 *     per day (negative: the run slowed)
 * @param p99DriftPercentPerDay the same for the p99
 * @param dips the dips, in time order
 */
public record Stability(
    List<StabilityWindow> windows,
    double tpsCv,
    double worstTpsToMedian,
    double worstP99ToMedian,
    double tpsDriftPercentPerDay,
    double p99DriftPercentPerDay,
    List<Dip> dips) {

  public static final int MIN_WINDOWS = 3;
  public static final int DIP_PERCENT = 20;
  public static final int BASELINE_WINDOWS = 6;
  private static final double SECONDS_PER_DAY = 86_400;

  /** No windows: a run too short, or a result made without them (merged, or read back). */
  public static final Stability NONE = of(List.of());

  public Stability {
    windows = List.copyOf(windows);
    dips = List.copyOf(dips);
  }

  /**
   * A dip: consecutive low windows.
   *
   * @param startSeconds the first low window's start, from the start of measuring
   * @param seconds the low windows' length together
   * @param baselineTps the baseline of the first low window
   * @param lowestTps the lowest window's tps
   */
  public record Dip(double startSeconds, double seconds, double baselineTps, double lowestTps) {
    /** How far the lowest window fell below the baseline, in % of it. */
    public double depthPercent() {
      return baselineTps > 0 ? 100 * (1 - lowestTps / baselineTps) : 0;
    }
  }

  /** Whether there were enough windows for the figures. */
  public boolean measured() {
    return windows.size() >= MIN_WINDOWS;
  }

  /** The length of the windows (the first one's; the last may be shorter). */
  public double windowSeconds() {
    return windows.isEmpty() ? 0 : windows.get(0).seconds();
  }

  /** The figures of these windows. */
  public static Stability of(List<StabilityWindow> windows) {
    if (windows.size() < MIN_WINDOWS) {
      return new Stability(
          windows, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, List.of());
    }
    double[] tps = windows.stream().mapToDouble(StabilityWindow::tps).toArray();
    double[] p99 = windows.stream().mapToDouble(StabilityWindow::p99Millis).toArray();
    double tpsMedian = median(tps);
    double p99Median = median(p99);
    return new Stability(
        windows,
        coefficientOfVariation(tps),
        tpsMedian > 0 ? Arrays.stream(tps).min().orElseThrow() / tpsMedian : Double.NaN,
        p99Median > 0 ? Arrays.stream(p99).max().orElseThrow() / p99Median : Double.NaN,
        driftPercentPerDay(windows, tps),
        driftPercentPerDay(windows, p99),
        dips(windows, tps));
  }

  private static List<Dip> dips(List<StabilityWindow> windows, double[] tps) {
    List<Dip> dips = new ArrayList<>();
    List<Double> normal = new ArrayList<>();
    double runMedian = median(tps);
    int dipStart = -1;
    double dipBaseline = 0;
    double lowest = 0;
    for (int i = 0; i < tps.length; i++) {
      double baseline = normal.size() < MIN_WINDOWS ? runMedian : median(last(normal));
      boolean low = tps[i] < (1 - DIP_PERCENT / 100.0) * baseline;
      if (low && dipStart < 0) {
        dipStart = i;
        dipBaseline = baseline;
        lowest = tps[i];
      } else if (low) {
        lowest = Math.min(lowest, tps[i]);
      } else {
        if (dipStart >= 0) {
          dips.add(dip(windows, dipStart, i, dipBaseline, lowest));
          dipStart = -1;
        }
        normal.add(tps[i]);
      }
    }
    if (dipStart >= 0) {
      dips.add(dip(windows, dipStart, tps.length, dipBaseline, lowest));
    }
    return dips;
  }

  private static Dip dip(
      List<StabilityWindow> windows, int from, int to, double baseline, double lowest) {
    double seconds = 0;
    for (int i = from; i < to; i++) {
      seconds += windows.get(i).seconds();
    }
    return new Dip(windows.get(from).startSeconds(), seconds, baseline, lowest);
  }

  private static double[] last(List<Double> values) {
    return values.subList(Math.max(0, values.size() - BASELINE_WINDOWS), values.size()).stream()
        .mapToDouble(Double::doubleValue)
        .toArray();
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static double coefficientOfVariation(double[] values) {
    double mean = Arrays.stream(values).average().orElseThrow();
    if (mean == 0) {
      return Double.NaN;
    }
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return Math.sqrt(squares / (values.length - 1)) / mean;
  }

  /** The measured time the windows cover, from the first one's start to the last one's end. */
  public double coveredSeconds() {
    if (windows.isEmpty()) {
      return 0;
    }
    StabilityWindow last = windows.get(windows.size() - 1);
    return last.startSeconds() + last.seconds() - windows.get(0).startSeconds();
  }

  /** A drift per day as the change over the windows' time, in %. */
  public double overTheRun(double percentPerDay) {
    return percentPerDay * coveredSeconds() / SECONDS_PER_DAY;
  }

  /** The least-squares slope against the windows' middles, in % of the mean per day. */
  private static double driftPercentPerDay(List<StabilityWindow> windows, double[] values) {
    double mean = Arrays.stream(values).average().orElseThrow();
    if (mean == 0) {
      return Double.NaN;
    }
    SimpleRegression regression = new SimpleRegression();
    for (int i = 0; i < values.length; i++) {
      StabilityWindow w = windows.get(i);
      regression.addData((w.startSeconds() + w.seconds() / 2) / SECONDS_PER_DAY, values[i]);
    }
    return 100 * regression.getSlope() / mean;
  }
}
