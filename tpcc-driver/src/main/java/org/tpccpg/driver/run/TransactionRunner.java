package org.tpccpg.driver.run;

import java.sql.Connection;
import java.sql.SQLException;
import org.tpccpg.core.tpcc.DeliveryInput;
import org.tpccpg.core.tpcc.DeliveryResult;
import org.tpccpg.core.tpcc.InputGenerator;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.OrderStatusInput;
import org.tpccpg.core.tpcc.PaymentInput;
import org.tpccpg.core.tpcc.PurgeInput;
import org.tpccpg.core.tpcc.StatementCounter;
import org.tpccpg.core.tpcc.StockLevelInput;
import org.tpccpg.core.tpcc.TransactionSet;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.core.tpcc.txn.Purge;

/**
 * Runs transactions on the connection it is given: draws a transaction's input, executes it,
 * commits, or rolls back when New-Order hit its invalid item (TPC-C 2.4.2.3), and can execute the
 * same input again after a failure. The only place that commits; the transactions themselves never
 * do.
 *
 * <p>BEGIN and COMMIT/ROLLBACK are counted as "other" statements as sysbench-tpcc sends them
 * explicitly; PgJDBC sends BEGIN along with the first statement, without a round trip of its own,
 * so only COMMIT and ROLLBACK count a {@link StatementCounter#roundTrip}.
 */
final class TransactionRunner {
  private final InputGenerator inputs;
  private final StatementCounter counter;
  private final TransactionSet transactions;
  private final Purge purge;
  private TransactionType current = TransactionType.NEW_ORDER;
  private NewOrderInput newOrderInput;
  private PaymentInput paymentInput;
  private OrderStatusInput orderStatusInput;
  private DeliveryInput deliveryInput;
  private StockLevelInput stockLevelInput;
  private DeliveryResult delivered; // the last Delivery's, until it commits
  private long districtsDelivered;
  private long districtsSkipped;

  /**
   * @param transactions the style the five transactions are sent in; sysbench's purge always goes
   *     as statements
   */
  TransactionRunner(
      InputGenerator inputs,
      WorkloadShape shape,
      TransactionSet transactions,
      StatementCounter counter) {
    this.inputs = inputs;
    this.counter = counter;
    this.transactions = transactions;
    this.purge = new Purge(shape);
  }

  /** Draws the input of a new transaction of the given type; {@link #execute} runs it. */
  void draw(TransactionType type) {
    draw(type, inputs);
  }

  /**
   * Draws the input of a new transaction of the given type from {@code from} (a terminal's own
   * generator, in spec mode); {@link #execute} runs it.
   */
  void draw(TransactionType type, InputGenerator from) {
    current = type;
    switch (type) {
      case NEW_ORDER -> newOrderInput = from.newOrder();
      case PAYMENT -> paymentInput = from.payment();
      case ORDER_STATUS -> orderStatusInput = from.orderStatus();
      case DELIVERY -> deliveryInput = from.delivery();
      case STOCK_LEVEL -> stockLevelInput = from.stockLevel();
      case PURGE -> {
        // each of purge's rounds draws its own target
      }
    }
  }

  /** Takes a Delivery drawn elsewhere (a terminal's deferred one) as the next to execute. */
  void deliver(DeliveryInput input) {
    current = TransactionType.DELIVERY;
    deliveryInput = input;
  }

  /** The type of the transaction last drawn. */
  TransactionType current() {
    return current;
  }

  /**
   * Runs and ends the transaction last drawn; may be called again with the same input after a
   * failure (a retry).
   *
   * @return true if it committed, false if it was rolled back on purpose (the 1 % New-Orders)
   * @throws SQLException as the transaction or the commit failed; the caller rolls back
   */
  boolean execute(Connection connection) throws SQLException {
    counter.other(); // BEGIN
    boolean commit =
        switch (current) {
          case NEW_ORDER ->
              !transactions.newOrder(connection, newOrderInput, counter).rollbackRequested();
          case PAYMENT -> {
            transactions.payment(connection, paymentInput, counter);
            yield true;
          }
          case ORDER_STATUS -> {
            transactions.orderStatus(connection, orderStatusInput, counter);
            yield true;
          }
          case DELIVERY -> {
            delivered = transactions.delivery(connection, deliveryInput, counter);
            yield true;
          }
          case STOCK_LEVEL -> {
            transactions.stockLevel(connection, stockLevelInput, counter);
            yield true;
          }
          case PURGE -> {
            purgeRounds(connection);
            yield true;
          }
        };
    if (commit) {
      connection.commit();
      if (current == TransactionType.DELIVERY) {
        districtsDelivered += delivered.districtsDelivered();
        districtsSkipped += delivered.districtsSkipped();
      }
    } else {
      connection.rollback();
    }
    counter.other(); // COMMIT or ROLLBACK
    counter.roundTrip();
    return commit;
  }

  /**
   * sysbench-tpcc's purge event is ten rounds, each in a transaction of its own with a fresh set,
   * warehouse and district; the caller commits the last one.
   */
  private void purgeRounds(Connection connection) throws SQLException {
    for (int round = 1; round < PurgeInput.ROUNDS_PER_EVENT; round++) {
      purge.execute(connection, inputs.purge(), counter);
      connection.commit();
      counter.other(); // COMMIT
      counter.roundTrip();
      counter.other(); // BEGIN
    }
    purge.execute(connection, inputs.purge(), counter);
  }

  /**
   * Districts the committed Deliveries delivered an order in; read by another thread only after
   * this one's client has ended.
   */
  long districtsDelivered() {
    return districtsDelivered;
  }

  /** Districts the committed Deliveries skipped: no new order to deliver (TPC-C 2.7.4.2). */
  long districtsSkipped() {
    return districtsSkipped;
  }

  /** Ends a failed transaction; a failure to roll back means the connection is gone. */
  void rollbackAfterFailure(Connection connection) throws SQLException {
    connection.rollback();
    counter.other();
    counter.roundTrip();
  }
}
