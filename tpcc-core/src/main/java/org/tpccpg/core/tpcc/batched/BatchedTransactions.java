package org.tpccpg.core.tpcc.batched;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.DeliveryInput;
import org.tpccpg.core.tpcc.DeliveryResult;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.NewOrderResult;
import org.tpccpg.core.tpcc.OrderStatusInput;
import org.tpccpg.core.tpcc.OrderStatusResult;
import org.tpccpg.core.tpcc.PaymentInput;
import org.tpccpg.core.tpcc.PaymentResult;
import org.tpccpg.core.tpcc.PurgeInput;
import org.tpccpg.core.tpcc.PurgeResult;
import org.tpccpg.core.tpcc.StatementTransactions;
import org.tpccpg.core.tpcc.StockLevelInput;
import org.tpccpg.core.tpcc.StockLevelResult;
import org.tpccpg.core.tpcc.TransactionSet;
import org.tpccpg.core.tpcc.WorkloadShape;

/**
 * The transactions in the fewest round trips: the same logic, and the same rows read, locked and
 * written, as {@link org.tpccpg.core.tpcc.StatementTransactions} for the same input, with several
 * steps folded into one statement (CTEs with data-modifying statements, {@code RETURNING}, array
 * parameters). New-Order takes two round trips, the others one.
 *
 * <p>A statement counts once on the {@link StatementCounter} however many tables it touches: a read
 * when it returns rows (all but New-Order's second statement do), otherwise a write or "other";
 * every statement is one {@link StatementCounter#roundTrip()}.
 *
 * <p>Follows TPC-C only: sysbench-tpcc's deviations ({@link WorkloadShape#sysbenchCompat()}) are
 * refused. Stateless once built; safe to share between threads.
 */
public final class BatchedTransactions implements TransactionSet {
  private final BatchedNewOrder newOrder;
  private final BatchedPayment payment;
  private final BatchedOrderStatus orderStatus;
  private final BatchedDelivery delivery;
  private final BatchedStockLevel stockLevel;
  private final StatementTransactions statements; // for purge, sent as statements in every mode

  /**
   * Renders the statements for every table set of {@code shape}.
   *
   * @throws IllegalArgumentException if {@code shape} asks for sysbench-tpcc compatibility
   */
  public BatchedTransactions(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    if (shape.sysbenchCompat()) {
      throw new IllegalArgumentException(
          "the batched transactions follow TPC-C only; sysbenchCompat must be false");
    }
    newOrder = new BatchedNewOrder(shape);
    payment = new BatchedPayment(shape);
    orderStatus = new BatchedOrderStatus(shape);
    delivery = new BatchedDelivery(shape);
    stockLevel = new BatchedStockLevel(shape);
    statements = new StatementTransactions(shape);
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
    return statements.purge(c, in, counter);
  }
}
