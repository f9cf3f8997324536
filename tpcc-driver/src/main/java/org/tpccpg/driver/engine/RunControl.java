package org.tpccpg.driver.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the clients of one run share: the gate they wait at until all are connected, when to stop
 * (deadline, transaction budget, a stop request, a fatal error) and the first fatal error. Read on
 * every transaction, so it is only volatile reads and at most one atomic decrement. Times are
 * {@link System#nanoTime()} values, compared by difference.
 */
final class RunControl {
  /** Far enough ahead to never come, near enough that differences do not overflow. */
  private static final long NEVER = Long.MAX_VALUE / 2;

  private final long timeNanos;
  private final AtomicLong budgetLeft;
  private final CountDownLatch ready;
  private final CountDownLatch opened = new CountDownLatch(1);
  private final AtomicReference<Throwable> fatal = new AtomicReference<>();
  private volatile long deadlineNanos = System.nanoTime() + NEVER;
  private volatile long stoppedAtNanos;
  private volatile boolean stopRequested;
  private volatile boolean abortedAtEnd;

  /**
   * @param clients how many clients must be ready before the gate opens
   * @param timeNanos how long the run lasts once the gate opens, 0 for no limit
   * @param budget transactions over all clients, 0 for no limit
   */
  RunControl(int clients, long timeNanos, long budget) {
    this.ready = new CountDownLatch(clients);
    this.timeNanos = timeNanos;
    this.budgetLeft = budget > 0 ? new AtomicLong(budget) : null;
  }

  /** A client is connected (or failed to connect). */
  void clientReady() {
    ready.countDown();
  }

  /** Waits until every client is ready. */
  void awaitClients() throws InterruptedException {
    ready.await();
  }

  /** Lets the clients run; the time limit counts from {@code startNanos}. */
  void open(long startNanos) {
    deadlineNanos = startNanos + (timeNanos == 0 ? NEVER : timeNanos);
    opened.countDown();
  }

  /** Waits for {@link #open}; false when the run was stopped first. */
  boolean awaitOpen() throws InterruptedException {
    while (!opened.await(100, TimeUnit.MILLISECONDS)) {
      if (stopRequested) {
        return false;
      }
    }
    return !stopRequested;
  }

  /** Whether a client may start another transaction; takes one from the budget if so. */
  boolean mayStart() {
    if (!running()) {
      return false;
    }
    return budgetLeft == null || budgetLeft.getAndDecrement() > 0;
  }

  /** Whether the transaction budget ran out; false without one. */
  boolean budgetSpent() {
    return budgetLeft != null && budgetLeft.get() <= 0;
  }

  /** Neither stopped nor past the deadline: waiting (to start, to reconnect) still makes sense. */
  boolean running() {
    return !stopRequested && nanosLeft() > 0;
  }

  /** Whether {@code nanos} ({@link System#nanoTime()} terms) falls after the deadline. */
  boolean pastDeadline(long nanos) {
    return nanos - deadlineNanos > 0;
  }

  /** Nanoseconds to the deadline; 0 or less once it passed. */
  long nanosLeft() {
    return deadlineNanos - System.nanoTime();
  }

  /**
   * When the run ended or will end: the deadline, or the moment a stop was asked for if that came
   * first. Far in the future while neither is known.
   */
  long endNanos() {
    long deadline = deadlineNanos;
    if (!stopRequested) {
      return deadline;
    }
    long stoppedAt = stoppedAtNanos;
    return stoppedAt - deadline < 0 ? stoppedAt : deadline;
  }

  boolean stopRequested() {
    return stopRequested;
  }

  void requestStop() {
    if (!stopRequested) {
      stoppedAtNanos = System.nanoTime();
      stopRequested = true;
    }
    opened.countDown();
  }

  /**
   * The run is over and is closing the connections of clients still busy (see {@link Engine}): a
   * failure they see now is the run's doing, not the server's, and counts nowhere.
   */
  void abortAtEnd() {
    abortedAtEnd = true;
    requestStop();
  }

  boolean abortedAtEnd() {
    return abortedAtEnd;
  }

  /** Records the first fatal error and stops every client. */
  void fail(Throwable error) {
    if (!abortedAtEnd) {
      fatal.compareAndSet(null, error);
    }
    requestStop();
  }

  Throwable fatalError() {
    return fatal.get();
  }
}
