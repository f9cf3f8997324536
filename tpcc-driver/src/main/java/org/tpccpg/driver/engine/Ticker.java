package org.tpccpg.driver.engine;

import java.util.concurrent.TimeUnit;

/** The clock of the interval timer, replaceable in tests. */
public interface Ticker {
  /** The system ticker: {@link System#nanoTime()} and a sleep. */
  Ticker SYSTEM =
      new Ticker() {
        @Override
        public long nanoTime() {
          return System.nanoTime();
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
          long left = deadlineNanos - System.nanoTime();
          while (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
            left = deadlineNanos - System.nanoTime();
          }
        }
      };

  /** Monotonic nanoseconds, as {@link System#nanoTime()}. */
  long nanoTime();

  /** Returns at or after {@code deadlineNanos}, or throws when interrupted. */
  void sleepUntil(long deadlineNanos) throws InterruptedException;
}
