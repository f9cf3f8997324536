package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tpccpg.core.WarehouseRange;

class WarehouseRangeTest {
  @Test
  void parsesFromToAndASingleWarehouse() {
    assertEquals(new WarehouseRange(1, 50), WarehouseRange.parse("1-50"));
    assertEquals(new WarehouseRange(7, 7), WarehouseRange.parse("7"));
    assertEquals("51-100", WarehouseRange.parse(" 51 - 100 ").toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "a-b", "5-", "-5", "0-3", "4-2", "1-40000", "1-2-3", "1..2"})
  void refusesWhatIsNoRange(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WarehouseRange.parse(text));
    assertTrue(e.getMessage().contains("FROM-TO"), e.getMessage());
  }

  @Test
  void sizeOverlapAndWholeSet() {
    WarehouseRange low = new WarehouseRange(1, 5);
    WarehouseRange high = new WarehouseRange(6, 10);
    assertEquals(5, low.size());
    assertFalse(low.overlaps(high));
    assertTrue(low.overlaps(new WarehouseRange(5, 6)));
    assertTrue(low.isAll(5));
    assertFalse(high.isAll(10));
  }

  @Test
  void aShapeRefusesARangeBeyondItsWarehouses() {
    assertThrows(
        IllegalArgumentException.class,
        () -> WorkloadShape.of(1, 4).withHomeWarehouses(new WarehouseRange(3, 5)));
    assertTrue(WorkloadShape.of(1, 4).withHomeWarehouses(new WarehouseRange(3, 4)).partial());
    assertFalse(WorkloadShape.of(1, 4).partial());
  }
}
