package org.tpccpg.driver.run;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the workers share: when to stop (deadline, event budget, Ctrl-C, a fatal error) and the
 * first fatal error. Read on every event, so it is only volatile reads and one atomic decrement.
 * Times are {@link System#nanoTime()} values, compared by difference.
 */
final class RunControl {
  /** Far enough ahead to never come, near enough that differences do not overflow. */
  private static final long NEVER = Long.MAX_VALUE / 2;

  private final long timeNanos;
  private final AtomicLong eventsLeft;
  private final AtomicReference<Throwable> fatal = new AtomicReference<>();
  private volatile long deadlineNanos = System.nanoTime() + NEVER;
  private volatile long stoppedAtNanos;
  private volatile boolean stopRequested;
  private volatile boolean abortedAtEnd;

  /**
   * @param timeNanos how long the run lasts once {@link #begin} is called, 0 for no limit
   * @param events event budget, 0 for none
   */
  RunControl(long timeNanos, long events) {
    this.timeNanos = timeNanos;
    this.eventsLeft = events > 0 ? new AtomicLong(events) : null;
  }

  /** The workers start now: the time limit counts from here, after every connection opened. */
  void begin(long startNanos) {
    deadlineNanos = startNanos + (timeNanos == 0 ? NEVER : timeNanos);
  }

  /** Whether a worker may start another event; takes one from the budget if so. */
  boolean mayStartEvent() {
    if (!running()) {
      return false;
    }
    return eventsLeft == null || eventsLeft.getAndDecrement() > 0;
  }

  /** Neither stopped nor past the deadline: waiting to reconnect still makes sense. */
  boolean running() {
    return !stopRequested && nanosLeft() > 0;
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
  }

  /**
   * The run is over and is closing the connections of workers still busy (see {@link TpccRun}): a
   * failure they see now is the run's doing, not the server's, and counts nowhere.
   */
  void abortAtEnd() {
    abortedAtEnd = true;
    requestStop();
  }

  boolean abortedAtEnd() {
    return abortedAtEnd;
  }

  /** Records the first fatal error and stops every worker. */
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
