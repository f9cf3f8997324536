package org.tpccpg.driver.sweep;

import org.tpccpg.driver.results.DatabaseSizes;

/**
 * A cell and how far it got, and what was measured around its run.
 *
 * @param cell the cell
 * @param status {@code pending}, {@code done}, {@code failed} or {@code outage} (it ran to its end,
 *     but its run recorded outages: see {@link CellOutages})
 * @param started ISO-8601 UTC, or null when it never started
 * @param ended ISO-8601 UTC, or null
 * @param error one line, or null
 * @param elapsedSeconds the wall-clock seconds of its measured run's child process (JVM start,
 *     connecting, the run, writing its results), or null when it has not run
 * @param sizeBefore the database and the workload's tables right before the measured run (after a
 *     warm-up), or null when not read
 * @param sizeAfter the same right after it, or null
 */
public record CellState(
    Cell cell,
    String status,
    String started,
    String ended,
    String error,
    Double elapsedSeconds,
    DatabaseSizes sizeBefore,
    DatabaseSizes sizeAfter) {
  public static final String PENDING = "pending";
  public static final String DONE = "done";
  public static final String FAILED = "failed";
  public static final String OUTAGE = "outage";

  /** A state without measurements. */
  public CellState(Cell cell, String status, String started, String ended, String error) {
    this(cell, status, started, ended, error, null, null, null);
  }

  public static CellState pending(Cell cell) {
    return new CellState(cell, PENDING, null, null, null);
  }

  public boolean done() {
    return DONE.equals(status);
  }
}
