package org.tpccpg.driver.sweep;

/**
 * A cell and how far it got.
 *
 * @param cell the cell
 * @param status {@code pending}, {@code done} or {@code failed}
 * @param started ISO-8601 UTC, or null when it never started
 * @param ended ISO-8601 UTC, or null
 * @param error one line, or null
 */
public record CellState(Cell cell, String status, String started, String ended, String error) {
  public static final String PENDING = "pending";
  public static final String DONE = "done";
  public static final String FAILED = "failed";

  public static CellState pending(Cell cell) {
    return new CellState(cell, PENDING, null, null, null);
  }

  public boolean done() {
    return DONE.equals(status);
  }
}
