package org.tpccpg.driver.connect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import org.tpccpg.core.jdbc.ConnectionFactory;

/**
 * Opens every connection a run needs before its threads start, as sysbench's threads connect before
 * "Threads started!": a server that admits fewer clients fails the run in one line before anything
 * is measured, instead of part-way through it. A few connections are opened at a time; after the
 * first failure no more are tried and those opened are closed. The pooler probes open their two
 * connections here too ({@link TransactionProbe#requireForClients}).
 */
public final class ConnectionOpener {
  /** Connections opened at once; the server forks a backend for each, so a few are enough. */
  private static final int PARALLEL = 8;

  private ConnectionOpener() {}

  /** A connection and the nanoseconds it took to open. */
  public record Opened(Connection connection, long nanos) {}

  /**
   * Opens {@code count} connections.
   *
   * @throws TooFewConnections when one could not be opened; none stays open then
   */
  public static List<Opened> openAll(ConnectionFactory factory, int count)
      throws TooFewConnections, InterruptedException {
    AtomicBoolean failed = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(PARALLEL, count), named());
    List<Future<Opened>> futures = new ArrayList<>(count);
    try {
      for (int i = 0; i < count; i++) {
        futures.add(pool.submit(() -> failed.get() ? null : open(factory, failed)));
      }
      List<Opened> opened = new ArrayList<>(count);
      SQLException failure = null;
      for (Future<Opened> future : futures) {
        try {
          Opened one = future.get();
          if (one != null) {
            opened.add(one);
          }
        } catch (ExecutionException e) {
          if (failure == null) {
            failure = asSql(e.getCause());
          }
        }
      }
      if (failure != null) {
        opened.forEach(o -> closeQuietly(o.connection()));
        throw new TooFewConnections(count, opened.size(), failure);
      }
      return opened;
    } finally {
      pool.shutdownNow();
    }
  }

  private static Opened open(ConnectionFactory factory, AtomicBoolean failed) throws SQLException {
    long start = System.nanoTime();
    try {
      return new Opened(factory.open(), System.nanoTime() - start);
    } catch (SQLException | RuntimeException e) {
      failed.set(true);
      throw e;
    }
  }

  private static SQLException asSql(Throwable cause) {
    return cause instanceof SQLException e ? e : new SQLException(String.valueOf(cause), cause);
  }

  public static void closeQuietly(Connection connection) {
    try {
      connection.close();
    } catch (SQLException e) {
      // Only freeing the socket; the server ends the session either way.
    }
  }

  private static ThreadFactory named() {
    return task -> {
      Thread thread = new Thread(task, "tpcc-connect");
      thread.setDaemon(true);
      return thread;
    };
  }
}
