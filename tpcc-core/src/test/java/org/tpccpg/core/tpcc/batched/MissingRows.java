package org.tpccpg.core.tpcc.batched;

import java.util.List;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.OrderStatusInput;
import org.tpccpg.core.tpcc.PaymentInput;
import org.tpccpg.core.tpcc.StockLevelInput;

/**
 * Test helper: inputs that name rows a two-warehouse set lacks: warehouse 3, a last name nobody
 * has, stock of an item at warehouse 3.
 */
final class MissingRows {
  private MissingRows() {}

  static List<Object> inputs() {
    int[] quantities = {1, 2, 3, 4, 5};
    return List.of(
        new NewOrderInput(
            1, 3, 1, 1, new int[] {1, 2, 3, 4, 5}, new int[] {3, 3, 3, 3, 3}, quantities, true),
        new NewOrderInput(
            1, 1, 1, 1, new int[] {1, 2, 3, 4, 5}, new int[] {1, 1, 3, 1, 1}, quantities, false),
        new PaymentInput(1, 3, 1, 3, 1, false, 1, "BARBARBAR", 100),
        new PaymentInput(1, 1, 1, 2, 1, true, 1, "NOSUCHNAME", 100),
        new PaymentInput(1, 1, 1, 3, 1, false, 1, "BARBARBAR", 100),
        new OrderStatusInput(1, 3, 1, false, 1, "BARBARBAR"),
        new OrderStatusInput(1, 1, 1, true, 1, "NOSUCHNAME"),
        new StockLevelInput(1, 3, 1, 15));
  }
}
