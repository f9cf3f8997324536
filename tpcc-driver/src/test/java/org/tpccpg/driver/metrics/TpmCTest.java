package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;

class TpmCTest {
  @Test
  void tpmCCountsCommittedNewOrdersPerMinuteAndEfficiencyUsesTwelvePointEightSix() {
    Map<TransactionType, KindTotals> kinds = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      kinds.put(kind, KindTotals.ZERO);
    }
    kinds.put(TransactionType.NEW_ORDER, new KindTotals(1_286, 13, 4));
    kinds.put(TransactionType.PAYMENT, new KindTotals(1_300, 0, 9));
    kinds.put(TransactionType.DELIVERY, new KindTotals(114, 0, 0));
    CounterSnapshot counters =
        new CounterSnapshot(CounterTotals.ZERO, kinds, List.of(new ThreadTotals(0, 0)));
    Map<TransactionType, Histogram> latencies = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      latencies.put(kind, new Histogram(3));
    }

    // 120 s = 2 minutes; 10 warehouses can do at most 128.6 tpmC.
    TpmC f = TpmC.of(new RunTotals(120, 10, 95, counters, latencies));

    assertEquals(643.0, f.tpmC(), 1e-9);
    assertEquals(1_350.0, f.tpmTotal(), 1e-9);
    assertEquals(500.0, f.efficiencyPercent(), 1e-9);
  }
}
