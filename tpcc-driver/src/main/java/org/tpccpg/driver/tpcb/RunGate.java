package org.tpccpg.driver.tpcb;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Starts and stops the clients of one run: they connect, wait at the gate, and run until {@link
 * #stop()} or the deadline. The deadline is set when the gate opens, so that {@code -T} counts from
 * the moment every client is connected ("without initial connection time").
 */
final class RunGate {
  private final CountDownLatch connected;
  private final CountDownLatch opened = new CountDownLatch(1);
  private volatile long deadlineNanos = Long.MAX_VALUE;
  private volatile boolean stopped;

  RunGate(int clients) {
    this.connected = new CountDownLatch(clients);
  }

  /** A client has its first connection (or failed to get one). */
  void clientReady() {
    connected.countDown();
  }

  /** Waits until every client is ready. */
  void awaitClients() throws InterruptedException {
    connected.await();
  }

  /** Lets the clients run; with {@code durationNanos > 0} they stop at now + that duration. */
  void open(long startNanos, long durationNanos) {
    if (durationNanos > 0) {
      deadlineNanos = startNanos + durationNanos;
    }
    opened.countDown();
  }

  /** Waits for {@link #open}; returns false when stopped first. */
  boolean awaitOpen() throws InterruptedException {
    while (!opened.await(100, TimeUnit.MILLISECONDS)) {
      if (stopped) {
        return false;
      }
    }
    return !stopped;
  }

  /** Stops every client after its current transaction; any thread. */
  void stop() {
    stopped = true;
    opened.countDown();
  }

  /** Whether a client should start another transaction at {@code nowNanos}. */
  boolean running(long nowNanos) {
    return !stopped && nowNanos < deadlineNanos;
  }
}
