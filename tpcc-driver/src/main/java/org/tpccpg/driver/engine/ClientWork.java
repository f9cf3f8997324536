package org.tpccpg.driver.engine;

import java.sql.SQLException;

/**
 * What a workload does for one client: draw a transaction and run it on the client's session. It
 * knows SQL and nothing of time: it never waits, times, retries, reconnects or counts; the engine
 * does all that the same way for every workload.
 */
public interface ClientWork {
  /** The client's connection. */
  ClientSession session();

  /**
   * Draws the next transaction's input.
   *
   * @return its kind, an index into the workload's kinds, which the recorder is keyed by
   */
  int draw();

  /**
   * Runs the transaction last drawn to its COMMIT or ROLLBACK; after a failure it is called again
   * with the same input (a retry).
   *
   * @return true if it committed, false if the workload rolled it back on purpose
   * @throws SQLException as a statement failed; the engine then calls {@link #rollback()}
   */
  boolean execute() throws SQLException;

  /** Ends the failed transaction, if one is open; a failure here means the connection is gone. */
  void rollback() throws SQLException;
}
