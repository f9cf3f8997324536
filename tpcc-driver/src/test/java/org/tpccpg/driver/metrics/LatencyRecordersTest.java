package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecordersTest {
  @Test
  void anIntervalHoldsOnlyWhatWasRecordedSinceThePreviousOne() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TxnKind.NEW_ORDER, 5_000_000);
    r.record(TxnKind.PAYMENT, 2_000_000);
    assertEquals(2, r.sampleInterval().getTotalCount());

    r.record(TxnKind.PAYMENT, 3_000_000);
    Histogram second = r.sampleInterval();

    assertEquals(1, second.getTotalCount());
    assertEquals(3_000, second.getMaxValue(), 3);
  }

  @Test
  void latenciesAreStoredInMicroseconds() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TxnKind.DELIVERY, 1_234_567);
    Histogram h = r.cumulativeCopies().get(TxnKind.DELIVERY);
    assertEquals(1_234, h.getMinValue());
  }

  @Test
  void cumulativeHistogramsKeepEveryIntervalPerKind() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TxnKind.NEW_ORDER, 1_000_000);
    r.sampleInterval();
    r.record(TxnKind.NEW_ORDER, 2_000_000);
    r.record(TxnKind.STOCK_LEVEL, 4_000_000);

    Map<TxnKind, Histogram> cumulative = r.cumulativeCopies();

    assertEquals(2, cumulative.get(TxnKind.NEW_ORDER).getTotalCount());
    assertEquals(1, cumulative.get(TxnKind.STOCK_LEVEL).getTotalCount());
    assertEquals(0, cumulative.get(TxnKind.PURGE).getTotalCount());
    assertEquals(TxnKind.values().length, cumulative.size());
  }

  @Test
  void resettingTheCumulativeStateForgetsEverythingRecordedSoFar() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TxnKind.NEW_ORDER, 1_000_000);
    r.sampleInterval();
    r.record(TxnKind.NEW_ORDER, 1_000_000);
    r.resetCumulative();
    r.record(TxnKind.PAYMENT, 1_000_000);

    Map<TxnKind, Histogram> cumulative = r.cumulativeCopies();

    assertEquals(0, cumulative.get(TxnKind.NEW_ORDER).getTotalCount());
    assertEquals(1, cumulative.get(TxnKind.PAYMENT).getTotalCount());
  }

  @Test
  void aNegativeLatencyIsRejected() {
    assertThrows(
        IllegalArgumentException.class, () -> new LatencyRecorders().record(TxnKind.PURGE, -1));
  }

  @Test
  void theLastIntervalPerKindIsTheSameIntervalAsTheMergedSample() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TxnKind.NEW_ORDER, 1_000_000);
    r.record(TxnKind.NEW_ORDER, 3_000_000);
    r.record(TxnKind.DELIVERY, 2_000_000);
    Histogram merged = r.sampleInterval();
    Map<TxnKind, Histogram> perKind = r.lastInterval();

    assertEquals(3, merged.getTotalCount());
    assertEquals(2, perKind.get(TxnKind.NEW_ORDER).getTotalCount());
    assertEquals(1, perKind.get(TxnKind.DELIVERY).getTotalCount());
    assertEquals(0, perKind.get(TxnKind.PAYMENT).getTotalCount());
    assertEquals(TxnKind.values().length, perKind.size());
    // Reading it did not drain the recorders twice: the cumulative state has all three.
    assertEquals(2, r.cumulativeCopies().get(TxnKind.NEW_ORDER).getTotalCount());
  }
}
