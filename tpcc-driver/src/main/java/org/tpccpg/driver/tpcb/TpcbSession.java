package org.tpccpg.driver.tpcb;

import java.sql.SQLException;
import java.util.concurrent.Executor;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.driver.engine.ClientSession;
import org.tpccpg.driver.metrics.ConnectionTimes;

/**
 * A pgbench client's connection: held for the whole run, or with {@code -C} opened for each
 * transaction and closed after it (a retry keeps it). Each connection comes with its prepared
 * statements ({@link TpcbConnection}); the time to open it goes to {@link ConnectionTimes} and,
 * through {@link #takeConnectNanos()}, out of the latency.
 */
final class TpcbSession implements ClientSession {
  private static final Executor AT_ONCE = Runnable::run;

  private final ConnectionFactory connections;
  private final boolean bigintAccountIds;
  private final boolean perTransaction;
  private final ConnectionTimes times;
  private final ScriptExecutor executor;
  private volatile TpcbConnection current; // volatile for abort() only
  private long connectNanos;

  TpcbSession(
      ConnectionFactory connections,
      boolean bigintAccountIds,
      boolean perTransaction,
      ConnectionTimes times,
      ScriptExecutor executor) {
    this.connections = connections;
    this.bigintAccountIds = bigintAccountIds;
    this.perTransaction = perTransaction;
    this.times = times;
    this.executor = executor;
  }

  /** The open session; only while {@link #isOpen()}. */
  TpcbConnection current() {
    return current;
  }

  @Override
  public void start() throws SQLException {
    if (!perTransaction) {
      open();
    }
  }

  @Override
  public boolean isOpen() {
    return current != null;
  }

  @Override
  public void open() throws SQLException {
    if (current == null) {
      long start = System.nanoTime();
      current = TpcbConnection.open(connections, bigintAccountIds, times);
      connectNanos += System.nanoTime() - start;
    }
  }

  @Override
  public void transactionEnded() {
    if (perTransaction) {
      close();
    }
  }

  @Override
  public long takeConnectNanos() {
    long taken = connectNanos;
    connectNanos = 0;
    return taken;
  }

  @Override
  public void close() {
    TpcbConnection closing = current;
    current = null;
    executor.sessionClosed();
    if (closing != null) {
      try {
        closing.connection().close();
      } catch (SQLException e) {
        // Closing is best effort; the server ends the session either way.
      }
    }
  }

  @Override
  public void abort() {
    TpcbConnection aborting = current;
    if (aborting != null) {
      try {
        aborting.connection().abort(AT_ONCE);
      } catch (SQLException | RuntimeException e) {
        // Already closed or broken: nothing is left to free.
      }
    }
  }
}
