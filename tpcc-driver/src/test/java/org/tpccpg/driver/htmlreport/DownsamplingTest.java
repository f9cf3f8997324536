package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DownsamplingTest {
  @Test
  void aWeekOfOneSecondIntervalsIsCutIntoAtMostTheMaximumOfBuckets() {
    Downsampling week = Downsampling.of(604_800, 2_000);
    assertEquals(303, week.perBucket());
    assertEquals(1_997, week.buckets());
    assertTrue(week.buckets() <= 2_000);
    assertEquals(0, week.bucket(0));
    assertEquals(1_996, week.bucket(604_799));
  }

  @Test
  void fewerIntervalsThanPointsKeepOneIntervalPerBucket() {
    Downsampling short_ = Downsampling.of(10, 2_000);
    assertEquals(1, short_.perBucket());
    assertEquals(10, short_.buckets());
    assertEquals(0, Downsampling.of(0, 2_000).buckets());
  }

  @Test
  void aBucketKeepsItsLowestHighestAndMeanValueAndLeavesMissingValuesOut() {
    BucketSeries series = new BucketSeries(3);
    series.add(0, 10);
    series.add(0, 2);
    series.add(0, Double.NaN);
    series.add(0, 6);
    series.add(2, 1);
    assertArrayEquals(new double[] {2, Double.NaN, 1}, series.mins());
    assertArrayEquals(new double[] {10, Double.NaN, 1}, series.maxes());
    assertArrayEquals(new double[] {6, Double.NaN, 1}, series.means());
    assertArrayEquals(new double[] {18, 0, 1}, series.sums());
  }

  @Test
  void sumsPerSampleCountAnAbsentValueAsZero() {
    BucketSeries samples = new BucketSeries(2);
    BucketSeries waiting = new BucketSeries(2);
    for (int i = 0; i < 4; i++) {
      samples.add(0, 1);
    }
    waiting.add(0, 3); // waited in one sample of four
    assertArrayEquals(new double[] {0.75, Double.NaN}, waiting.sumsPer(samples));
  }
}
