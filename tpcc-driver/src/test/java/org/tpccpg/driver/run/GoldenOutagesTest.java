package org.tpccpg.driver.run;

import org.junit.jupiter.api.Test;
import org.tpccpg.driver.golden.GoldenFile;

/**
 * Pins the outage block {@code tpcc run} prints after the per-type table, as far as it can be
 * rendered without a database: a run without outages. (The times of real outages come from the
 * monitor's own clock, so they cannot be fixed here.)
 */
class GoldenOutagesTest {
  @Test
  void aRunWithoutOutagesSaysNone() {
    GoldenFile.assertMatches(
        "sysbench/outages-none.txt", new OutageMonitor(System.nanoTime(), () -> 0).render());
  }
}
