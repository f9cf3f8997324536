package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.TooFewConnections;
import org.tpccpg.driver.engine.Engine;

/**
 * A run ends at its time limit whatever the server does: workers stuck on a server that stopped
 * answering get their connections closed, and a worker that will not stop is left behind; and a run
 * that cannot open all its connections starts nothing. Fake connections stand in for the server, so
 * the timing is the engine's own.
 */
class RunEndTest {
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  /** Room for a busy machine: without the fix these runs would never end at all. */
  private static final long SLACK = 3 * SECOND;

  private static RunConfig config(int threads, ConnectionMode mode, int poolSize) {
    DataSetInfo info =
        new DataSetInfo(
            1, 1, 7, new NuRandConstants(100, 200, 300), "t", true, Instant.EPOCH, true, 0, false);
    return RunConfig.builder(WorkloadShape.of(1, 1), info)
        .threads(threads)
        .timeSeconds(1)
        .seed(42)
        .connectionMode(mode)
        .poolSize(poolSize)
        .build();
  }

  /**
   * A connection to a server that accepts it but never answers a statement: the statement blocks
   * until the connection is aborted, then fails as a lost connection does.
   */
  private static Connection silentServer(AtomicInteger closed) {
    CountDownLatch aborted = new CountDownLatch(1);
    Object statement =
        Proxy.newProxyInstance(
            RunEndTest.class.getClassLoader(),
            new Class<?>[] {java.sql.PreparedStatement.class},
            (proxy, method, args) -> {
              if (method.getName().startsWith("execute")) {
                aborted.await();
                throw new SQLException(
                    "An I/O error occurred while sending to the backend.", "08006");
              }
              return defaultValue(method.getReturnType());
            });
    return (Connection)
        Proxy.newProxyInstance(
            RunEndTest.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "prepareStatement", "createStatement" -> statement;
                  case "abort" -> {
                    aborted.countDown();
                    yield null;
                  }
                  case "close" -> {
                    closed.incrementAndGet();
                    yield null;
                  }
                  default -> defaultValue(method.getReturnType());
                });
  }

  private static Object defaultValue(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    if (type == int.class) {
      return 0;
    }
    if (type == long.class) {
      return 0L;
    }
    return null;
  }

  @Test
  void workersInASocketReadOnASilentServerAreFreedAtTheEndOfTheRun() throws Exception {
    AtomicInteger closed = new AtomicInteger();
    StringWriter text = new StringWriter();
    TpccRun run =
        new TpccRun(
            config(3, ConnectionMode.DEDICATED, 0),
            () -> silentServer(closed),
            new PrintWriter(text, true));
    long start = System.nanoTime();
    assertNull(run.run(), "closing the connections at the end is no failure of the run");
    long elapsed = System.nanoTime() - start;
    assertTrue(
        elapsed < SECOND + Engine.END_GRACE_NANOS + SLACK,
        "ended " + elapsed / 1e9 + " s after starting a 1 s run");
    String out = text.toString();
    assertTrue(out.contains("tpmC: "), out);
    assertTrue(
        out.contains(
            "3 of 3 threads were still waiting for the server 2 s after the end of the run: their"
                + " connections were closed\n"),
        out);
    assertTrue(out.contains("connection lost: 0,"), "the run's own closing is no error: " + out);
    assertEquals(3, closed.get(), "every connection is closed");
  }

  @Test
  void aWorkerThatWillNotStopIsLeftBehindAndTheRunStillEnds() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    AtomicInteger opened = new AtomicInteger();
    AtomicInteger closed = new AtomicInteger();
    ConnectionFactory stuckOnSecondConnect =
        () -> {
          if (opened.incrementAndGet() == 1) {
            return lostAtOnce(closed);
          }
          // A login the server never answers, which nothing can interrupt.
          while (true) {
            try {
              never.await();
            } catch (InterruptedException e) {
              // PgJDBC's socket read ignores interrupts too
            }
          }
        };
    StringWriter text = new StringWriter();
    TpccRun run =
        new TpccRun(
            config(1, ConnectionMode.DEDICATED, 0), stuckOnSecondConnect, new PrintWriter(text));
    long start = System.nanoTime();
    assertNull(run.run());
    long elapsed = System.nanoTime() - start;
    assertTrue(
        elapsed < SECOND + Engine.END_GRACE_NANOS + Engine.ABORT_WAIT_NANOS + SLACK,
        "ended " + elapsed / 1e9 + " s after starting a 1 s run");
    String out = text.toString();
    assertTrue(out.contains("; 1 did not stop 2 s later and were left behind\n"), out);
    assertTrue(out.contains("connection lost: 1,"), "the lost connection counts: " + out);
    assertTrue(out.contains("Outages (connections lost"), "and is an outage: " + out);
  }

  /** A connection the server drops at the first statement. */
  private static Connection lostAtOnce(AtomicInteger closed) {
    Statement failing =
        (Statement)
            Proxy.newProxyInstance(
                RunEndTest.class.getClassLoader(),
                new Class<?>[] {java.sql.PreparedStatement.class},
                (proxy, method, args) -> {
                  if (method.getName().startsWith("execute")) {
                    throw new SQLException("FATAL: terminating connection", "57P01");
                  }
                  return defaultValue(method.getReturnType());
                });
    return (Connection)
        Proxy.newProxyInstance(
            RunEndTest.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "prepareStatement", "createStatement" -> failing;
                  case "close" -> {
                    closed.incrementAndGet();
                    yield null;
                  }
                  default -> defaultValue(method.getReturnType());
                });
  }

  @Test
  void aRunThatCannotOpenAllItsConnectionsStartsNothingAndClosesThoseItOpened() {
    AtomicInteger opened = new AtomicInteger();
    AtomicInteger closed = new AtomicInteger();
    ConnectionFactory fiveAtMost =
        () -> {
          if (opened.incrementAndGet() > 5) {
            throw new SQLException("FATAL: too many connections for role \"lim\"", "53300");
          }
          return lostAtOnce(closed);
        };
    StringWriter text = new StringWriter();
    TpccRun run =
        new TpccRun(config(20, ConnectionMode.DEDICATED, 0), fiveAtMost, new PrintWriter(text));
    TooFewConnections e = assertThrows(TooFewConnections.class, run::run);
    assertEquals(20, e.needed());
    assertEquals(5, e.opened());
    assertEquals("53300", e.getSQLState());
    assertEquals("FATAL: too many connections for role \"lim\"", e.getMessage());
    assertEquals(5, closed.get(), "the five opened are closed again");
    assertEquals("", text.toString(), "nothing is printed as if a run happened");
  }

  @Test
  void aPoolThatCannotOpenAllItsConnectionsFailsTheSameWay() {
    AtomicInteger opened = new AtomicInteger();
    AtomicInteger closed = new AtomicInteger();
    ConnectionFactory threeAtMost =
        () -> {
          if (opened.incrementAndGet() > 3) {
            throw new SQLException("FATAL: sorry, too many clients already", "53300");
          }
          return lostAtOnce(closed);
        };
    TpccRun run =
        new TpccRun(
            config(2, ConnectionMode.POOLED, 50), threeAtMost, new PrintWriter(new StringWriter()));
    TooFewConnections e = assertThrows(TooFewConnections.class, run::run);
    assertEquals(50, e.needed());
    assertEquals(3, e.opened());
    assertEquals(3, closed.get());
  }

  @Test
  void connectionsAreOpenedOnlyOnce() throws Exception {
    AtomicInteger opened = new AtomicInteger();
    AtomicInteger closed = new AtomicInteger();
    TpccRun run =
        new TpccRun(
            config(2, ConnectionMode.DEDICATED, 0),
            () -> {
              opened.incrementAndGet();
              return silentServer(closed);
            },
            new PrintWriter(new StringWriter()));
    run.connect();
    run.connect();
    assertEquals(2, opened.get(), "one per thread, however often connect() is called");
  }
}
