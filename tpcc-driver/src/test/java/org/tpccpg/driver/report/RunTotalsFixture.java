package org.tpccpg.driver.report;

import static org.tpccpg.driver.metrics.ResultFixtures.outcomes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.ResultFixtures;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.ThreadTotals;

/**
 * A fixed, self-consistent run: 1000 events on 2 threads over 60.0012 s; 500 payments at 1 ms, 450
 * new orders at 8 ms (5 of them rolled back), 50 deliveries at 40 ms (20 of their 500 districts
 * skipped); 2 warehouses.
 */
final class RunTotalsFixture {
  static final int WAREHOUSES = 2;

  private RunTotalsFixture() {}

  static RunResult run() {
    List<KindTotals> kinds = new ArrayList<>();
    for (int i = 0; i < TransactionType.values().length; i++) {
      kinds.add(KindTotals.ZERO);
    }
    List<Histogram> latencies = ResultFixtures.emptyHistograms(kinds.size());
    kinds.set(TransactionType.NEW_ORDER.ordinal(), outcomes(445, 5, 3));
    kinds.set(TransactionType.PAYMENT.ordinal(), outcomes(500, 0, 9));
    // Two round trips each, as --txn-mode=procedures sends Delivery: the call and the COMMIT.
    kinds.set(
        TransactionType.DELIVERY.ordinal(),
        new KindTotals(50, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100));
    latencies.get(TransactionType.PAYMENT.ordinal()).recordValueWithCount(1_000, 500);
    latencies.get(TransactionType.NEW_ORDER.ordinal()).recordValueWithCount(8_000, 450);
    latencies.get(TransactionType.DELIVERY.ordinal()).recordValueWithCount(40_000, 50);
    return ResultFixtures.result(
            ResultFixtures.TPCC_KINDS,
            60.0012,
            new CounterTotals(1_000, 13_000, 13_500, 2_000, 12, 0, 6_100_000_000L),
            kinds,
            List.of(
                new ThreadTotals(600, 3_600_000_000L, 0, 0),
                new ThreadTotals(400, 2_500_000_000L, 0, 0)),
            latencies)
        .withWorkloadCounts(
            Map.of(
                TransactionTable.DISTRICTS_DELIVERED,
                480L,
                TransactionTable.DISTRICTS_SKIPPED,
                20L));
  }
}
