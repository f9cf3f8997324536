package org.tpccpg.driver.htmlreport;

import java.util.Arrays;

/**
 * One figure downsampled into a fixed number of buckets of consecutive intervals: per bucket the
 * lowest, highest and mean value and the sum, so a week of 1 s intervals draws as a few thousand
 * points without hiding a dip (the bucket's minimum keeps it). Missing values (NaN) are left out; a
 * bucket without any value is NaN, drawn as a gap.
 */
final class BucketSeries {
  private final double[] min;
  private final double[] max;
  private final double[] sum;
  private final int[] count;

  BucketSeries(int buckets) {
    min = new double[buckets];
    max = new double[buckets];
    sum = new double[buckets];
    count = new int[buckets];
    Arrays.fill(min, Double.POSITIVE_INFINITY);
    Arrays.fill(max, Double.NEGATIVE_INFINITY);
  }

  void add(int bucket, double value) {
    if (Double.isNaN(value)) {
      return;
    }
    min[bucket] = Math.min(min[bucket], value);
    max[bucket] = Math.max(max[bucket], value);
    sum[bucket] += value;
    count[bucket]++;
  }

  int buckets() {
    return count.length;
  }

  boolean isEmpty() {
    return Arrays.stream(count).allMatch(c -> c == 0);
  }

  double[] mins() {
    return each(b -> min[b]);
  }

  double[] maxes() {
    return each(b -> max[b]);
  }

  double[] means() {
    return each(b -> sum[b] / count[b]);
  }

  /** The sums; 0 where a bucket has no value (a count of events, say). */
  double[] sums() {
    return sum.clone();
  }

  /** The sums divided by another series' counts: a mean over samples where absent means 0. */
  double[] sumsPer(BucketSeries samples) {
    double[] out = new double[sum.length];
    for (int b = 0; b < out.length; b++) {
      out[b] = samples.count[b] == 0 ? Double.NaN : sum[b] / samples.count[b];
    }
    return out;
  }

  /** The total of all values. */
  double total() {
    return Arrays.stream(sum).sum();
  }

  private double[] each(java.util.function.IntToDoubleFunction f) {
    double[] out = new double[count.length];
    for (int b = 0; b < out.length; b++) {
      out[b] = count[b] == 0 ? Double.NaN : f.applyAsDouble(b);
    }
    return out;
  }
}
