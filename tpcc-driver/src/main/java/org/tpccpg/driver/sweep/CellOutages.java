package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.tpccpg.driver.results.SavedSummary;
import org.tpccpg.driver.results.SweepCell;

/**
 * The outages a cell's run recorded in its {@code summary.json} ({@code outages}: when the server
 * did not answer), which make its figures the server's absence rather than its speed: such a cell
 * gets the status {@link SweepCell#OUTAGE}, which compare and report leave out of the samples and a
 * resumed sweep runs again; unless the sweep is asked to keep them ({@code --keep-outages}, for a
 * sweep that studies how a server comes back), when it is done with a note that says so. It reads
 * what the child wrote; it detects nothing itself.
 *
 * @param count the outages
 * @param seconds their total length
 */
record CellOutages(int count, double seconds) {
  static final CellOutages NONE = new CellOutages(0, 0);

  /** The outages in a results directory's summary; {@link #NONE} without a readable summary. */
  static CellOutages of(Path results) {
    try {
      SavedSummary summary = SavedSummary.read(results);
      return summary.outages().isEmpty()
          ? NONE
          : new CellOutages(summary.outages().size(), summary.outageSeconds());
    } catch (IOException e) {
      return NONE; // the cell's own outcome (exit code) says what went wrong
    }
  }

  boolean any() {
    return count > 0;
  }

  /** The cell's status: {@link SweepCell#OUTAGE}, or done when the sweep keeps them. */
  String status(boolean keep) {
    return keep ? SweepCell.DONE : SweepCell.OUTAGE;
  }

  /** The manifest's error line for the cell (kept or not, see {@link #status}). */
  String describe(boolean keep) {
    return String.format(
        Locale.ROOT,
        "%d outage%s, %.1f s without the server (summary.json outages): %s",
        count,
        count == 1 ? "" : "s",
        seconds,
        keep
            ? "kept in the samples (--keep-outages)"
            : "kept out of the samples, run again on resume");
  }
}
