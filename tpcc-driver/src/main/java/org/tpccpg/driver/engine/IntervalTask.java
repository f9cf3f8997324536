package org.tpccpg.driver.engine;

/** What a workload does on the {@link IntervalTimer}'s thread: sample and report an interval. */
public interface IntervalTask {
  /** The warmup ended at {@code nowNanos}: forget what was measured so far. */
  default void warmupEnded(long nowNanos) {}

  /**
   * A checkpoint came at {@code nowNanos} (sysbench's {@code --report-checkpoints}): report what
   * happened since the previous one and start counting again; called before the interval that ends
   * at the same time.
   */
  default void checkpoint(long nowNanos) {}

  /** An interval ended at {@code nowNanos}. */
  void interval(long nowNanos);
}
