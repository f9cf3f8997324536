package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SysbenchBucketsTest {
  @Test
  void aValueMapsToTheBucketWhoseRepresentativeSysbenchPrints() {
    assertEquals(499, SysbenchBuckets.bucketOf(8.0));
    assertEquals(7.98451, SysbenchBuckets.valueOf(499), 1e-5);
    assertEquals(507, SysbenchBuckets.bucketOf(9.2));
    assertEquals(9.22167, SysbenchBuckets.valueOf(507), 1e-5);
  }

  @Test
  void theRepresentativeOfABucketMapsBackToTheSameBucket() {
    for (int i = 0; i < SysbenchBuckets.SIZE; i++) {
      assertEquals(i, SysbenchBuckets.bucketOf(SysbenchBuckets.valueOf(i)));
    }
  }

  @Test
  void theRangeEndsAreTheFirstAndLastBuckets() {
    assertEquals(0, SysbenchBuckets.bucketOf(0.001));
    assertEquals(1023, SysbenchBuckets.bucketOf(100_000));
    assertEquals(0.001, SysbenchBuckets.valueOf(0), 1e-12);
    assertEquals(100_000, SysbenchBuckets.valueOf(1023), 1e-6);
  }

  @Test
  void valuesOutsideTheRangeAreClamped() {
    assertEquals(0, SysbenchBuckets.bucketOf(0));
    assertEquals(0, SysbenchBuckets.bucketOf(0.0001));
    assertEquals(1023, SysbenchBuckets.bucketOf(1e9));
  }

  @Test
  void bucketsAreAboutOnePointEightPercentWide() {
    assertEquals(1.01817, SysbenchBuckets.valueOf(501) / SysbenchBuckets.valueOf(500), 1e-5);
  }

  @Test
  void thePercentileIsTheFirstBucketReachingTheRoundedRank() {
    long[] counts = new long[SysbenchBuckets.SIZE];
    counts[100] = 90;
    counts[499] = 5;
    counts[507] = 5;
    // nmax = floor(100 * 95 / 100 + 0.5) = 95, reached in bucket 499.
    assertEquals(SysbenchBuckets.valueOf(499), SysbenchBuckets.percentile(counts, 95));
    assertEquals(SysbenchBuckets.valueOf(507), SysbenchBuckets.percentile(counts, 99));
    assertEquals(SysbenchBuckets.valueOf(100), SysbenchBuckets.percentile(counts, 50));
  }

  @Test
  void noEventsGiveTheLowestBucket() {
    assertEquals(0.001, SysbenchBuckets.percentile(new long[SysbenchBuckets.SIZE], 95), 1e-12);
  }

  @Test
  void anHdrHistogramOfMicrosecondsFillsTheMatchingBuckets() {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(8_000, 3);
    h.recordValue(9_200);

    long[] counts = SysbenchBuckets.fromMicros(h);

    assertEquals(3, counts[499]);
    assertEquals(1, counts[507]);
    assertEquals(4, java.util.Arrays.stream(counts).sum());
  }
}
