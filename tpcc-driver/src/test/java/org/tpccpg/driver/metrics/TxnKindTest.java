package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TxnKindTest {
  @Test
  void labelsAreSysbenchTpccTransactionNames() {
    assertEquals("new_order", TxnKind.NEW_ORDER.label());
    assertEquals("payment", TxnKind.PAYMENT.label());
    assertEquals("order_status", TxnKind.ORDER_STATUS.label());
    assertEquals("delivery", TxnKind.DELIVERY.label());
    assertEquals("stock_level", TxnKind.STOCK_LEVEL.label());
    assertEquals("purge", TxnKind.PURGE.label());
  }
}
