package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.CUSTOMERS_PER_DISTRICT;
import static org.tpccpg.core.spec.TpccConstants.MAX_ORDER_LINES;

/**
 * What an Order-Status (TPC-C 2.6) found.
 *
 * @param customerId C_ID of the customer (the one found by name, when by name)
 * @param orderId O_ID of the customer's latest order, or 0 when the customer has none (possible
 *     only after sysbench-tpcc's purge)
 * @param orderLineCount the order lines read for that order, 0..15
 */
public record OrderStatusResult(int customerId, int orderId, int orderLineCount)
    implements TransactionResult {
  /** Validates the components. */
  public OrderStatusResult {
    InputChecks.range("customerId", customerId, 1, CUSTOMERS_PER_DISTRICT);
    InputChecks.range("orderId", orderId, 0, Integer.MAX_VALUE);
    InputChecks.range("orderLineCount", orderLineCount, 0, MAX_ORDER_LINES);
  }
}
