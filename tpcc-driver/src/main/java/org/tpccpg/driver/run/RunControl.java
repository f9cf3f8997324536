package org.tpccpg.driver.run;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the workers share: when to stop (deadline, event budget, Ctrl-C, a fatal error) and the
 * first fatal error. Read on every event, so it is only volatile reads and one atomic decrement.
 */
final class RunControl {
  private final long deadlineNanos;
  private final AtomicLong eventsLeft;
  private final AtomicReference<Throwable> fatal = new AtomicReference<>();
  private volatile boolean stopRequested;

  /**
   * @param deadlineNanos {@code System.nanoTime()} value at which to stop, or {@code
   *     Long.MAX_VALUE}
   * @param events event budget, 0 for none
   */
  RunControl(long deadlineNanos, long events) {
    this.deadlineNanos = deadlineNanos;
    this.eventsLeft = events > 0 ? new AtomicLong(events) : null;
  }

  /** Whether a worker may start another event; takes one from the budget if so. */
  boolean mayStartEvent() {
    if (stopRequested || System.nanoTime() - deadlineNanos >= 0) {
      return false;
    }
    return eventsLeft == null || eventsLeft.getAndDecrement() > 0;
  }

  boolean stopRequested() {
    return stopRequested;
  }

  void requestStop() {
    stopRequested = true;
  }

  /** Records the first fatal error and stops every worker. */
  void fail(Throwable error) {
    fatal.compareAndSet(null, error);
    stopRequested = true;
  }

  Throwable fatalError() {
    return fatal.get();
  }
}
