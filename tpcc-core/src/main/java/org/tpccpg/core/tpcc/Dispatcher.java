package org.tpccpg.core.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import org.tpccpg.core.sql.StatementCounter;

/**
 * Runs any {@link TransactionInput} with the transaction of its type: the five TPC-C transactions
 * in the style of the given {@link TransactionSet}, and sysbench-tpcc's purge (which every set
 * sends as statements: it is not a TPC-C transaction). Like the transactions, never commits, rolls
 * back, retries, times or logs. Stateless once built; safe to share between threads when the
 * transaction set is.
 */
public final class Dispatcher {
  private final TransactionSet transactions;

  /** Dispatches to {@code transactions}. */
  public Dispatcher(TransactionSet transactions) {
    this.transactions = Objects.requireNonNull(transactions, "transactions");
  }

  /**
   * Runs {@code input} on {@code c} in the caller's transaction; the caller commits, or rolls back
   * when {@link TransactionResult#rollbackRequested()}.
   */
  public TransactionResult execute(Connection c, TransactionInput input, StatementCounter counter)
      throws SQLException {
    return switch (input.type()) {
      case NEW_ORDER -> transactions.newOrder(c, (NewOrderInput) input, counter);
      case PAYMENT -> transactions.payment(c, (PaymentInput) input, counter);
      case ORDER_STATUS -> transactions.orderStatus(c, (OrderStatusInput) input, counter);
      case DELIVERY -> transactions.delivery(c, (DeliveryInput) input, counter);
      case STOCK_LEVEL -> transactions.stockLevel(c, (StockLevelInput) input, counter);
      case PURGE -> transactions.purge(c, (PurgeInput) input, counter);
    };
  }
}
