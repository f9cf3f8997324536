package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.driver.connect.TransactionProbe.Need;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * The probes a run makes before its clients connect, on the server directly (the pooler cases are
 * PgBouncerIT's and PgBouncerTpcbIT's): how many connections they open and whether side by side,
 * since each costs a wait where a connection is slow to open (a server with {@code post_auth_delay
 * = 1} made a 1 s TPC-C run take 7.6 s, 4 of them in 4 connections opened one after another before
 * the clients').
 */
class TransactionProbeIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  /** Opens real connections, each after a pause, counting how many were opening at once. */
  private static final class SlowConnections implements ConnectionFactory {
    final AtomicInteger opening = new AtomicInteger();
    final AtomicInteger mostAtOnce = new AtomicInteger();
    final List<Connection> opened = new ArrayList<>();
    final AtomicInteger calls = new AtomicInteger();
    final boolean firstFails;
    final int awaited;

    /**
     * @param firstFails whether the first open fails, after its pause (the others open)
     */
    SlowConnections(boolean firstFails) {
      this(firstFails, 1);
    }

    /**
     * @param awaited how many opening at once each open waits for after its pause, up to 5 s: a
     *     loaded machine may start the second opening more than the pause after the first, which a
     *     probe opening them one after another never does
     */
    SlowConnections(boolean firstFails, int awaited) {
      this.firstFails = firstFails;
      this.awaited = awaited;
    }

    @Override
    public Connection open() throws SQLException {
      boolean fails = firstFails && calls.incrementAndGet() == 1;
      mostAtOnce.accumulateAndGet(opening.incrementAndGet(), Math::max);
      try {
        TimeUnit.MILLISECONDS.sleep(300);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (mostAtOnce.get() < awaited && System.nanoTime() < deadline) {
          TimeUnit.MILLISECONDS.sleep(10);
        }
        if (fails) {
          throw new SQLException("refused by the test", "08001");
        }
        TestDatabase db = POSTGRES.database();
        Properties properties = db.credentials();
        properties.putAll(StatementMode.PREPARED.connectionProperties());
        Connection connection = DriverManager.getConnection(db.jdbcUrl(), properties);
        synchronized (opened) {
          opened.add(connection);
        }
        return connection;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException(e);
      } finally {
        opening.decrementAndGet();
      }
    }

    boolean allClosed() throws SQLException {
      synchronized (opened) {
        for (Connection c : opened) {
          if (!c.isClosed()) {
            return false;
          }
        }
        return true;
      }
    }
  }

  @Test
  void bothProbesShareTwoConnectionsOpenedSideBySideAndCloseThem() throws Exception {
    SlowConnections connections = new SlowConnections(false, 2);
    TransactionProbe.requireForClients(
        connections,
        EnumSet.of(Need.TRANSACTION_BLOCKS, Need.NAMED_STATEMENTS),
        PoolerHint.STATEMENT_POOLING,
        PoolerHint.PREPARED_STATEMENTS);
    assertEquals(2, connections.opened.size(), "connections opened");
    assertEquals(2, connections.mostAtOnce.get(), "connections opening at once");
    assertTrue(connections.allClosed());
  }

  @Test
  void theTransactionBlockAloneTakesOneConnectionAndNoneForNothing() throws Exception {
    SlowConnections connections = new SlowConnections(false);
    TransactionProbe.requireForClients(
        connections,
        EnumSet.of(Need.TRANSACTION_BLOCKS),
        PoolerHint.STATEMENT_POOLING,
        PoolerHint.PREPARED_STATEMENTS);
    assertEquals(1, connections.opened.size());
    TransactionProbe.requireForClients(
        connections,
        EnumSet.noneOf(Need.class),
        PoolerHint.STATEMENT_POOLING,
        PoolerHint.PREPARED_STATEMENTS);
    assertEquals(1, connections.opened.size(), "no probe, no connection");
    assertTrue(connections.allClosed());
  }

  @Test
  void aConnectionThatFailsToOpenFailsTheProbeAsItCameAndTheOtherIsClosed() throws Exception {
    SlowConnections connections = new SlowConnections(true);
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                TransactionProbe.requireForClients(
                    connections,
                    EnumSet.of(Need.TRANSACTION_BLOCKS, Need.NAMED_STATEMENTS),
                    PoolerHint.STATEMENT_POOLING,
                    PoolerHint.PREPARED_STATEMENTS));
    assertEquals("refused by the test", e.getMessage());
    assertEquals(1, connections.opened.size(), "the side connection opened");
    assertTrue(connections.allClosed(), "and was closed");
  }

  /**
   * A pooler in transaction mode hands a server session on only between transactions: the named
   * statements must run in autocommit, also on the connection that ran the transaction block just
   * before, or the second connection gets another session and the probe passes where the run's
   * clients then fail (CI found that once behind pgbouncer, with the block left in manual commit).
   */
  @Test
  void theNamedStatementsRunInAutocommitAfterTheTransactionBlock() throws Exception {
    List<Boolean> autocommitAtPrepare = Collections.synchronizedList(new ArrayList<>());
    SlowConnections real = new SlowConnections(false);
    TransactionProbe.requireForClients(
        () -> watched(real.open(), autocommitAtPrepare),
        EnumSet.of(Need.TRANSACTION_BLOCKS, Need.NAMED_STATEMENTS),
        PoolerHint.STATEMENT_POOLING,
        PoolerHint.PREPARED_STATEMENTS);
    assertEquals(List.of(true, true), autocommitAtPrepare);
  }

  /** {@code connection}, noting its autocommit each time a statement is prepared on it. */
  private static Connection watched(Connection connection, List<Boolean> autocommitAtPrepare) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("prepareStatement")) {
                autocommitAtPrepare.add(connection.getAutoCommit());
              }
              try {
                return method.invoke(connection, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
