package org.tpccpg.driver.sweep;

/** A sweep file that cannot be used: one line naming its line number, the key and the value. */
public final class SweepFileException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  SweepFileException(int line, String message) {
    super(line > 0 ? "line " + line + ": " + message : message);
  }
}
