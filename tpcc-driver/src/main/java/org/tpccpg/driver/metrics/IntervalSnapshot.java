package org.tpccpg.driver.metrics;

/**
 * One periodic report: what sysbench prints every {@code --report-interval}. Rates are per second
 * over the measured length of the interval.
 *
 * @param seconds seconds since measuring began (after warmup), rounded as C's {@code %.0f} does
 * @param threads worker threads inside their event loop
 * @param tps events per second
 * @param qps queries (reads + writes + others) per second
 * @param readsPerSecond reads per second
 * @param writesPerSecond writes per second
 * @param othersPerSecond other statements per second
 * @param percentile the latency percentile reported, 0 to 100
 * @param latencyMillis that percentile of the interval's event latencies, in milliseconds
 * @param errorsPerSecond errors per second
 * @param reconnectsPerSecond reconnects per second
 */
public record IntervalSnapshot(
    long seconds,
    int threads,
    double tps,
    double qps,
    double readsPerSecond,
    double writesPerSecond,
    double othersPerSecond,
    double percentile,
    double latencyMillis,
    double errorsPerSecond,
    double reconnectsPerSecond) {

  /** Rejects negative, infinite and NaN values and a percentile outside 0..100. */
  public IntervalSnapshot {
    CounterTotals.requireNotNegative("seconds", seconds);
    CounterTotals.requireNotNegative("threads", threads);
    requireRate("tps", tps);
    requireRate("qps", qps);
    requireRate("readsPerSecond", readsPerSecond);
    requireRate("writesPerSecond", writesPerSecond);
    requireRate("othersPerSecond", othersPerSecond);
    requirePercentile(percentile);
    requireRate("latencyMillis", latencyMillis);
    requireRate("errorsPerSecond", errorsPerSecond);
    requireRate("reconnectsPerSecond", reconnectsPerSecond);
  }

  /**
   * sysbench's figures of an interval.
   *
   * @param percentile the latency percentile to report, 0 to 100
   */
  public static IntervalSnapshot of(Interval interval, double percentile) {
    requirePercentile(percentile);
    CounterTotals d = interval.counters().total();
    double latency =
        SysbenchBuckets.percentile(SysbenchBuckets.fromMicros(interval.latencies()), percentile);
    return new IntervalSnapshot(
        Math.round(Math.rint(interval.elapsedSeconds())), // C's %.0f rounds half to even
        interval.clients(),
        interval.perSecond(d.events()),
        interval.perSecond(d.queries()),
        interval.perSecond(d.reads()),
        interval.perSecond(d.writes()),
        interval.perSecond(d.others()),
        percentile,
        latency,
        interval.perSecond(d.errors()),
        interval.perSecond(d.reconnects()));
  }

  static void requirePercentile(double percentile) {
    if (!(percentile >= 0 && percentile <= 100)) {
      throw new IllegalArgumentException(
          "percentile must be between 0 and 100 but was " + percentile);
    }
  }

  private static void requireRate(String field, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(field + " must be a finite number >= 0 but was " + value);
    }
  }
}
