package org.tpccpg.driver.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchMeansTest {
  private static List<Double> oneTo(int n) {
    List<Double> series = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      series.add((double) i);
    }
    return series;
  }

  @Test
  void aLongRunMakesTenBatchesOfEqualLength() {
    double[] means = BatchMeans.of(oneTo(100));
    assertEquals(10, means.length);
    assertEquals(5.5, means[0]); // 1..10
    assertEquals(95.5, means[9]); // 91..100
  }

  @Test
  void theFirstIntervalsThatDoNotFillABatchAreLeftOut() {
    // 25 intervals: 10 batches of 2, the first 5 left out
    double[] means = BatchMeans.of(oneTo(25));
    assertEquals(10, means.length);
    assertEquals(6.5, means[0]); // 6, 7
    assertEquals(24.5, means[9]); // 24, 25
  }

  @Test
  void aShortRunMakesBatchesOfTwo() {
    assertArrayEquals(new double[] {2.5, 4.5, 6.5}, BatchMeans.of(oneTo(7)));
    assertArrayEquals(new double[] {2.0}, BatchMeans.of(oneTo(3))); // one batch of all three
    assertArrayEquals(new double[0], BatchMeans.of(oneTo(1)));
    assertArrayEquals(new double[0], BatchMeans.of(List.of()));
  }

  @Test
  void intervalsWithoutAValueAreLeftOutOfTheirBatch() {
    List<Double> series = List.of(1.0, Double.NaN, Double.NaN, Double.NaN, 5.0, 7.0);
    assertArrayEquals(new double[] {1.0, 6.0}, BatchMeans.of(series));
  }
}
