package org.tpccpg.driver.tpcb;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * What one reporting interval of a run did, for a progress line and the results files.
 *
 * @param end the wall-clock time at its end
 * @param elapsedSeconds from the start of the run to its end
 * @param seconds its length
 * @param totals the transactions of the interval, of all scripts
 * @param reconnects lost connections replaced in the interval
 * @param perScript each script's latencies in the interval, in script order; empty when no results
 *     files are kept
 */
record IntervalFigures(
    Instant end,
    double elapsedSeconds,
    double seconds,
    Totals totals,
    long reconnects,
    List<Histogram> perScript) {
  IntervalFigures {
    Objects.requireNonNull(end, "end");
    Objects.requireNonNull(totals, "totals");
    perScript = List.copyOf(perScript);
    if (seconds < 0) {
      throw new IllegalArgumentException("seconds must be >= 0 but was " + seconds);
    }
  }

  /** Transactions per second over the interval, 0 for an empty one. */
  double tps() {
    return seconds <= 0 ? 0 : totals.count() / seconds;
  }
}
