package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;

class SpecTimesTest {
  @Test
  void theMeanThinkTimePerTypeCountsOnlyThinkingBegunInTheMeasurementInterval() {
    SpecTimes times = new SpecTimes();
    long start = 5_000_000_000L;
    times.thought(TransactionType.PAYMENT, start + 1, 99_000_000_000L); // before measureFrom
    times.measureFrom(start);
    times.thought(TransactionType.PAYMENT, start - 1, 99_000_000_000L); // in the ramp-up
    times.thought(TransactionType.PAYMENT, start, 10_000_000_000L);
    times.thought(TransactionType.PAYMENT, start + 7, 14_000_000_000L);
    times.thought(TransactionType.DELIVERY, start + 9, 5_500_000_000L);
    List<Double> means = times.meanThinkSeconds();
    assertEquals(12.0, means.get(TransactionType.PAYMENT.ordinal()), 1e-9);
    assertEquals(5.5, means.get(TransactionType.DELIVERY.ordinal()), 1e-9);
    assertTrue(means.get(TransactionType.NEW_ORDER.ordinal()).isNaN(), "none measured");
    assertEquals(means, times.totals().meanThinkSeconds());
  }

  @Test
  void skippedDistrictsAreCountedPerDeliveryAndPerDistrictForDeliveriesQueuedWhenMeasured() {
    SpecTimes times = new SpecTimes();
    long start = 1_000L;
    times.measureFrom(start);
    times.delivered(start - 1, 0, 0, 7, 3); // queued in the ramp-up: not counted
    times.delivered(start, 0, 0, 10, 0);
    times.delivered(start + 1, 0, 0, 8, 2);
    times.delivered(start + 2, 0, 0, 9, 1);
    times.delivered(start + 3, 0, 0, 10, 0);
    SpecTimes.Skips skips = times.skips();
    assertEquals(4, skips.deliveries());
    assertEquals(2, skips.skippingDeliveries(), "Deliveries that skipped at least one district");
    assertEquals(37, skips.districtsDelivered());
    assertEquals(3, skips.districtsSkipped());
    assertEquals(7.5, skips.districtsSkippedPercent(), 1e-9);
    assertEquals(50.0, skips.skippingPercent(), 1e-9);
    assertEquals(skips, times.totals().skips());
  }
}
