package org.tpccpg.core.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TpccTableCopyColumnsTest {
  @Test
  void tableNamesCarryTheSetNumber() {
    assertEquals("warehouse1", TpccTable.WAREHOUSE.nameInSet(1));
    assertEquals("new_orders12", TpccTable.NEW_ORDERS.nameInSet(12));
    assertEquals("order_line", TpccTable.ORDER_LINE.baseName());
    assertThrows(IllegalArgumentException.class, () -> TpccTable.ITEM.nameInSet(0));
  }

  @Test
  void columnCountsMatchTheSchema() {
    assertEquals(9, TpccTable.WAREHOUSE.columnCount());
    assertEquals(11, TpccTable.DISTRICT.columnCount());
    assertEquals(21, TpccTable.CUSTOMER.columnCount());
    assertEquals(8, TpccTable.HISTORY.columnCount());
    assertEquals(8, TpccTable.ORDERS.columnCount());
    assertEquals(3, TpccTable.NEW_ORDERS.columnCount());
    assertEquals(10, TpccTable.ORDER_LINE.columnCount());
    assertEquals(17, TpccTable.STOCK.columnCount());
    assertEquals(5, TpccTable.ITEM.columnCount());
  }

  @Test
  void columnListsStartWithTheKeyAndAreCommaSeparated() {
    assertEquals("i_id, i_im_id, i_name, i_price, i_data", TpccTable.ITEM.copyColumns());
    assertEquals("no_o_id, no_d_id, no_w_id", TpccTable.NEW_ORDERS.copyColumns());
    for (TpccTable table : TpccTable.values()) {
      String columns = table.copyColumns();
      assertEquals(
          columns, columns.replaceAll("[^a-z0-9_, ]", ""), () -> table + " has odd characters");
    }
  }
}
