package org.tpccpg.driver.report;

import org.junit.jupiter.api.Test;
import org.tpccpg.driver.golden.GoldenFile;
import org.tpccpg.driver.metrics.OutageTracker;

/**
 * Pins the outage block {@code tpcc run} prints after the per-type table. The tracker reads the
 * real clock, so the outages are placed 4.301 s after a start set in the past and last well under
 * 50 ms: they print as 4.3 s lasting 0.0 s whatever the machine's speed. No throughput sample is
 * taken, so "back to 90% after" reads "not within the run" here; its numeric form is not pinned.
 */
class GoldenOutagesTest {
  private static final long START_OFFSET_NANOS = 4_301_000_000L;

  @Test
  void aRunWithoutOutagesSaysNone() {
    OutageTracker tracker = new OutageTracker(() -> 0, System::nanoTime, System.nanoTime());
    GoldenFile.assertMatches("sysbench/outages-none.txt", OutagesBlock.render(tracker.outages()));
  }

  @Test
  void anEndedAndAnOngoingOutageGetOneRowEach() {
    OutageTracker tracker =
        new OutageTracker(() -> 0, System::nanoTime, System.nanoTime() - START_OFFSET_NANOS);
    tracker.connectionLost(0);
    tracker.connectionLost(1);
    tracker.reconnected();
    tracker.reconnected();
    tracker.connectionLost(0);
    GoldenFile.assertMatches("sysbench/outages.txt", OutagesBlock.render(tracker.outages()));
  }
}
