package org.tpccpg.driver.metrics;

import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * What one reporting interval of a run did, for either workload: sysbench's report line, pgbench's
 * progress line and a line of {@code intervals.jsonl} each render it.
 *
 * @param elapsedSeconds from the start of measuring (after warmup) to the end of the interval
 * @param seconds the interval's length, > 0
 * @param clients the clients that ran during the interval, also those that ended in it
 * @param counters what the clients did in the interval
 * @param latencies the interval's latencies in microseconds, all kinds merged; reused by the
 *     sampler after the listeners return
 * @param perKind the same per kind, in kind order, with HdrHistogram's start and end time stamps;
 *     reused likewise
 */
public record Interval(
    double elapsedSeconds,
    double seconds,
    int clients,
    CounterSnapshot counters,
    Histogram latencies,
    List<Histogram> perKind) {

  public Interval {
    if (!(seconds > 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException("seconds must be a finite number > 0 but was " + seconds);
    }
    CounterTotals.requireNotNegative("clients", clients);
    Objects.requireNonNull(counters, "counters");
    Objects.requireNonNull(latencies, "latencies");
    perKind = List.copyOf(perKind);
  }

  /** A count per second of the interval. */
  public double perSecond(long count) {
    return count / seconds;
  }
}
