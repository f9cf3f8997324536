package org.tpccpg.driver.run;

import org.junit.jupiter.api.Test;
import org.tpccpg.driver.golden.GoldenFile;

/**
 * Pins the outage block {@code tpcc run} prints after the per-type table. The monitor reads the
 * real clock, so the outages are placed 4.301 s after a start set in the past and last well under
 * 50 ms: they print as 4.3 s lasting 0.0 s whatever the machine's speed. Throughput samples come
 * from the monitor's own thread once a second, so "back to 90% after" always reads "not within the
 * run" here; its numeric form is not pinned.
 */
class GoldenOutagesTest {
  private static final long START_OFFSET_NANOS = 4_301_000_000L;

  @Test
  void aRunWithoutOutagesSaysNone() {
    OutageMonitor monitor = new OutageMonitor(() -> 0);
    monitor.start(System.nanoTime());
    try {
      GoldenFile.assertMatches("sysbench/outages-none.txt", monitor.render());
    } finally {
      monitor.stop();
    }
  }

  @Test
  void anEndedAndAnOngoingOutageGetOneRowEach() {
    OutageMonitor monitor = new OutageMonitor(() -> 0);
    monitor.start(System.nanoTime() - START_OFFSET_NANOS);
    try {
      monitor.connectionLost();
      monitor.connectionLost();
      monitor.reconnected();
      monitor.reconnected();
      monitor.connectionLost();
      GoldenFile.assertMatches("sysbench/outages.txt", monitor.render());
    } finally {
      monitor.stop();
    }
  }
}
