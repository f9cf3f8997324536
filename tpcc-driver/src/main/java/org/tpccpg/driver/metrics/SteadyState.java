package org.tpccpg.driver.metrics;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The evidence that a measurement interval was in steady state: tpmC in each whole 10-minute window
 * and their spread, (max - min) / mean. TPC-C 5.5 asks for the measurement interval to be in steady
 * state and leaves how to show it to the sponsor; this tool asks for at least {@link #MIN_WINDOWS}
 * whole windows whose spread is at most {@link #MAX_SPREAD_PERCENT}. A partial last window is left
 * out. Pure: built from counts.
 *
 * @param tpmC each whole window's New-Orders per minute, in order
 * @param spreadPercent (max - min) / mean of those, in percent; 0 with fewer than two windows
 */
public record SteadyState(List<Double> tpmC, double spreadPercent) {
  /** The window's length. */
  public static final long WINDOW_SECONDS = 600;

  /** The fewest whole windows that show a steady state (one cannot be compared). */
  public static final int MIN_WINDOWS = 2;

  /**
   * The largest spread of the windows' tpmC that still counts as steady. At 12.86 tpmC per
   * warehouse a window of 10 warehouses holds about 1,290 New-Orders, so chance alone moves a
   * window by a few percent; 10 % is beyond that and within what a drifting run shows.
   */
  public static final double MAX_SPREAD_PERCENT = 10;

  public SteadyState {
    tpmC = List.copyOf(tpmC);
  }

  /**
   * The windows of a measurement interval.
   *
   * @param newOrdersPerWindow New-Orders completed per window from the interval's start (longer
   *     than the interval is fine: what lies past it is left out)
   * @param measuredSeconds the measurement interval's length
   */
  public static SteadyState of(long[] newOrdersPerWindow, double measuredSeconds) {
    int whole =
        (int) Math.min(newOrdersPerWindow.length, Math.floor(measuredSeconds / WINDOW_SECONDS));
    double minutes = WINDOW_SECONDS / 60.0;
    List<Double> tpmC =
        Arrays.stream(newOrdersPerWindow, 0, Math.max(0, whole))
            .mapToObj(n -> n / minutes)
            .toList();
    return new SteadyState(tpmC, spread(tpmC));
  }

  /** The windows' tpmC as given (a merge's, summed over drivers), with their spread. */
  public static SteadyState ofWindows(List<Double> tpmC) {
    return new SteadyState(tpmC, spread(tpmC));
  }

  /** (max - min) / mean in percent; 0 for fewer than two values or all of them 0. */
  static double spread(List<Double> values) {
    if (values.size() < 2) {
      return 0;
    }
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    return mean > 0 ? (max - min) / mean * 100 : 0;
  }

  /** Whether enough windows were measured and their spread is within the limit. */
  public boolean steady() {
    return tpmC.size() >= MIN_WINDOWS
        && spreadPercent <= MAX_SPREAD_PERCENT
        && tpmC.stream().allMatch(t -> t > 0);
  }

  /** Why this is not a steady state, or null when it is. */
  public String reason() {
    if (tpmC.size() < MIN_WINDOWS) {
      return "steady state not shown: "
          + tpmC.size()
          + " whole "
          + WINDOW_SECONDS / 60
          + "-minute windows in the measurement interval (at least "
          + MIN_WINDOWS
          + " to compare)";
    }
    if (!steady()) {
      return String.format(
          Locale.ROOT,
          "tpmC not steady: %d-minute windows from %.2f to %.2f, a spread of %.1f %% of their"
              + " mean (at most %.0f %%)",
          WINDOW_SECONDS / 60,
          min(),
          max(),
          spreadPercent,
          MAX_SPREAD_PERCENT);
    }
    return null;
  }

  /** One line: each window's tpmC and the spread, or that no window was whole. */
  public String line() {
    if (tpmC.isEmpty()) {
      return "steady state: no whole " + WINDOW_SECONDS / 60 + "-minute window measured";
    }
    StringBuilder b = new StringBuilder("tpmC per " + WINDOW_SECONDS / 60 + "-minute window:");
    for (double t : tpmC) {
      b.append(String.format(Locale.ROOT, " %.2f", t));
    }
    return b.append(
            String.format(
                Locale.ROOT,
                "; spread %.1f %% (at most %.0f %%): %s",
                spreadPercent,
                MAX_SPREAD_PERCENT,
                steady() ? "steady" : "NOT steady"))
        .toString();
  }

  private double min() {
    return tpmC.stream().mapToDouble(Double::doubleValue).min().orElse(0);
  }

  private double max() {
    return tpmC.stream().mapToDouble(Double::doubleValue).max().orElse(0);
  }
}
