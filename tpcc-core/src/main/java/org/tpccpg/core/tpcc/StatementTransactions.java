package org.tpccpg.core.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import org.tpccpg.core.sql.StatementCounter;

/**
 * The transactions as sysbench-tpcc sends them: one statement per round trip, in its order.
 * Stateless once built; safe to share between threads.
 */
public final class StatementTransactions implements TransactionSet {
  private final NewOrder newOrder;
  private final Payment payment;
  private final OrderStatus orderStatus;
  private final Delivery delivery;
  private final StockLevel stockLevel;
  private final Purge purge;

  /** Renders the statements for every table set of {@code shape}. */
  public StatementTransactions(WorkloadShape shape) {
    newOrder = new NewOrder(shape);
    payment = new Payment(shape);
    orderStatus = new OrderStatus(shape);
    delivery = new Delivery(shape);
    stockLevel = new StockLevel(shape);
    purge = new Purge(shape);
  }

  @Override
  public NewOrderResult newOrder(Connection c, NewOrderInput in, StatementCounter counter)
      throws SQLException {
    return newOrder.execute(c, in, counter);
  }

  @Override
  public PaymentResult payment(Connection c, PaymentInput in, StatementCounter counter)
      throws SQLException {
    return payment.execute(c, in, counter);
  }

  @Override
  public OrderStatusResult orderStatus(Connection c, OrderStatusInput in, StatementCounter counter)
      throws SQLException {
    return orderStatus.execute(c, in, counter);
  }

  @Override
  public DeliveryResult delivery(Connection c, DeliveryInput in, StatementCounter counter)
      throws SQLException {
    return delivery.execute(c, in, counter);
  }

  @Override
  public StockLevelResult stockLevel(Connection c, StockLevelInput in, StatementCounter counter)
      throws SQLException {
    return stockLevel.execute(c, in, counter);
  }

  @Override
  public PurgeResult purge(Connection c, PurgeInput in, StatementCounter counter)
      throws SQLException {
    return purge.execute(c, in, counter);
  }
}
