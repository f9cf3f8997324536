package org.tpccpg.driver.report;

import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.IntervalSampler;

/**
 * Receives each report interval on the reporter thread. The interval's histograms are reused after
 * the call returns: copy what must be kept.
 */
@FunctionalInterface
public interface IntervalListener {
  void interval(Interval interval);

  /** The reporter starts (the run has just started), on the thread that starts it. */
  default void started() {}

  /** The warmup ended, on the reporter thread: what came before is not reported. */
  default void warmupEnded() {}

  /** A checkpoint was taken (sysbench's {@code --report-checkpoints}), on the reporter thread. */
  default void checkpoint(IntervalSampler.Checkpoint checkpoint) {}

  /** The reporter has stopped, on the thread that stopped it; no interval follows. */
  default void stopped() {}
}
