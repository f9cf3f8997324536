package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;

class SpecVerdictTest {
  private static final List<String> KINDS =
      List.of(
          "new_order", "payment", "order_status", "delivery", "stock_level", "delivery_deferred");
  private static final List<Double> LIMITS = List.of(5.0, 5.0, 5.0, 5.0, 20.0, 80.0);
  private static final long[] COMPLETED = {450, 430, 40, 40, 40, 40};

  private static TpccMix mix(double payment, double stockLevel) {
    Map<TransactionType, Double> shares = new EnumMap<>(TransactionType.class);
    shares.put(TransactionType.NEW_ORDER, 100 - payment - 8 - stockLevel);
    shares.put(TransactionType.PAYMENT, payment);
    shares.put(TransactionType.ORDER_STATUS, 4.0);
    shares.put(TransactionType.DELIVERY, 4.0);
    shares.put(TransactionType.STOCK_LEVEL, stockLevel);
    return new TpccMix(shares, shares);
  }

  @Test
  void aRunWithinEveryLimitMeetsAllElevenConstraintsAndTheLineNamesThem() {
    SpecVerdict v =
        SpecVerdict.judge(
            KINDS,
            new double[] {4.9, 0.1, 0.1, 0.01, 19.9, 79},
            COMPLETED,
            LIMITS,
            mix(43, 4),
            40,
            40);
    assertTrue(v.met());
    assertEquals(11, v.constraints().size());
    assertTrue(
        v.line()
            .startsWith(
                "verdict: MET (all 11 constraints met: new_order p90 response time, payment p90"),
        v.line());
    assertTrue(v.line().contains("stock_level share of the mix, deferred deliveries completed)"));
  }

  @Test
  void aLimitExceededAMixBelowItsMinimumAndAnUnfinishedDeliveryAreEachMissedByName() {
    SpecVerdict v =
        SpecVerdict.judge(
            KINDS,
            new double[] {5.001, 0.1, 0.1, 0.01, 1, 1},
            COMPLETED,
            LIMITS,
            mix(42.99, 4),
            41,
            40);
    assertFalse(v.met());
    assertEquals(
        List.of(
            "new_order p90 response time",
            "payment share of the mix",
            "deferred deliveries completed"),
        v.missed().stream().map(SpecVerdict.Constraint::name).toList());
    assertTrue(
        v.line()
            .startsWith(
                "verdict: MISSED: new_order p90 response time, payment share of the mix, deferred"
                    + " deliveries completed; met: payment p90 response time,"),
        v.line());
    SpecVerdict.Constraint first = v.constraints().get(0);
    assertEquals("5.001 s", first.measured());
    assertEquals("<= 5 s", first.required());
    assertEquals("40 of 41", v.constraints().get(10).measured());
  }

  @Test
  void aKindThatNeverCompletedMissesItsLimitAndATightenedLimitIsShownAsGiven() {
    long[] noStockLevel = COMPLETED.clone();
    noStockLevel[4] = 0;
    List<Double> tight = List.of(0.001, 5.0, 5.0, 5.0, 20.0, 80.0);
    SpecVerdict v =
        SpecVerdict.judge(
            KINDS,
            new double[] {0.002, 0.1, 0.1, 0.01, 0, 1},
            noStockLevel,
            tight,
            mix(43, 4),
            0,
            0);
    assertEquals(
        List.of("new_order p90 response time", "stock_level p90 response time"),
        v.missed().stream().map(SpecVerdict.Constraint::name).toList());
    assertEquals("<= 0.001 s", v.constraints().get(0).required());
    assertEquals("none completed", v.constraints().get(4).measured());
  }

  @Test
  void theVerdictLineSaysWhenAMetRunIsStillNotATpcCResult() {
    SpecVerdict met =
        SpecVerdict.judge(
            KINDS, new double[] {1, 1, 1, 1, 1, 1}, COMPLETED, LIMITS, mix(43, 4), 40, 40);
    assertTrue(met.met());
    String notTpcC = SpecOutcome.verdictLine(met, 2);
    assertTrue(notTpcC.startsWith(met.line()), notTpcC);
    assertTrue(notTpcC.endsWith(" -- NOT a TPC-C result (2 reasons below)"), notTpcC);
    assertTrue(SpecOutcome.verdictLine(met, 1).endsWith("(1 reason below)"));
    assertEquals(met.line() + " -- a TPC-C result", SpecOutcome.verdictLine(met, 0));
  }
}
