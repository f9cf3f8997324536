package org.tpccpg.core.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import org.tpccpg.core.sql.StatementCounter;

/**
 * The five TPC-C transactions in one style of sending them to the server, and sysbench-tpcc's
 * purge. Every style reads, locks and writes the same rows for the same input and returns the same
 * results; they differ only in how many round trips that takes.
 *
 * <p>Like each transaction class, an implementation never commits, rolls back, retries, times or
 * logs: the caller does. Each call counts the statements it sends on {@code counter}.
 */
public interface TransactionSet {
  /** Runs New-Order (TPC-C 2.4); the caller rolls back when the result asks for it. */
  NewOrderResult newOrder(Connection c, NewOrderInput in, StatementCounter counter)
      throws SQLException;

  /** Runs Payment (TPC-C 2.5). */
  PaymentResult payment(Connection c, PaymentInput in, StatementCounter counter)
      throws SQLException;

  /** Runs Order-Status (TPC-C 2.6). */
  OrderStatusResult orderStatus(Connection c, OrderStatusInput in, StatementCounter counter)
      throws SQLException;

  /** Runs Delivery (TPC-C 2.7), all ten districts in the caller's transaction. */
  DeliveryResult delivery(Connection c, DeliveryInput in, StatementCounter counter)
      throws SQLException;

  /** Runs Stock-Level (TPC-C 2.8). */
  StockLevelResult stockLevel(Connection c, StockLevelInput in, StatementCounter counter)
      throws SQLException;

  /**
   * Runs sysbench-tpcc's purge, which is not a TPC-C transaction: every style sends it as the same
   * statements ({@code txn.Purge}), so that the modes purge alike.
   */
  PurgeResult purge(Connection c, PurgeInput in, StatementCounter counter) throws SQLException;
}
