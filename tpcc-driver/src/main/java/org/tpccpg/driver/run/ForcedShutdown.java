package org.tpccpg.driver.run;

/**
 * The run ended as sysbench's {@code --forced-shutdown} ends one: threads were still waiting for
 * the server when the time it allows after the time limit ran out, so their connections were
 * closed. sysbench prints its FATAL line and the report and exits with 2; so does {@code run}. Not
 * an error of the run's own: nothing more is printed for it.
 */
public final class ForcedShutdown extends Exception {
  private static final long serialVersionUID = 1L;

  /** sysbench's line, printed before the report. */
  public static final String FATAL_LINE =
      "FATAL: The --max-time limit has expired, forcing shutdown...";

  /** sysbench's exit code after a forced shutdown. */
  public static final int EXIT_CODE = 2;

  ForcedShutdown(int aborted) {
    super(aborted + " threads were still busy when --forced-shutdown's time ran out");
  }
}
