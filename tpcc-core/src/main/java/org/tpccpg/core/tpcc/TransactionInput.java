package org.tpccpg.core.tpcc;

/**
 * The input of one transaction, whichever its type: what {@link Terminal#next()} draws and {@link
 * Dispatcher#execute} runs. Sealed, so a caller's switch over the types is complete.
 */
public sealed interface TransactionInput
    permits NewOrderInput,
        PaymentInput,
        OrderStatusInput,
        DeliveryInput,
        StockLevelInput,
        PurgeInput {
  /** The transaction this input is for. */
  TransactionType type();
}
