package org.tpccpg.driver.run;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.tpccpg.core.sql.ConnectionFactory;

/**
 * {@code --pool-size}: a fixed HikariCP pool of M connections that the run's N threads borrow from,
 * one transaction at a time, as an application server's request threads do. The pool opens its
 * connections through the run's own factory (so unix sockets, {@code .pgpass} and the statement
 * mode apply), with autocommit off and the run's isolation level; closing a borrowed connection
 * returns it.
 */
final class ConnectionPool implements ConnectionFactory, AutoCloseable {
  private final HikariDataSource pool;

  private ConnectionPool(HikariDataSource pool) {
    this.pool = pool;
  }

  /** Starts the pool; fails at once if its first connection cannot be opened. */
  static ConnectionPool start(ConnectionFactory factory, int size, IsolationLevel isolation) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("tpcc-run-pool");
    config.setDataSource(new FactoryDataSource(factory));
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(size);
    config.setAutoCommit(false);
    config.setTransactionIsolation("TRANSACTION_" + isolation.sqlName().replace(' ', '_'));
    return new ConnectionPool(new HikariDataSource(config));
  }

  @Override
  public Connection open() throws SQLException {
    return pool.getConnection();
  }

  @Override
  public void close() {
    pool.close();
  }

  /** The least a pool needs of a {@link DataSource}: new connections from the factory. */
  private static final class FactoryDataSource implements DataSource {
    private final ConnectionFactory factory;
    private volatile int loginTimeoutSeconds;

    FactoryDataSource(ConnectionFactory factory) {
      this.factory = factory;
    }

    @Override
    public Connection getConnection() throws SQLException {
      return factory.open();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
      throw new SQLFeatureNotSupportedException("the run's connection settings name the user");
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
      // Diagnostics go through SLF4J; there is no log writer.
    }

    /** Kept for the pool, which also waits this long for its connection adder at shutdown. */
    @Override
    public void setLoginTimeout(int seconds) {
      loginTimeoutSeconds = seconds;
    }

    @Override
    public int getLoginTimeout() {
      return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException("no java.util.logging logger");
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
      throw new SQLException("not a wrapper of " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
      return false;
    }
  }
}
