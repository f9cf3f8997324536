package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TransactionTypeTest {
  @Test
  void labelsAreSysbenchTpccTransactionNames() {
    assertEquals("new_order", TransactionType.NEW_ORDER.label());
    assertEquals("payment", TransactionType.PAYMENT.label());
    assertEquals("order_status", TransactionType.ORDER_STATUS.label());
    assertEquals("delivery", TransactionType.DELIVERY.label());
    assertEquals("stock_level", TransactionType.STOCK_LEVEL.label());
    assertEquals("purge", TransactionType.PURGE.label());
  }
}
