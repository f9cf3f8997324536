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
  void runTotalsRejectNoWarehouses() {
    CounterSnapshot counters = CounterSnapshot.of(List.of(new ThreadCounters()));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RunTotals(1, 0, 95, counters, new LatencyRecorders().cumulativeCopies()));
    assertEquals("warehouses must be >= 1 but was 0", e.getMessage());
  }

  @Test
  void runTotalsRejectAZeroElapsedTime() {
    CounterSnapshot counters = CounterSnapshot.of(List.of(new ThreadCounters()));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RunTotals(0, 1, 95, counters, new LatencyRecorders().cumulativeCopies()));
    assertEquals("elapsedSeconds must be a finite number > 0 but was 0.0", e.getMessage());
  }

  @Test
  void aCounterSnapshotMustHoldEveryKind() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new CounterSnapshot(CounterTotals.ZERO, Map.of(), List.of()));
  }
}
