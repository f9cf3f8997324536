package org.tpccpg.driver.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Executor;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.IsolationLevel;
import org.tpccpg.driver.connect.ConnectionOpener;
import org.tpccpg.driver.engine.ClientSession;
import org.tpccpg.driver.metrics.ConnectionTimes;

/**
 * A worker's connection, held as its {@link ConnectionMode} says: for the whole run, or opened (or
 * borrowed from a pool) for each transaction and closed (returned) after its COMMIT or ROLLBACK.
 * Every connection is opened with autocommit off and the run's isolation level (a pool sets both
 * itself), and the time that takes is measured: it goes to {@link ConnectionTimes}, and {@link
 * #takeConnectNanos()} lets the caller leave opening, but not waiting for a pooled connection, out
 * of the transaction's latency: an application's user waits for the pool too.
 *
 * <p>One worker uses a session; only {@link #abort()} may come from another thread, to free a
 * worker stuck on a server that no longer answers.
 */
final class TpccSession implements ClientSession, AutoCloseable {
  private final ConnectionFactory factory;
  private final IsolationLevel isolation;
  private final ConnectionMode mode;
  private final ConnectionTimes times;
  private static final Executor AT_ONCE = Runnable::run;

  private volatile Connection connection; // volatile for abort() only
  private long connectNanos;

  TpccSession(
      ConnectionFactory factory,
      IsolationLevel isolation,
      ConnectionMode mode,
      ConnectionTimes times) {
    this.factory = factory;
    this.isolation = isolation;
    this.mode = mode;
    this.times = times;
  }

  /** Connects now in the dedicated mode; with a connection per transaction, nothing. */
  @Override
  public void start() throws SQLException {
    if (mode == ConnectionMode.DEDICATED) {
      connection();
    }
  }

  /**
   * Takes a connection opened before the run started (see {@link ConnectionOpener}) as the next one
   * to use; its opening time counts in {@link ConnectionTimes} but in no latency.
   */
  void adopt(ConnectionOpener.Opened opened) throws SQLException {
    if (mode != ConnectionMode.POOLED) {
      setUp(opened.connection());
    }
    times.opened(opened.nanos());
    close();
    connection = opened.connection();
  }

  /**
   * Closes the connection's socket from another thread, so that a statement blocked on a server
   * that stopped answering fails at once; the worker then sees a lost connection.
   */
  @Override
  public void abort() {
    Connection current = connection;
    if (current != null) {
      try {
        current.abort(AT_ONCE);
      } catch (SQLException | RuntimeException e) {
        // Already closed or broken: nothing is left to free.
      }
    }
  }

  @Override
  public boolean isOpen() {
    return connection != null;
  }

  @Override
  public void open() throws SQLException {
    connection();
  }

  /** The connection for the next statement, opened now if there is none. */
  Connection connection() throws SQLException {
    if (connection == null) {
      long start = System.nanoTime();
      Connection opened = factory.open();
      if (mode != ConnectionMode.POOLED) {
        setUp(opened);
      }
      long elapsed = System.nanoTime() - start;
      times.opened(elapsed);
      if (mode != ConnectionMode.POOLED) {
        connectNanos += elapsed;
      }
      connection = opened;
    }
    return connection;
  }

  private void setUp(Connection opened) throws SQLException {
    try {
      opened.setAutoCommit(false);
      opened.setTransactionIsolation(isolation.jdbcLevel());
    } catch (SQLException e) {
      closeQuietly(opened);
      throw e;
    }
  }

  /**
   * The transaction ended with COMMIT or ROLLBACK: closes the connection if it was for that one.
   */
  @Override
  public void transactionEnded() {
    if (mode != ConnectionMode.DEDICATED) {
      close();
    }
  }

  /** The time spent connecting since the last call, to leave out of a transaction's latency. */
  @Override
  public long takeConnectNanos() {
    long taken = connectNanos;
    connectNanos = 0;
    return taken;
  }

  /** Closes the connection, if any; a broken one is closed only to free its socket. */
  @Override
  public void close() {
    if (connection != null) {
      closeQuietly(connection);
      connection = null;
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // The connection is already broken; closing it is only to free its socket.
    }
  }
}
