package org.tpccpg.driver.engine;

import java.sql.SQLException;

/**
 * A client's connection as its workload holds it: opened for the whole run, per transaction, or
 * borrowed from a pool. The engine decides when a connection is needed and when one is lost; the
 * session decides how to open, set up and close one.
 *
 * <p>One client uses a session; only {@link #abort()} may come from another thread.
 */
public interface ClientSession {
  /** Opens the connection the run holds from the start, if the mode holds one; else nothing. */
  void start() throws SQLException;

  /** Whether a connection is open for the next transaction. */
  boolean isOpen();

  /** Opens (or borrows) a connection for the next transaction; nothing if one is open. */
  void open() throws SQLException;

  /** A transaction ended with COMMIT or ROLLBACK: a per-transaction connection closes here. */
  void transactionEnded();

  /**
   * Time spent opening connections since the last call, which no latency includes; waiting for a
   * pooled connection is not in it, as an application's user waits for the pool too.
   */
  long takeConnectNanos();

  /** Closes the connection, if any; a broken one only to free its socket. */
  void close();

  /**
   * Closes the socket from another thread, so that a client blocked on a server that stopped
   * answering sees a lost connection at once.
   */
  void abort();
}
