package org.tpccpg.driver.tpcb;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.driver.metrics.OutageTracker;

/**
 * Replaces a client's lost connection: waits 0.1 s, tries, and doubles the wait after each failed
 * attempt up to 5 s, until a connection opens or the run ends. Errors that are not about the
 * connection (a wrong password, a dropped database) end the client as before.
 */
final class Reconnector {
  static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final RunGate gate;
  private final OutageTracker outages;

  /** Opens a connection. */
  interface Connector<T> {
    T open() throws SQLException;
  }

  Reconnector(RunGate gate, OutageTracker outages) {
    this.gate = gate;
    this.outages = outages;
  }

  /** The wait before attempt {@code attempt} (1, 2, ...): 0.1 s doubling, at most 5 s. */
  static long backoffNanos(int attempt) {
    if (attempt >= 7) {
      return MAX_BACKOFF_NANOS; // 0.1 s * 2^6 is already above the cap
    }
    return Math.min(FIRST_BACKOFF_NANOS << (attempt - 1), MAX_BACKOFF_NANOS);
  }

  /** A new connection, or null when the run ended first. */
  <T> T reconnect(Connector<T> connector) throws SQLException, InterruptedException {
    outages.connectionLost();
    try {
      for (int attempt = 1; gate.running(System.nanoTime()); attempt++) {
        LockSupport.parkNanos(backoffNanos(attempt));
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
        if (!gate.running(System.nanoTime())) {
          break;
        }
        try {
          return connector.open();
        } catch (SQLException e) {
          if (SqlStateClass.of(e) != SqlStateClass.CONNECTION) {
            throw e;
          }
        }
      }
      return null;
    } finally {
      outages.reconnected();
    }
  }
}
