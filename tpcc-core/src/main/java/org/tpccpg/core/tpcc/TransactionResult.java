package org.tpccpg.core.tpcc;

/** What one transaction returned, whichever its type; see {@link Dispatcher#execute}. */
public sealed interface TransactionResult
    permits NewOrderResult,
        PaymentResult,
        OrderStatusResult,
        DeliveryResult,
        StockLevelResult,
        PurgeResult {
  /**
   * True when the caller must roll back instead of committing: only a New-Order with an unused item
   * does (TPC-C 2.4.2.3).
   */
  default boolean rollbackRequested() {
    return false;
  }
}
