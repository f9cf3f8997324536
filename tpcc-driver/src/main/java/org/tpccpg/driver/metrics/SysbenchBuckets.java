package org.tpccpg.driver.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * sysbench's latency histogram ({@code sb_histogram.c}, the same in 1.0.20 and master): 1024
 * buckets on a log scale from 0.001 ms to 100,000 ms, each about 1.8% wide. sysbench reports a
 * percentile as the representative value of a bucket, which is why values such as 7.98 or 9.22 ms
 * recur; this class reproduces those numbers from an HdrHistogram.
 */
public final class SysbenchBuckets {
  /** Number of buckets. */
  public static final int SIZE = 1024;

  /** The lowest bucket's value in milliseconds. */
  public static final double MIN_MS = 0.001;

  /** The highest bucket's value in milliseconds. */
  public static final double MAX_MS = 100_000;

  private static final double DEDUCT = Math.log(MIN_MS);
  private static final double MULT = (SIZE - 1) / (Math.log(MAX_MS) - DEDUCT);

  private SysbenchBuckets() {}

  /** The bucket of a latency: floor((ln v - ln 0.001) * mult + 0.5), clamped to [0, 1023]. */
  public static int bucketOf(double millis) {
    double index = Math.floor((Math.log(millis) - DEDUCT) * MULT + 0.5);
    if (!(index >= 0)) { // also catches NaN and ln(0) = -infinity
      return 0;
    }
    return index >= SIZE ? SIZE - 1 : (int) index;
  }

  /** The representative value of a bucket in milliseconds: exp(i / mult + ln 0.001). */
  public static double valueOf(int bucket) {
    return Math.exp(bucket / MULT + DEDUCT);
  }

  /** The bucket counts of an HdrHistogram of microseconds. */
  public static long[] fromMicros(Histogram micros) {
    long[] counts = new long[SIZE];
    for (HistogramIterationValue v : micros.recordedValues()) {
      double millis = micros.medianEquivalentValue(v.getValueIteratedTo()) / 1_000.0;
      counts[bucketOf(millis)] += v.getCountAtValueIteratedTo();
    }
    return counts;
  }

  /**
   * sysbench's percentile: with N events, nmax = floor(N * p / 100 + 0.5); the value of the first
   * bucket where the running count reaches nmax. No events gives 0.001 ms.
   *
   * @param counts bucket counts, {@link #SIZE} of them
   * @param percentile between 0 and 100
   * @return milliseconds
   */
  public static double percentile(long[] counts, double percentile) {
    if (counts.length != SIZE) {
      throw new IllegalArgumentException(
          "counts must have " + SIZE + " buckets but had " + counts.length);
    }
    if (!(percentile >= 0 && percentile <= 100)) {
      throw new IllegalArgumentException(
          "percentile must be between 0 and 100 but was " + percentile);
    }
    long events = 0;
    for (long c : counts) {
      events += c;
    }
    long target = (long) Math.floor(events * percentile / 100 + 0.5);
    long running = 0;
    int bucket = 0;
    while (bucket < SIZE) {
      running += counts[bucket];
      if (running >= target) {
        break;
      }
      bucket++;
    }
    return valueOf(bucket);
  }
}
