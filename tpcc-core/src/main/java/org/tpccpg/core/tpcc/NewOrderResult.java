package org.tpccpg.core.tpcc;

/**
 * What a New-Order (TPC-C 2.4) did.
 *
 * @param orderId O_ID, the order number taken from D_NEXT_O_ID
 * @param rollbackRequested whether the order named the unused item (TPC-C 2.4.2.3): the caller must
 *     roll the transaction back, which TPC-C counts as a completed business transaction
 */
public record NewOrderResult(int orderId, boolean rollbackRequested) implements TransactionResult {
  /** Validates the components. */
  public NewOrderResult {
    InputChecks.range("orderId", orderId, 1, Integer.MAX_VALUE);
  }
}
