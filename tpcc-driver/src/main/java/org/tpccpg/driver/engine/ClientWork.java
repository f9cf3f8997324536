package org.tpccpg.driver.engine;

import java.sql.SQLException;

/**
 * What a workload does for one client: draw a transaction and run it on the client's session. It
 * knows SQL and nothing of time: it never waits, times, retries, reconnects or counts; the engine
 * does all that the same way for every workload.
 */
public interface ClientWork {
  /** What {@link #draw()} returns when the work has nothing more to run: the client ends. */
  int NO_MORE = -1;

  /** What {@link #scheduledStartNanos()} returns for a work that keeps no schedule of its own. */
  long UNSCHEDULED = Long.MIN_VALUE;

  /** The client's connection. */
  ClientSession session();

  /**
   * Draws the next transaction's input.
   *
   * @return its kind, an index into the workload's kinds, which the recorder is keyed by; or {@link
   *     #NO_MORE} to end the client (a work that schedules itself, once its schedule ends)
   */
  int draw();

  /**
   * When the transaction last drawn was meant to start ({@link System#nanoTime()}), for a work that
   * keeps its own schedule (TPC-C's terminals, which are due at the end of their keying time): its
   * latency then counts from there, as under a rate, and its lag is how late it started. {@link
   * #UNSCHEDULED}, the default, leaves the start to the engine.
   */
  default long scheduledStartNanos() {
    return UNSCHEDULED;
  }

  /**
   * Runs the transaction last drawn to its COMMIT or ROLLBACK; after a failure it is called again
   * with the same input (a retry).
   *
   * @return true if it committed, false if the workload rolled it back on purpose
   * @throws SQLException as a statement failed; the engine then calls {@link #rollback()}
   */
  boolean execute() throws SQLException;

  /**
   * Called once the transaction last executed was counted as ended (and, with a connection per
   * transaction, its connection closed): a workload that must stop the client after it throws here
   * (pgbench aborts a client whose script left its transaction block open, after counting it).
   *
   * @throws SQLException to stop the client, as an error it cannot survive
   */
  default void afterCompleted() throws SQLException {}

  /** Ends the failed transaction, if one is open; a failure here means the connection is gone. */
  void rollback() throws SQLException;
}
