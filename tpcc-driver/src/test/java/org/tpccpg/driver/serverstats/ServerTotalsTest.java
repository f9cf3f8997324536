package org.tpccpg.driver.serverstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerTotalsTest {
  private static final long MB = 1024 * 1024;

  private static ServerInterval interval(Long checkpoints, Long requested, Long wal) {
    return new ServerInterval(checkpoints, requested, wal, 10L, 0L, 0L, 0L, 0, Map.of(), Map.of());
  }

  @Test
  void theIntervalsAreSummedAndSaidInOneLine() {
    ServerTotals totals = new ServerTotals();
    totals.add(interval(0L, 0L, 40 * MB));
    totals.add(interval(2L, 1L, 56 * MB));
    ServerTotals.Snapshot snapshot = totals.snapshot();
    assertEquals(new ServerTotals.Snapshot(2, 2L, 1L, 96 * MB), snapshot);
    assertEquals(
        Optional.of("server during the run: 2 checkpoints (1 requested), 96.0 MB of WAL"),
        snapshot.line());
  }

  @Test
  void oneCheckpointIsSingular() {
    ServerTotals totals = new ServerTotals();
    totals.add(interval(1L, 1L, MB / 2));
    assertEquals(
        Optional.of("server during the run: 1 checkpoint (1 requested), 0.5 MB of WAL"),
        totals.snapshot().line());
  }

  @Test
  void aCounterOneIntervalCouldNotGiveIsUnknownForTheRun() {
    ServerTotals totals = new ServerTotals();
    totals.add(interval(1L, 0L, 10 * MB));
    totals.add(interval(null, null, null)); // reset meanwhile, or a server that cannot say
    totals.add(interval(1L, 1L, 10 * MB));
    ServerTotals.Snapshot snapshot = totals.snapshot();
    assertNull(snapshot.checkpoints());
    assertNull(snapshot.checkpointsRequested());
    assertNull(snapshot.walBytes());
    assertEquals(
        Optional.of("server during the run: checkpoints not known, WAL not known"),
        snapshot.line());
  }

  @Test
  void theWarmupIsForgottenAndNoIntervalGivesNoLine() {
    ServerTotals totals = new ServerTotals();
    totals.add(interval(3L, 3L, 500 * MB));
    totals.restart();
    assertEquals(new ServerTotals.Snapshot(0, null, null, null), totals.snapshot());
    assertEquals(Optional.empty(), totals.snapshot().line());
    totals.add(interval(0L, 0L, MB));
    assertEquals(new ServerTotals.Snapshot(1, 0L, 0L, MB), totals.snapshot());
  }
}
