package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.IsolationLevel;
import org.tpccpg.driver.metrics.ConnectionTimes;

class TpccSessionTest {
  /** Connections that record what was called on them, in the order called. */
  private static final class RecordingFactory implements ConnectionFactory {
    final List<String> calls = new ArrayList<>();
    int opened;
    boolean failIsolation;

    @Override
    public Connection open() {
      int n = ++opened;
      return (Connection)
          Proxy.newProxyInstance(
              Connection.class.getClassLoader(),
              new Class<?>[] {Connection.class},
              (proxy, method, args) -> {
                calls.add(n + ":" + method.getName() + (args == null ? "" : "=" + args[0]));
                if (failIsolation && method.getName().equals("setTransactionIsolation")) {
                  throw new SQLException("no", "08006");
                }
                return null;
              });
    }
  }

  @Test
  void aDedicatedSessionConnectsOnceAtStartAndKeepsTheConnectionAfterEachTransaction()
      throws SQLException {
    RecordingFactory factory = new RecordingFactory();
    ConnectionTimes times = new ConnectionTimes();
    TpccSession session =
        new TpccSession(factory, IsolationLevel.RR, ConnectionMode.DEDICATED, times);
    session.start();
    Connection first = session.connection();
    session.transactionEnded();
    assertSame(first, session.connection());
    session.close();
    assertEquals(
        List.of(
            "1:setAutoCommit=false",
            "1:setTransactionIsolation=" + Connection.TRANSACTION_REPEATABLE_READ,
            "1:close"),
        factory.calls);
    assertEquals(1, times.connections());
  }

  @Test
  void aPerTransactionSessionOpensOnFirstUseAndClosesAfterEveryTransaction() throws SQLException {
    RecordingFactory factory = new RecordingFactory();
    ConnectionTimes times = new ConnectionTimes();
    TpccSession session =
        new TpccSession(factory, IsolationLevel.RC, ConnectionMode.PER_TRANSACTION, times);
    session.start();
    assertEquals(0, factory.opened);
    for (int i = 0; i < 3; i++) {
      session.connection();
      session.connection(); // the same transaction's next statement: no new connection
      session.transactionEnded();
    }
    assertEquals(3, factory.opened);
    assertEquals(3, times.connections());
    assertTrue(factory.calls.containsAll(List.of("1:close", "2:close", "3:close")));
  }

  @Test
  void connectTimeIsTakenOnceAndAveragedOverAllWorkers() throws SQLException {
    ConnectionTimes times = new ConnectionTimes();
    TpccSession session =
        new TpccSession(
            new RecordingFactory(), IsolationLevel.RC, ConnectionMode.PER_TRANSACTION, times);
    session.connection();
    long taken = session.takeConnectNanos();
    assertEquals(times.nanos(), taken);
    assertEquals(0, session.takeConnectNanos());
    ConnectionTimes other = new ConnectionTimes();
    other.opened(3_000_000);
    other.opened(5_000_000);
    ConnectionTimes none = new ConnectionTimes();
    assertEquals(4.0, ConnectionTimes.averageMillis(List.of(other, none)), 1e-9);
    assertEquals(0.0, ConnectionTimes.averageMillis(List.of(none)));
  }

  @Test
  void aConnectionThatCannotBeSetUpIsClosedAndNotKept() throws SQLException {
    RecordingFactory factory = new RecordingFactory();
    factory.failIsolation = true;
    TpccSession session =
        new TpccSession(
            factory, IsolationLevel.RC, ConnectionMode.DEDICATED, new ConnectionTimes());
    assertThrows(SQLException.class, session::start);
    assertTrue(factory.calls.contains("1:close"), factory.calls.toString());
    factory.failIsolation = false;
    session.start(); // a second try opens a new connection
    assertEquals(2, factory.opened);
    assertEquals(1, factory.calls.stream().filter(c -> c.startsWith("2:")).count() / 2);
  }

  @Test
  void aPooledSessionLeavesSetUpToThePoolAndKeepsTheWaitInTheLatency() throws SQLException {
    RecordingFactory factory = new RecordingFactory();
    ConnectionTimes times = new ConnectionTimes();
    TpccSession session =
        new TpccSession(factory, IsolationLevel.SER, ConnectionMode.POOLED, times);
    session.start();
    session.connection();
    session.transactionEnded();
    assertEquals(List.of("1:close"), factory.calls);
    assertEquals(1, times.connections());
    assertEquals(0, session.takeConnectNanos());
  }
}
