package org.tpccpg.driver.check;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * {@code run --check-every}: while the run goes on, checks TPC-C's consistency conditions 1 to 4
 * (3.3.2.1 to 3.3.2.4, the four 3.3.2 requires of a test database; every transaction keeps them
 * whole, sysbench's purge included) on a few warehouses at a time ({@link ProbeScopes}), each probe
 * in one REPEATABLE READ, READ ONLY snapshot on a connection of its own, on a thread of its own.
 * The results wait for {@link #take}. It never fails or slows the run: a lost connection is opened
 * again at the next probe (told once), any other error ends the probes, told in one line. Not here:
 * what a violation means for the run (the results and the exit code say it).
 */
public final class ConsistencyProbe {
  /** What its connection's {@code application_name} adds to the run's. */
  public static final String ROLE = "consistency probe";

  /** The conditions a probe checks: 1 to 4, the cheap ones (no HISTORY or CUSTOMER scan). */
  public static final List<ConsistencyCondition> CONDITIONS =
      List.of(
          ConsistencyCondition.WAREHOUSE_YTD_IS_SUM_OF_DISTRICT_YTD,
          ConsistencyCondition.DISTRICT_NEXT_ORDER_ID,
          ConsistencyCondition.NEW_ORDERS_WITHOUT_GAPS,
          ConsistencyCondition.DISTRICT_ORDER_LINE_COUNT);

  private static final long STOP_WAIT_MILLIS = 2_000;

  private final ConnectionFactory connections;
  private final ProbeScopes scopes;
  private final long periodNanos;
  private final Consumer<String> say;
  private final ConsistencyCheck check;
  private final List<ProbeResult> done = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stopping;
  private volatile Connection connection;
  private boolean lostTold;

  /**
   * @param connections opens the probe's connection
   * @param tableSets the data set's table sets
   * @param warehousesPerSet its warehouses per set
   * @param periodSeconds from one probe's start to the next's
   * @param say told a line when probing fails, on the probe's thread
   */
  public ConsistencyProbe(
      ConnectionFactory connections,
      int tableSets,
      int warehousesPerSet,
      long periodSeconds,
      Consumer<String> say) {
    this.connections = connections;
    this.scopes = new ProbeScopes(tableSets, warehousesPerSet);
    this.periodNanos = TimeUnit.SECONDS.toNanos(periodSeconds);
    this.say = say;
    EnumSet<ConsistencyCondition> others = EnumSet.allOf(ConsistencyCondition.class);
    CONDITIONS.forEach(others::remove);
    this.check =
        ConsistencyCheck.allConditions().skipping(others.toArray(ConsistencyCondition[]::new));
    this.thread = new Thread(this::loop, "tpcc-consistency-probe");
    thread.setDaemon(true);
  }

  /** Starts probing; the first probe after one period (the run's first transactions ran). */
  public void start() {
    thread.start();
  }

  /** The probes finished since the previous call, oldest first. */
  public synchronized List<ProbeResult> take() {
    List<ProbeResult> taken = List.copyOf(done);
    done.clear();
    return taken;
  }

  /** Stops probing and closes the connection. Idempotent, and fine before {@link #start}. */
  public void stop() {
    stopping = true;
    if (!thread.isAlive()) {
      return;
    }
    thread.interrupt();
    closeQuietly(connection);
    try {
      thread.join(STOP_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void loop() {
    long next = System.nanoTime() + periodNanos;
    try {
      for (long n = 0; !stopping; n++) {
        TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
        next += periodNanos;
        ProbeResult result = probe(n);
        if (result == null) {
          return;
        }
        synchronized (this) {
          done.add(result);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop() ends the thread so
    } finally {
      closeQuietly(connection);
    }
  }

  /** Probe {@code n}; null when probing ends for good. */
  private ProbeResult probe(long n) {
    var scope = scopes.scope(n);
    try {
      if (connection == null) {
        connection = connections.open();
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        connection.setReadOnly(true);
      }
      try {
        return new ProbeResult(scope, check.run(connection, scope), null);
      } finally {
        connection.rollback(); // read only: ends the snapshot
      }
    } catch (SQLException e) {
      if (stopping) {
        return null;
      }
      closeQuietly(connection);
      connection = null;
      String why = e.getMessage().strip();
      if (SqlStateClass.of(e) != SqlStateClass.CONNECTION) {
        say.accept("consistency probe: off for the rest of the run: " + why);
        return null;
      }
      if (!lostTold) {
        lostTold = true;
        say.accept("consistency probe: connection lost (" + why + "); it tries again next time");
      }
      return new ProbeResult(scope, List.of(), why);
    }
  }

  private static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (SQLException e) {
      // a broken or finished connection: nothing is left to do with it
    }
  }
}
