package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SysbenchSummaryTest {
  @Test
  void theSummaryMatchesSysbenchsLayoutForAFixedRun() {
    String expected =
        """
        SQL statistics:
            queries performed:
                read:                            13000
                write:                           13500
                other:                           2000
                total:                           28500
            transactions:                        1000   (16.67 per sec.)
            queries:                             28500  (474.99 per sec.)
            ignored errors:                      12     (0.20 per sec.)
            reconnects:                          0      (0.00 per sec.)

        General statistics:
            total time:                          60.0012s
            total number of events:              1000

        Latency (ms):
                 min:                                    1.00
                 avg:                                    6.10
                 max:                                   40.03
                 95th percentile:                        7.98
                 sum:                                 6100.00

        Threads fairness:
            events (avg/stddev):           500.0000/100.00
            execution time (avg/stddev):   3.0500/0.55

        """;
    // max is 40.03, not 40.00: HdrHistogram reports the top of 40000's 32-microsecond bucket.
    assertEquals(expected, SysbenchSummary.render(RunTotalsFixture.run(), 95));
  }

  @Test
  void aDisabledPercentileSaysSo() {
    String summary = SysbenchSummary.render(RunTotalsFixture.run(), 0);
    assertEquals(
        true, summary.contains("\n         percentile stats:               disabled\n"), summary);
  }

  @Test
  void aNonIntegerPercentileKeepsTheValueColumnAligned() {
    String summary = SysbenchSummary.render(RunTotalsFixture.run(), 99.9);
    assertEquals(
        true,
        summary.contains("\n        99.9th percentile:                      40.37\n"),
        summary);
  }
}
