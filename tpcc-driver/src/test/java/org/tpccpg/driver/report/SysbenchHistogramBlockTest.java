package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.SysbenchBuckets;

class SysbenchHistogramBlockTest {
  @Test
  void eachNonEmptyBucketGetsAValueABarScaledToFortyAndACount() {
    long[] counts = SysbenchBuckets.fromMicros(RunTotalsFixture.run().mergedLatencies());
    assertEquals(
        "Latency histogram (values are in milliseconds)\n"
            + "       value  ------------- distribution ------------- count\n"
            + "       1.007 |**************************************** 500\n"
            + "       7.985 |************************************     450\n"
            + "      40.370 |****                                     50\n"
            + " \n",
        SysbenchHistogramBlock.render(counts));
  }

  @Test
  void barsRoundHalfUpAndTinyBucketsGetNoStar() {
    assertEquals(
        "       0.001 |*                                        1",
        SysbenchHistogramBlock.bucketLine(0.001, 1, 80));
    assertEquals(
        "       0.001 |                                         1",
        SysbenchHistogramBlock.bucketLine(0.001, 1, 81));
  }

  @Test
  void withNoEventsOnlyTheTitleAndTheClosingLineArePrinted() {
    assertEquals(
        "Latency histogram (values are in milliseconds)\n \n",
        SysbenchHistogramBlock.render(new long[SysbenchBuckets.SIZE]));
  }
}
