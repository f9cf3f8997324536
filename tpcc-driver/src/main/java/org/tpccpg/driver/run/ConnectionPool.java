package org.tpccpg.driver.run;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.driver.config.IsolationLevel;
import org.tpccpg.driver.connect.ConnectionOpener;
import org.tpccpg.driver.connect.TooFewConnections;

/**
 * {@code --pool-size}: a fixed HikariCP pool of M connections that the run's N threads borrow from,
 * one transaction at a time, as an application server's request threads do. The pool opens its
 * connections through the run's own factory (so unix sockets, {@code .pgpass} and the statement
 * mode apply), with autocommit off and the run's isolation level; closing a borrowed connection
 * returns it. All M connections are opened before the run starts.
 */
final class ConnectionPool implements ConnectionFactory, AutoCloseable {
  /** How long the pool may take to take over the connections opened for it. */
  private static final long FILL_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final HikariDataSource pool;
  private final FactoryDataSource source;
  private final int openAtStart;

  private ConnectionPool(HikariDataSource pool, FactoryDataSource source, int openAtStart) {
    this.pool = pool;
    this.source = source;
    this.openAtStart = openAtStart;
  }

  /**
   * Opens the pool's {@code size} connections first (so that a server admitting fewer fails the run
   * before it starts, in one line), then starts the pool on them.
   *
   * @throws TooFewConnections when not all could be opened; none stays open
   */
  static ConnectionPool start(ConnectionFactory factory, int size, IsolationLevel isolation)
      throws TooFewConnections, InterruptedException {
    FactoryDataSource source =
        new FactoryDataSource(factory, ConnectionOpener.openAll(factory, size));
    HikariConfig config = new HikariConfig();
    config.setPoolName("tpcc-run-pool");
    config.setDataSource(source);
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(size);
    config.setAutoCommit(false);
    config.setTransactionIsolation("TRANSACTION_" + isolation.sqlName().replace(' ', '_'));
    HikariDataSource pool = new HikariDataSource(config);
    long until = System.nanoTime() + FILL_WAIT_NANOS;
    while (pool.getHikariPoolMXBean().getTotalConnections() < size
        && System.nanoTime() - until < 0) {
      TimeUnit.MILLISECONDS.sleep(10); // Hikari adds the rest on a thread of its own
    }
    return new ConnectionPool(pool, source, pool.getHikariPoolMXBean().getTotalConnections());
  }

  /** The connections the pool held when the run started. */
  int openAtStart() {
    return openAtStart;
  }

  @Override
  public Connection open() throws SQLException {
    return pool.getConnection();
  }

  @Override
  public void close() {
    source.closing(); // Hikari waits the login timeout for a connection adder at shutdown
    pool.close();
    source.closeUnused();
  }

  /** The least a pool needs of a {@link DataSource}: new connections from the factory. */
  private static final class FactoryDataSource implements DataSource {
    private final ConnectionFactory factory;
    private final Queue<Connection> opened = new ConcurrentLinkedQueue<>();
    private volatile int loginTimeoutSeconds;
    private volatile boolean closing;

    /** A source that hands out the connections {@code first} before it opens new ones. */
    FactoryDataSource(ConnectionFactory factory, List<ConnectionOpener.Opened> first) {
      this.factory = factory;
      first.forEach(o -> opened.add(o.connection()));
    }

    @Override
    public Connection getConnection() throws SQLException {
      Connection ready = opened.poll();
      return ready != null ? ready : factory.open();
    }

    void closing() {
      closing = true;
    }

    /** Closes any connection opened for the pool that it never took. */
    void closeUnused() {
      for (Connection c = opened.poll(); c != null; c = opened.poll()) {
        ConnectionOpener.closeQuietly(c);
      }
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

    /**
     * Kept for the pool, which also waits this long for its connection adder at shutdown: once the
     * run is over, 1 s, so that an adder stuck on a dead server does not hold the run's end.
     */
    @Override
    public void setLoginTimeout(int seconds) {
      loginTimeoutSeconds = seconds;
    }

    @Override
    public int getLoginTimeout() {
      return closing ? Math.min(1, loginTimeoutSeconds) : loginTimeoutSeconds;
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
