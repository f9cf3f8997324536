package org.tpccpg.driver.sweep;

import java.util.List;
import java.util.Locale;

/**
 * How big a sweep is before any cell exists: the number of cells (computed, not listed, so that a
 * grid of millions costs nothing to refuse) and a rough duration. The duration counts each cell's
 * measured seconds, its warm-up, and {@link #OVERHEAD_SECONDS} for starting its child JVM,
 * connecting and reading the sizes; a cell with {@code events} has no known length and counts its
 * overhead only, so the estimate is then a lower bound. It does not count the data preparation.
 *
 * @param cells every cell of every repeat
 * @param seconds the estimated wall-clock seconds
 * @param lowerBound whether some cells' length is unknown ({@code events})
 */
public record GridSize(long cells, long seconds, boolean lowerBound) {
  /**
   * What a cell costs beyond its run: SweepIT's cells on the shared 2-core test machine took 3.0 to
   * 11.7 s (elapsed_s, median 5.8) beyond their duration, the JVM's start, connecting and writing
   * the results (docs/sweep.md); reading the sizes comes on top.
   */
  static final int OVERHEAD_SECONDS = 5;

  /** The size of a sweep file's grid. */
  public static GridSize of(SweepFile file) {
    long combinations = 1;
    for (List<String> values : file.settings().values()) {
      combinations = Math.multiplyExact(combinations, values.size());
    }
    long perWorkload =
        Math.multiplyExact(
            Math.multiplyExact(combinations, file.repeats()),
            (long) file.clients().size() * file.targets().size());
    long cells = 0;
    long seconds = 0;
    boolean lowerBound = false;
    for (Workload workload : file.workloads()) {
      CellLength length = file.length(workload);
      lowerBound |= length.seconds() == null;
      long each =
          (length.seconds() == null ? 0 : length.seconds())
              + file.warmupSeconds()
              + OVERHEAD_SECONDS;
      cells = Math.addExact(cells, perWorkload);
      seconds = Math.addExact(seconds, Math.multiplyExact(perWorkload, each));
    }
    return new GridSize(cells, seconds, lowerBound);
  }

  /** E.g. {@code 500000 cells, about 40 d 12 h}, or {@code at least ...} with events. */
  public String describe() {
    return String.format(
        Locale.ROOT, "%d cells, %s %s", cells, lowerBound ? "at least" : "about", time(seconds));
  }

  static String time(long seconds) {
    if (seconds < 120) {
      return seconds + " s";
    }
    long minutes = Math.round(seconds / 60.0);
    if (minutes < 120) {
      return minutes + " min";
    }
    long hours = minutes / 60;
    if (hours < 48) {
      return hours + " h " + minutes % 60 + " min";
    }
    return hours / 24 + " d " + hours % 24 + " h";
  }
}
