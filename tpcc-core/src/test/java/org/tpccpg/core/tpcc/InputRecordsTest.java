package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.tpccpg.core.spec.TpccConstants;

class InputRecordsTest {
  private static final int[] ITEMS = {1, 2, 3, 4, 5};
  private static final int[] HOME = {1, 1, 1, 1, 1};
  private static final int[] QUANTITIES = {1, 2, 3, 4, 10};

  @Test
  void newOrderInputRejectsBadValuesNamingFieldAndValue() {
    assertRejects("districtId must be in 1..10 but was 11", () -> newOrder(11, ITEMS, HOME, true));
    assertRejects(
        "itemIds.length must be in 5..15 but was 4",
        () -> newOrder(1, new int[] {1, 2, 3, 4}, new int[] {1, 1, 1, 1}, true));
    assertRejects(
        "itemIds[2] must be in 1..100000 but was 0",
        () -> newOrder(1, new int[] {1, 2, 0, 4, 5}, HOME, true));
    assertRejects(
        "allLocal must be false when supplyWarehouseIds[1] is 2 but warehouseId is 1",
        () -> newOrder(1, ITEMS, new int[] {1, 2, 1, 1, 1}, true));
    assertRejects(
        "customerId must be in 1..3000 but was 3001",
        () -> new NewOrderInput(1, 1, 1, 3001, ITEMS, HOME, QUANTITIES, true));
    assertRejects(
        "quantities[0] must be in 1..10 but was 11",
        () -> new NewOrderInput(1, 1, 1, 1, ITEMS, HOME, new int[] {11, 1, 1, 1, 1}, true));
  }

  @Test
  void newOrderInputCopiesItsArraysAndAcceptsTheUnusedItem() {
    int[] items = {1, 2, 3, 4, TpccConstants.UNUSED_ITEM_ID};
    NewOrderInput in = newOrder(1, items, HOME, true);
    items[0] = 99;
    assertEquals(1, in.itemId(0));
    in.itemIds()[1] = 99;
    assertEquals(2, in.itemId(1));
    assertArrayEquals(QUANTITIES, in.quantities());
    assertEquals(5, in.orderLineCount());
    assertEquals(in, newOrder(1, new int[] {1, 2, 3, 4, TpccConstants.UNUSED_ITEM_ID}, HOME, true));
  }

  @Test
  void otherInputsRejectBadValuesNamingFieldAndValue() {
    assertRejects(
        "amountCents must be in 100..500000 but was 99",
        () -> new PaymentInput(1, 1, 1, 1, 1, false, 1, "BARBARBAR", 99));
    assertRejects(
        "customerDistrictId must be in 1..10 but was 0",
        () -> new PaymentInput(1, 1, 1, 1, 0, false, 1, "BARBARBAR", 100));
    assertRejects(
        "customerLastName must not be empty", () -> new OrderStatusInput(1, 1, 1, true, 1, ""));
    assertRejects("carrierId must be in 1..10 but was 0", () -> new DeliveryInput(1, 1, 0));
    assertRejects("threshold must be in 10..20 but was 21", () -> new StockLevelInput(1, 1, 1, 21));
    assertRejects("tableSet must be >= 1 but was 0", () -> new PurgeInput(0, 1, 1));
    assertRejects(
        "warehouseId must be in 1..32767 but was 0", () -> new StockLevelInput(1, 0, 1, 10));
  }

  @Test
  void resultsAndShapeRejectBadValues() {
    assertRejects("districtsDelivered must be in 0..10 but was 11", () -> new DeliveryResult(11));
    assertRejects("lowStock must be in 0..2147483647 but was -1", () -> new StockLevelResult(-1));
    assertRejects("tableSets must be >= 1 but was 0", () -> WorkloadShape.of(0, 1));
    assertRejects(
        "warehousesPerSet must be in 1..32767 but was 32768", () -> WorkloadShape.of(1, 32768));
    assertEquals(3, new DeliveryResult(7).districtsSkipped());
  }

  private static NewOrderInput newOrder(int district, int[] items, int[] supply, boolean local) {
    return new NewOrderInput(1, 1, district, 1, items, supply, QUANTITIES, local);
  }

  private static void assertRejects(String message, Executable construction) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, construction).getMessage());
  }
}
