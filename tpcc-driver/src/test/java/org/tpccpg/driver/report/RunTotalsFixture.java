package org.tpccpg.driver.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.CounterSnapshot;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.RunTotals;
import org.tpccpg.driver.metrics.ThreadTotals;

/**
 * A fixed, self-consistent run: 1000 events on 2 threads over 60.0012 s; 500 payments at 1 ms, 450
 * new orders at 8 ms (5 of them rolled back), 50 deliveries at 40 ms.
 */
final class RunTotalsFixture {
  private RunTotalsFixture() {}

  static RunTotals run(double percentile) {
    Map<TransactionType, KindTotals> kinds = new EnumMap<>(TransactionType.class);
    Map<TransactionType, Histogram> latencies = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      kinds.put(kind, KindTotals.ZERO);
      latencies.put(kind, new Histogram(3));
    }
    kinds.put(TransactionType.NEW_ORDER, new KindTotals(445, 5, 3));
    kinds.put(TransactionType.PAYMENT, new KindTotals(500, 0, 9));
    kinds.put(TransactionType.DELIVERY, new KindTotals(50, 0, 0));
    latencies.get(TransactionType.PAYMENT).recordValueWithCount(1_000, 500);
    latencies.get(TransactionType.NEW_ORDER).recordValueWithCount(8_000, 450);
    latencies.get(TransactionType.DELIVERY).recordValueWithCount(40_000, 50);
    CounterSnapshot counters =
        new CounterSnapshot(
            new CounterTotals(1_000, 13_000, 13_500, 2_000, 12, 0, 6_100_000_000L),
            kinds,
            List.of(new ThreadTotals(600, 3_600_000_000L), new ThreadTotals(400, 2_500_000_000L)));
    return new RunTotals(60.0012, 2, percentile, counters, latencies);
  }
}
