package org.tpccpg.driver.engine;

/** What a workload does on the {@link IntervalTimer}'s thread: sample and report an interval. */
public interface IntervalTask {
  /** The warmup ended at {@code nowNanos}: forget what was measured so far. */
  default void warmupEnded(long nowNanos) {}

  /** An interval ended at {@code nowNanos}. */
  void interval(long nowNanos);
}
