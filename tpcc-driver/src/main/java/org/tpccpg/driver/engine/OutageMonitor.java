package org.tpccpg.driver.engine;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.tpccpg.driver.metrics.OutageTracker;

/**
 * The run's {@link OutageTracker} with the thread that samples throughput once a second (and then
 * runs the engine's stall watch); the clients tell it when they lose and regain a connection.
 */
final class OutageMonitor {
  private final LongSupplier transactions;
  private volatile OutageTracker tracker;
  private Thread sampler;
  private Runnable everySecond; // after each sample: the stall watch

  /**
   * @param transactions the run's ended transactions so far
   */
  OutageMonitor(LongSupplier transactions) {
    this.transactions = transactions;
  }

  /** Starts sampling; {@code startNanos} is the run's time zero. Before the clients run. */
  void start(long startNanos, Runnable everySecond) {
    this.everySecond = everySecond;
    tracker = new OutageTracker(transactions, System::nanoTime, startNanos);
    sampler = new Thread(this::sampleEverySecond, "tpcc-outage-monitor");
    sampler.setDaemon(true);
    sampler.start();
  }

  void stop() {
    if (sampler != null) {
      sampler.interrupt();
    }
  }

  void connectionLost(int client) {
    tracker.connectionLost(client);
  }

  /** A client stopped making progress at {@code sinceNanos}; {@link #reconnected()} ends it. */
  void stalled(int client, long sinceNanos) {
    tracker.connectionLostAt(client, sinceNanos);
  }

  void reconnected() {
    tracker.reconnected();
  }

  /** Whether an outage is going on; false before {@link #start}. */
  boolean inOutage() {
    OutageTracker current = tracker;
    return current != null && current.inOutage();
  }

  /** The outages so far, in the order they started; none before {@link #start}. */
  List<OutageTracker.Outage> outages() {
    OutageTracker current = tracker;
    return current == null ? List.of() : current.outages();
  }

  private void sampleEverySecond() {
    long next = System.nanoTime();
    try {
      while (true) {
        next += TimeUnit.SECONDS.toNanos(1);
        TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
        tracker.tick();
        everySecond.run();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stopped
    }
  }
}
