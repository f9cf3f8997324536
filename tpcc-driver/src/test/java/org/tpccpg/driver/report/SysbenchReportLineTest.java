package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.SysbenchBuckets;

class SysbenchReportLineTest {
  /** The numbers of a published sysbench-tpcc run on PostgreSQL 11 (64 threads). */
  private static final IntervalSnapshot PUBLISHED =
      new IntervalSnapshot(
          8000,
          64,
          20485.43,
          581769.53,
          265359.48,
          275433.19,
          40976.85,
          95,
          SysbenchBuckets.valueOf(SysbenchBuckets.bucketOf(7.98)),
          89.01,
          0);

  @Test
  void thePublishedLineIsReproducedByteForByte() {
    assertEquals(
        "[ 8000s ] thds: 64 tps: 20485.43 qps: 581769.53 (r/w/o: 265359.48/275433.19/40976.85)"
            + " lat (ms,95%): 7.98 err/s 89.01 reconn/s: 0.00",
        SysbenchReportLine.text(PUBLISHED));
  }

  @Test
  void theCsvFormHasTheSameTenValuesAndNoLabels() {
    assertEquals(
        "8000,64,20485.43,581769.53,265359.48,275433.19,40976.85,7.98,89.01,0.00",
        SysbenchReportLine.csv(PUBLISHED));
  }

  @Test
  void smallValuesKeepTheirMinimumWidthOfFour() {
    IntervalSnapshot idle = new IntervalSnapshot(1, 0, 0, 0, 0, 0, 0, 95, 0.001, 0, 0);
    assertEquals(
        "[ 1s ] thds: 0 tps: 0.00 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 0.00"
            + " err/s 0.00 reconn/s: 0.00",
        SysbenchReportLine.text(idle));
  }

  @Test
  void aNonIntegerPercentileIsLabelledWithItsDecimals() {
    IntervalSnapshot s =
        new IntervalSnapshot(10, 4, 100, 2800, 1300, 1300, 200, 99.9, 9.2217, 1, 0);
    assertEquals(
        "[ 10s ] thds: 4 tps: 100.00 qps: 2800.00 (r/w/o: 1300.00/1300.00/200.00)"
            + " lat (ms,99.9%): 9.22 err/s 1.00 reconn/s: 0.00",
        SysbenchReportLine.text(s));
  }
}
