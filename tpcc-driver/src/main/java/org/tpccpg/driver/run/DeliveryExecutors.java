package org.tpccpg.driver.run;

import java.util.concurrent.TimeUnit;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.engine.Engine;
import org.tpccpg.driver.engine.EngineConfig;

/**
 * The background executors of spec mode's deferred Deliveries (TPC-C 2.7.2), an engine of their own
 * beside the terminals' workers: they start before the terminals and, once the terminals have
 * stopped, drain the queue, for at most {@link #DRAIN_NANOS}.
 */
final class DeliveryExecutors {
  /** How long past the end the executors may take to drain the queue: the 80 s of 5.2.5.3. */
  static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(80);

  private final DeliveryQueue deliveries;
  private final Engine engine;

  /**
   * @param config the engine's settings, with no time limit: the queue ends the executors
   */
  DeliveryExecutors(
      SpecClients.Group executors,
      DeliveryQueue deliveries,
      EngineConfig config,
      ClientThreads.Kind threads) {
    this.deliveries = deliveries;
    this.engine = new Engine(config, executors.works, executors.recorders, () -> 0, threads);
  }

  /** Starts the executors; they wait for the first request. */
  void start() throws InterruptedException {
    engine.start(start -> {});
  }

  /** The run did not start: ends the executors without draining. */
  void stopNow() throws InterruptedException {
    deliveries.close();
    engine.requestStop();
    engine.awaitEnd();
  }

  /**
   * The terminals have stopped: the executors run what is queued and end, or are stopped {@link
   * #DRAIN_NANOS} later.
   */
  void drain() throws InterruptedException {
    deliveries.close();
    Thread watch =
        new Thread(
            () -> {
              try {
                TimeUnit.NANOSECONDS.sleep(DRAIN_NANOS);
                engine.requestStop();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // drained in time
              }
            },
            "tpcc-delivery-drain");
    watch.setDaemon(true);
    watch.start();
    try {
      engine.awaitEnd();
    } finally {
      watch.interrupt();
    }
  }

  /** The error that ended an executor's work, or null. */
  Throwable fatalError() {
    return engine.fatalError();
  }
}
