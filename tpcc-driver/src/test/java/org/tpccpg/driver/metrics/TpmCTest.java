package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tpccpg.driver.metrics.ResultFixtures.outcomes;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;

class TpmCTest {
  private static RunResult run(double seconds) {
    List<KindTotals> kinds = new ArrayList<>();
    for (int i = 0; i < TransactionType.values().length; i++) {
      kinds.add(KindTotals.ZERO);
    }
    kinds.set(TransactionType.NEW_ORDER.ordinal(), outcomes(1_286, 13, 4));
    kinds.set(TransactionType.PAYMENT.ordinal(), outcomes(1_300, 0, 9));
    kinds.set(TransactionType.DELIVERY.ordinal(), outcomes(114, 0, 0));
    return ResultFixtures.result(
        ResultFixtures.TPCC_KINDS,
        seconds,
        CounterTotals.ZERO,
        kinds,
        List.of(new ThreadTotals(0, 0, 0, 0)),
        ResultFixtures.emptyHistograms(kinds.size()));
  }

  @Test
  void tpmCCountsCompletedNewOrdersRollbacksIncludedAndEfficiencyUsesTwelvePointEightSix() {
    // 120 s = 2 minutes; 10 warehouses can do at most 128.6 tpmC with keying and think times.
    TpmC f = TpmC.of(run(120), 10, true);

    assertEquals((1_286 + 13) / 2.0, f.tpmC(), 1e-9, "the 13 rolled back count (TPC-C 2.4.2.3)");
    assertEquals((1_299 + 1_300 + 114) / 2.0, f.tpmTotal(), 1e-9);
    assertEquals(649.5 / 128.6 * 100, f.efficiencyPercent(), 1e-9);
    assertTrue(f.hasEfficiency());
  }

  @Test
  void withTerminalsADeferredDeliveryCountsOnceInTpmTotalAndEfficiencyIsOfTheirWarehouses() {
    RunResult r = run(120);
    List<KindTotals> kinds = new ArrayList<>(r.counters().perKind());
    kinds.set(TransactionType.PURGE.ordinal(), outcomes(114, 0, 0)); // spec mode's deferred kind
    RunResult spec =
        ResultFixtures.result(
            ResultFixtures.TPCC_KINDS,
            120,
            CounterTotals.ZERO,
            kinds,
            List.of(new ThreadTotals(0, 0, 0, 0)),
            ResultFixtures.emptyHistograms(kinds.size()));
    TpmC f = TpmC.of(spec, 100, true);
    assertEquals((1_299 + 1_300 + 114) / 2.0, f.tpmTotal(), 1e-9, "the executions not again");
    // 1000 terminals could do at most 1286 tpmC: 649.5 is 50.5 % of that
    assertEquals(649.5 / 1_286 * 100, f.efficiencyPercent(), 1e-9);
  }

  @Test
  void withoutThinkTimesThereIsNoEfficiency() {
    TpmC f = TpmC.of(run(120), 10, false);
    assertEquals(649.5, f.tpmC(), 1e-9);
    assertFalse(f.hasEfficiency());
  }

  @Test
  void aRunThatMeasuredNoTimeHasNoRateAndNoWarehousesIsRejected() {
    assertEquals(new TpmC(0, 0, 0), TpmC.of(run(0), 10, true));
    assertEquals(
        "warehouses must be >= 1 but was 0",
        assertThrows(IllegalArgumentException.class, () -> TpmC.of(run(120), 0, false))
            .getMessage());
  }

  @Test
  void theDecksCeilingIs12Point61PerWarehouseAbout98PercentOfTheEfficiencysBase() {
    // 10 terminals x 10 New-Orders per deck of 476 s (keying + mean think of the 23 cards)
    assertEquals(12.605, TpmC.DECK_TPMC_PER_WAREHOUSE, 0.001);
    double ceiling = TpmC.DECK_TPMC_PER_WAREHOUSE / TpmC.MAX_TPMC_PER_WAREHOUSE * 100;
    assertTrue(ceiling > 97.9 && ceiling < 98.1, "ceiling " + ceiling);
  }
}
