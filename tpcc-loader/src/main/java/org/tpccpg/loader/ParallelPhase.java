package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.tpccpg.core.jdbc.ConnectionFactory;

/**
 * Runs a list of work items over a fixed number of threads, each with a connection of its own, and
 * returns only when every item is done: a real barrier between load phases.
 *
 * <p>Items are taken from a shared queue, so a slow item does not hold up the others. After the
 * first failure no new item is started; the failures are gathered into one exception (the first,
 * with the others suppressed).
 */
final class ParallelPhase {
  private final ConnectionFactory connections;
  private final int threads;
  private final String name;

  ParallelPhase(ConnectionFactory connections, int threads, String name) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1 but was " + threads);
    }
    this.connections = connections;
    this.threads = threads;
    this.name = name;
  }

  void run(List<? extends SqlWork> work) throws SQLException, InterruptedException {
    ConcurrentLinkedQueue<SqlWork> queue = new ConcurrentLinkedQueue<>(work);
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    AtomicBoolean failed = new AtomicBoolean();
    int workers = Math.min(threads, Math.max(1, work.size()));
    List<Thread> started = new ArrayList<>();
    for (int i = 0; i < workers; i++) {
      Thread thread =
          new Thread(() -> drain(queue, failed, failures), "tpcc-" + name + "-" + (i + 1));
      thread.start();
      started.add(thread);
    }
    try {
      for (Thread thread : started) {
        thread.join();
      }
    } catch (InterruptedException e) {
      failed.set(true);
      started.forEach(Thread::interrupt);
      throw e;
    }
    if (!failures.isEmpty()) {
      throw combined(failures);
    }
  }

  private void drain(
      ConcurrentLinkedQueue<SqlWork> queue, AtomicBoolean failed, List<Throwable> failures) {
    try (Connection connection = connections.open()) {
      for (SqlWork item = queue.poll(); item != null && !failed.get(); item = queue.poll()) {
        item.run(connection);
      }
    } catch (SQLException | RuntimeException e) {
      failed.set(true);
      failures.add(e);
    }
  }

  private static SQLException combined(List<Throwable> failures) {
    Throwable first = failures.get(0);
    SQLException result =
        first instanceof SQLException sql ? sql : new SQLException(first.getMessage(), first);
    for (Throwable other : failures.subList(1, failures.size())) {
      if (other != result) {
        result.addSuppressed(other);
      }
    }
    return result;
  }
}
