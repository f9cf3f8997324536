package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordValidationTest {
  @Test
  void aNegativeCounterIsRejectedWithItsNameAndValue() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new CounterTotals(0, -3, 0, 0, 0, 0, 0));
    assertEquals("reads must be >= 0 but was -3", e.getMessage());
  }

  @Test
  void anIntervalSnapshotRejectsAnInfiniteRate() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new IntervalSnapshot(1, 1, Double.POSITIVE_INFINITY, 0, 0, 0, 0, 95, 0, 0, 0));
    assertEquals("tps must be a finite number >= 0 but was Infinity", e.getMessage());
  }

  @Test
  void anIntervalSnapshotRejectsAPercentileAboveOneHundred() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new IntervalSnapshot(1, 1, 0, 0, 0, 0, 0, 100.5, 0, 0, 0));
    assertEquals("percentile must be between 0 and 100 but was 100.5", e.getMessage());
  }

  @Test
  void aRunResultRejectsANegativeElapsedTime() {
    CounterSnapshot counters = CounterSnapshot.of(List.of(new ClientCounters(2)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new RunResult(
                    List.of("a", "b"),
                    -1,
                    0,
                    counters,
                    ResultFixtures.emptyHistograms(2),
                    List.of(),
                    RunResult.Ending.COMPLETED));
    assertEquals("elapsedSeconds must be a finite number >= 0 but was -1.0", e.getMessage());
  }

  @Test
  void aRunResultNeedsTheFiguresOfEveryKind() {
    CounterSnapshot counters = CounterSnapshot.of(List.of(new ClientCounters(2)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new RunResult(
                    List.of("a", "b"),
                    1,
                    0,
                    counters,
                    ResultFixtures.emptyHistograms(1),
                    List.of(),
                    RunResult.Ending.COMPLETED));
    assertEquals("counters and latencies must have 2 kinds but had 2 and 1", e.getMessage());
  }

  @Test
  void kindTotalsRejectMoreRollbacksThanCompletedTransactions() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ResultFixtures.outcomes(0, 0, 0)
                    .plus(new KindTotals(1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)));
    assertEquals("rolledBack must be <= completed (1) but was 2", e.getMessage());
  }

  @Test
  void aCounterSnapshotMustHoldEveryCause() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new CounterSnapshot(CounterTotals.ZERO, List.of(KindTotals.ZERO), Map.of(), List.of()));
  }
}
