package org.tpccpg.testkit;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Runs a test's work in the background (a run to fault, a process's output to drain) on a daemon
 * thread of its own.
 *
 * <p>Not on the common fork-join pool, where {@code Background.supply(work)} without an executor
 * puts it: that pool has one worker per CPU but one, so a single worker on the 2-core test machine,
 * shared by every IT class running side by side in the JVM. A class's background run queued there
 * behind another class's: TpcbFaultIT's {@code -C} run started only when StallIT's 40 s run ended,
 * and a process whose output was to be drained there could fill its pipe and stop. It does not
 * bound or pool the threads: each piece of work is one thread, as long as it runs.
 */
public final class Background {
  private Background() {}

  /** {@code work}'s result, computed on a thread of its own. */
  public static <T> CompletableFuture<T> supply(Supplier<T> work) {
    return CompletableFuture.supplyAsync(work, Background::start);
  }

  /** {@code work}, run on a thread of its own. */
  public static CompletableFuture<Void> run(Runnable work) {
    return CompletableFuture.runAsync(work, Background::start);
  }

  private static void start(Runnable task) {
    Thread thread = new Thread(task, "test-background");
    thread.setDaemon(true);
    thread.start();
  }
}
