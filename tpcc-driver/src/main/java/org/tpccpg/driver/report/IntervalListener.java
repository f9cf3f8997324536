package org.tpccpg.driver.report;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.IntervalSnapshot;

/**
 * Receives each report interval on the reporter thread: the report line's figures and the
 * interval's latencies per transaction kind (microseconds, with HdrHistogram start and end time
 * stamps). The histograms are reused after the call returns: copy what must be kept.
 */
@FunctionalInterface
public interface IntervalListener {
  void interval(IntervalSnapshot snapshot, Map<TransactionType, Histogram> perKind);
}
