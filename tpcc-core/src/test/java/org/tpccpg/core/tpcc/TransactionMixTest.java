package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.TpccRandom;

class TransactionMixTest {
  private static final int DRAWS = 100_000;
  private static final double TOLERANCE = 0.005;

  @Test
  void withoutPurgeTheSharesAreTenTenOneOneOneOfTwentyThree() {
    Map<TransactionType, Integer> counts = draw(new TransactionMix(false));
    assertShare(counts, TransactionType.NEW_ORDER, 10 / 23.0);
    assertShare(counts, TransactionType.PAYMENT, 10 / 23.0);
    assertShare(counts, TransactionType.ORDER_STATUS, 1 / 23.0);
    assertShare(counts, TransactionType.DELIVERY, 1 / 23.0);
    assertShare(counts, TransactionType.STOCK_LEVEL, 1 / 23.0);
    assertEquals(0, counts.get(TransactionType.PURGE));
  }

  @Test
  void withPurgeEachDrawIsOneTwentyFourth() {
    Map<TransactionType, Integer> counts = draw(new TransactionMix(true));
    assertShare(counts, TransactionType.NEW_ORDER, 10 / 24.0);
    assertShare(counts, TransactionType.PAYMENT, 10 / 24.0);
    assertShare(counts, TransactionType.ORDER_STATUS, 1 / 24.0);
    assertShare(counts, TransactionType.DELIVERY, 1 / 24.0);
    assertShare(counts, TransactionType.STOCK_LEVEL, 1 / 24.0);
    assertShare(counts, TransactionType.PURGE, 1 / 24.0);
  }

  @Test
  void purgeEnabledReportsTheConstructorArgument() {
    assertTrue(new TransactionMix(true).purgeEnabled());
    assertFalse(new TransactionMix(false).purgeEnabled());
  }

  @Test
  void labelsAreSysbenchFunctionNames() {
    assertEquals("new_order", TransactionType.NEW_ORDER.label());
    assertEquals("payment", TransactionType.PAYMENT.label());
    assertEquals("order_status", TransactionType.ORDER_STATUS.label());
    assertEquals("delivery", TransactionType.DELIVERY.label());
    assertEquals("stock_level", TransactionType.STOCK_LEVEL.label());
    assertEquals("purge", TransactionType.PURGE.label());
  }

  private static Map<TransactionType, Integer> draw(TransactionMix mix) {
    TpccRandom r = new TpccRandom(42L);
    Map<TransactionType, Integer> counts = new EnumMap<>(TransactionType.class);
    for (TransactionType type : TransactionType.values()) {
      counts.put(type, 0);
    }
    for (int i = 0; i < DRAWS; i++) {
      counts.merge(mix.next(r), 1, Integer::sum);
    }
    return counts;
  }

  private static void assertShare(
      Map<TransactionType, Integer> counts, TransactionType type, double expected) {
    double share = counts.get(type) / (double) DRAWS;
    assertEquals(expected, share, TOLERANCE, type.label());
  }
}
