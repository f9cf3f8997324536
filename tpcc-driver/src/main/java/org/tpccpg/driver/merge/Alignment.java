package org.tpccpg.driver.merge;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How the drivers' intervals line up by wall clock: the first interval of each that ends together
 * with the others' (the nearest, within half an interval), and how many intervals all of them have
 * from there, each ending together. Those intervals are the common window.
 *
 * @param first per driver, the index of its first interval in the common window
 * @param count the intervals in the common window
 */
record Alignment(List<Integer> first, int count) {
  Alignment {
    first = List.copyOf(first);
  }

  /**
   * Lines the drivers' intervals up.
   *
   * @throws MergeRefused when they have no interval in common, drift apart, or share less than half
   *     of some driver's intervals
   */
  static Alignment of(List<DriverResult> drivers) throws MergeRefused, IOException {
    double shortest = Double.MAX_VALUE;
    Instant latestFirstEnd = Instant.MIN;
    for (DriverResult d : drivers) {
      if (d.intervals().isEmpty()) {
        throw new MergeRefused(d.directory() + " has no interval: the run recorded nothing");
      }
      shortest = Math.min(shortest, typicalSeconds(d));
      Instant end = d.intervalEnd(0);
      latestFirstEnd = end.isAfter(latestFirstEnd) ? end : latestFirstEnd;
    }
    // Half an interval: each interval is paired with the one nearest in time. Drivers started
    // with --start-at end their intervals close together, but a busy client machine writes an
    // interval's line (and takes its time) hundreds of milliseconds late. An interval's length is
    // the driver's typical one: the first may be a sliver (a warm-up that ended late, 0.09 s of a
    // 2 s grid in SpecMergeIT on a loaded machine), and the last one is cut by the end.
    Duration tolerance = Duration.ofMillis(Math.round(shortest * 500));
    List<Integer> first = new ArrayList<>();
    int count = Integer.MAX_VALUE;
    for (DriverResult d : drivers) {
      int index = indexEndingAt(d, latestFirstEnd, tolerance);
      if (index < 0) {
        throw new MergeRefused(
            "the windows do not fit: no interval of "
                + d.directory()
                + " ends within "
                + tolerance.toMillis()
                + " ms of "
                + latestFirstEnd
                + ", when the other drivers' first intervals end (start the drivers together with"
                + " --start-at and the same --report-interval)");
      }
      first.add(index);
      count = Math.min(count, d.intervals().size() - index);
    }
    requireInStep(drivers, first, count, tolerance);
    for (DriverResult d : drivers) {
      if (2L * count < d.intervals().size()) {
        throw new MergeRefused(
            "the windows do not fit: the drivers share "
                + count
                + " interval(s), less than half of the "
                + d.intervals().size()
                + " of "
                + d.directory()
                + " (start the drivers together with --start-at and the same --time)");
      }
    }
    return new Alignment(first, count);
  }

  /**
   * Each of the {@code count} common intervals ends within the tolerance on every driver, but for a
   * late line: an end off by less than twice the tolerance (a whole interval) whose neighbours are
   * in step. A busy client machine reads an interval's counters late, which ends that interval
   * late, but its timer stays on the grid, so the next end is back in step; refusing the merge of a
   * long run for one late line would lose it all, while the late line only moves some transactions
   * between two neighbouring intervals of the merged result. Two ends off in a row, or one off by a
   * whole interval, are drift: another {@code --report-interval} or start.
   */
  private static void requireInStep(
      List<DriverResult> drivers, List<Integer> first, int count, Duration tolerance)
      throws MergeRefused, IOException {
    boolean previousLate = false;
    for (int k = 0; k < count; k++) {
      Instant reference = drivers.get(0).intervalEnd(first.get(0) + k);
      boolean late = false;
      for (int i = 1; i < drivers.size(); i++) {
        Instant end = drivers.get(i).intervalEnd(first.get(i) + k);
        Duration apart = Duration.between(reference, end).abs();
        boolean off = apart.compareTo(tolerance) >= 0;
        late |= off;
        if (off && (previousLate || apart.compareTo(tolerance.multipliedBy(2)) >= 0)) {
          throw new MergeRefused(
              "the windows do not fit: interval "
                  + (k + 1)
                  + " of the common window ends at "
                  + reference
                  + " in "
                  + drivers.get(0).directory()
                  + " but at "
                  + end
                  + " in "
                  + drivers.get(i).directory()
                  + " (the drivers' intervals drift apart: use one --report-interval)");
        }
      }
      previousLate = late;
    }
  }

  /** The median length of the driver's intervals, in seconds. */
  private static double typicalSeconds(DriverResult d) {
    double[] seconds = new double[d.intervals().size()];
    for (int i = 0; i < seconds.length; i++) {
      seconds[i] = d.intervalSeconds(i);
    }
    Arrays.sort(seconds);
    return seconds[seconds.length / 2];
  }

  /** The interval of {@code d} ending nearest to {@code end}, if within the tolerance; else -1. */
  private static int indexEndingAt(DriverResult d, Instant end, Duration tolerance)
      throws IOException {
    int nearest = -1;
    Duration best = tolerance;
    for (int i = 0; i < d.intervals().size(); i++) {
      Duration gap = Duration.between(end, d.intervalEnd(i)).abs();
      if (gap.compareTo(best) < 0) {
        best = gap;
        nearest = i;
      }
    }
    return nearest;
  }
}
