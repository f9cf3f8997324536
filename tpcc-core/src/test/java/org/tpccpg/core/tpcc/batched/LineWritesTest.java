package org.tpccpg.core.tpcc.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.NewOrderInput;

class LineWritesTest {
  private static final NewOrderInput ORDER =
      new NewOrderInput(
          1,
          1,
          3,
          42,
          new int[] {7, 7, 9, 9, 12},
          new int[] {1, 1, 1, 2, 1},
          new int[] {5, 6, 10, 1, 3},
          false);
  private static final long[] PRICES = {150, 150, 1, 999, 10000};
  private static final int[] STOCK = {20, 20, 19, 50, 11};
  private static final String[] DIST = {"a", "a", "b", "c", "d"};

  @Test
  void eachLineBecomesOneOrderLineWithItsAmountExactToTheCent() {
    LineWrites w = new LineWrites(ORDER, 5, PRICES, STOCK, DIST);
    assertArrayEquals(new Integer[] {1, 2, 3, 4, 5}, w.lineNumbers);
    assertArrayEquals(new Integer[] {7, 7, 9, 9, 12}, w.lineItems);
    assertArrayEquals(new Integer[] {1, 1, 1, 2, 1}, w.lineWarehouses);
    assertArrayEquals(new Integer[] {5, 6, 10, 1, 3}, w.lineQuantities);
    assertArrayEquals(
        new BigDecimal[] {
          new BigDecimal("7.50"),
          new BigDecimal("9.00"),
          new BigDecimal("0.10"),
          new BigDecimal("9.99"),
          new BigDecimal("300.00")
        },
        w.lineAmounts);
    assertArrayEquals(DIST, w.lineDistInfo);
  }

  @Test
  void twoLinesOfOneStockRowBecomeOneUpdateApplyingTheRuleLineAfterLine() {
    LineWrites w = new LineWrites(ORDER, 5, PRICES, STOCK, DIST);
    assertArrayEquals(new Integer[] {7, 9, 9, 12}, w.stockItems);
    assertArrayEquals(new Integer[] {1, 1, 2, 1}, w.stockWarehouses);
    // 20 - 5 = 15 (20 >= 5 + 10), then 15 < 6 + 10: 15 - 6 + 91 = 100.
    // 19 < 10 + 10: 19 - 10 + 91 = 100. 50 - 1 = 49. 11 < 3 + 10: 11 - 3 + 91 = 99.
    assertArrayEquals(new Integer[] {100, 100, 49, 99}, w.stockQuantities);
    assertArrayEquals(new Integer[] {11, 10, 1, 3}, w.stockYtd);
    assertArrayEquals(new Integer[] {2, 1, 1, 1}, w.stockOrders);
    assertArrayEquals(new Integer[] {0, 0, 1, 0}, w.stockRemote);
  }

  @Test
  void onlyTheLinesBeforeAnUnusedItemAreWritten() {
    LineWrites w = new LineWrites(ORDER, 3, PRICES, STOCK, DIST);
    assertEquals(3, w.lineNumbers.length);
    assertArrayEquals(new Integer[] {7, 9}, w.stockItems);
    assertArrayEquals(new Integer[] {100, 100}, w.stockQuantities);
    assertEquals(0, new LineWrites(ORDER, 0, PRICES, STOCK, DIST).stockItems.length);
  }

  @Test
  void moreLinesThanTheOrderHasAreRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new LineWrites(ORDER, 6, PRICES, STOCK, DIST));
    assertEquals("lines must be in 0..5 but was 6", e.getMessage());
  }

  @Test
  void theQuantityRuleSubtractsUntilTenAboveTheOrderAndOtherwiseRestocks() {
    assertEquals(10, LineWrites.newQuantity(20, 10));
    assertEquals(100, LineWrites.newQuantity(19, 10));
    assertEquals(91, LineWrites.newQuantity(10, 10));
  }
}
