package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;

class LatencyRecordersTest {
  @Test
  void anIntervalHoldsOnlyWhatWasRecordedSinceThePreviousOne() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TransactionType.NEW_ORDER, 5_000_000);
    r.record(TransactionType.PAYMENT, 2_000_000);
    assertEquals(2, r.sampleInterval().getTotalCount());

    r.record(TransactionType.PAYMENT, 3_000_000);
    Histogram second = r.sampleInterval();

    assertEquals(1, second.getTotalCount());
    assertEquals(3_000, second.getMaxValue(), 3);
  }

  @Test
  void latenciesAreStoredInMicroseconds() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TransactionType.DELIVERY, 1_234_567);
    Histogram h = r.cumulativeCopies().get(TransactionType.DELIVERY);
    assertEquals(1_234, h.getMinValue());
  }

  @Test
  void cumulativeHistogramsKeepEveryIntervalPerKind() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TransactionType.NEW_ORDER, 1_000_000);
    r.sampleInterval();
    r.record(TransactionType.NEW_ORDER, 2_000_000);
    r.record(TransactionType.STOCK_LEVEL, 4_000_000);

    Map<TransactionType, Histogram> cumulative = r.cumulativeCopies();

    assertEquals(2, cumulative.get(TransactionType.NEW_ORDER).getTotalCount());
    assertEquals(1, cumulative.get(TransactionType.STOCK_LEVEL).getTotalCount());
    assertEquals(0, cumulative.get(TransactionType.PURGE).getTotalCount());
    assertEquals(TransactionType.values().length, cumulative.size());
  }

  @Test
  void resettingTheCumulativeStateForgetsEverythingRecordedSoFar() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TransactionType.NEW_ORDER, 1_000_000);
    r.sampleInterval();
    r.record(TransactionType.NEW_ORDER, 1_000_000);
    r.resetCumulative();
    r.record(TransactionType.PAYMENT, 1_000_000);

    Map<TransactionType, Histogram> cumulative = r.cumulativeCopies();

    assertEquals(0, cumulative.get(TransactionType.NEW_ORDER).getTotalCount());
    assertEquals(1, cumulative.get(TransactionType.PAYMENT).getTotalCount());
  }

  @Test
  void aNegativeLatencyIsRejected() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new LatencyRecorders().record(TransactionType.PURGE, -1));
  }

  @Test
  void theLastIntervalPerKindIsTheSameIntervalAsTheMergedSample() {
    LatencyRecorders r = new LatencyRecorders();
    r.record(TransactionType.NEW_ORDER, 1_000_000);
    r.record(TransactionType.NEW_ORDER, 3_000_000);
    r.record(TransactionType.DELIVERY, 2_000_000);
    Histogram merged = r.sampleInterval();
    Map<TransactionType, Histogram> perKind = r.lastInterval();

    assertEquals(3, merged.getTotalCount());
    assertEquals(2, perKind.get(TransactionType.NEW_ORDER).getTotalCount());
    assertEquals(1, perKind.get(TransactionType.DELIVERY).getTotalCount());
    assertEquals(0, perKind.get(TransactionType.PAYMENT).getTotalCount());
    assertEquals(TransactionType.values().length, perKind.size());
    // Reading it did not drain the recorders twice: the cumulative state has all three.
    assertEquals(2, r.cumulativeCopies().get(TransactionType.NEW_ORDER).getTotalCount());
  }
}
