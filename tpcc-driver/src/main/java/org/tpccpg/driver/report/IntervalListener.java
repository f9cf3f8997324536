package org.tpccpg.driver.report;

import org.tpccpg.driver.metrics.Interval;

/**
 * Receives each report interval on the reporter thread. The interval's histograms are reused after
 * the call returns: copy what must be kept.
 */
@FunctionalInterface
public interface IntervalListener {
  void interval(Interval interval);
}
