package org.tpccpg.driver.engine;

import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * Hands out items as they fall due, earliest first, to a few worker threads: the way ten thousand
 * TPC-C terminals share a pool of workers the size of the connection pool, on Java 17 as on later
 * versions, without a thread per terminal. A terminal waiting for its keying or think time is only
 * an entry in the queue (a priority heap by due time); a worker takes the earliest once it is due,
 * runs it, and puts it back with its next due time.
 *
 * <p>Built on {@link DelayQueue}: one waiting worker sleeps until the head is due, the others until
 * it hands over (the leader-follower pattern), so a due time wakes one thread, not all. Safe for
 * any number of threads.
 *
 * @param <T> what is scheduled
 */
public final class DueScheduler<T extends DueScheduler.Due> {
  /** How long a worker waits before looking at the end and {@link #close()} again. */
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  /** Far enough ahead to never come, near enough that differences do not overflow. */
  private static final long NEVER = Long.MAX_VALUE / 2;

  private final DelayQueue<T> queue = new DelayQueue<>();
  private volatile long endNanos = System.nanoTime() + NEVER;
  private volatile boolean closed;

  /** What the scheduler orders: something with a due time on {@link System#nanoTime()}'s clock. */
  public interface Due extends Delayed {
    /** When it falls due ({@link System#nanoTime()}); fixed while it is in the queue. */
    long dueNanos();

    @Override
    default long getDelay(TimeUnit unit) {
      return unit.convert(dueNanos() - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    default int compareTo(Delayed other) {
      if (other instanceof Due due) {
        return Long.signum(dueNanos() - due.dueNanos()); // nanoTime values compare by difference
      }
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }
  }

  /** Queues {@code item} until its due time. */
  public void schedule(T item) {
    queue.add(item);
  }

  /** Nothing is handed out at or after {@code nanos} ({@link System#nanoTime()}). */
  public void endAt(long nanos) {
    endNanos = nanos;
  }

  /** Hands nothing out any more; wakes the waiting workers within {@link #POLL_NANOS}. */
  public void close() {
    closed = true;
  }

  /** Items in the queue, due or not. */
  public int size() {
    return queue.size();
  }

  /**
   * Waits for the earliest item to fall due and takes it.
   *
   * @return the item, or null once the scheduler is closed or past its end
   */
  public T next() throws InterruptedException {
    while (true) {
      long left = endNanos - System.nanoTime();
      if (closed || left <= 0) {
        return null;
      }
      T item = queue.poll(Math.min(left, POLL_NANOS), TimeUnit.NANOSECONDS);
      if (item != null) {
        if (closed || endNanos - System.nanoTime() <= 0) {
          return null; // due too late: the run is over
        }
        return item;
      }
    }
  }
}
