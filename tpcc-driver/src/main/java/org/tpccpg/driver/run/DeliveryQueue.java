package org.tpccpg.driver.run;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.tpccpg.core.tpcc.DeliveryInput;

/**
 * The deferred Deliveries of spec mode (TPC-C 2.7.2): a terminal queues its request and goes on;
 * background executors take them in order. Once {@link #close() closed} (the terminals stopped),
 * the executors drain what is left and end. Counts what was queued and how it ended, so a run can
 * tell that every deferred Delivery completed.
 */
final class DeliveryQueue {
  private static final long POLL_MILLIS = 100;

  private final LinkedBlockingQueue<Request> queue = new LinkedBlockingQueue<>();
  private final AtomicLong queued = new AtomicLong();
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private volatile boolean closed;

  /**
   * A queued Delivery.
   *
   * @param input what the terminal keyed
   * @param queuedNanos when it was queued ({@link System#nanoTime()}), where its response time
   *     starts
   */
  record Request(DeliveryInput input, long queuedNanos) {}

  void add(Request request) {
    queued.incrementAndGet();
    queue.add(request);
  }

  /** No more requests come; the executors end once the queue is empty. */
  void close() {
    closed = true;
  }

  /**
   * The next request, waiting for one.
   *
   * @return null once the queue is closed and empty
   */
  Request take() throws InterruptedException {
    while (true) {
      Request r = queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
      if (r != null) {
        return r;
      }
      if (closed && queue.isEmpty()) {
        return null;
      }
    }
  }

  /** A request's Delivery committed (or failed for good). */
  void ended(boolean committed) {
    (committed ? completed : failed).incrementAndGet();
  }

  long queued() {
    return queued.get();
  }

  long completed() {
    return completed.get();
  }

  long failed() {
    return failed.get();
  }

  /** Requests still waiting. */
  int waiting() {
    return queue.size();
  }
}
