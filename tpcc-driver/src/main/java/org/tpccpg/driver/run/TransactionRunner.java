package org.tpccpg.driver.run;

import java.sql.Connection;
import java.sql.SQLException;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.DeliveryInput;
import org.tpccpg.core.tpcc.DeliveryResult;
import org.tpccpg.core.tpcc.Dispatcher;
import org.tpccpg.core.tpcc.InputGenerator;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.NewOrderResult;
import org.tpccpg.core.tpcc.PurgeInput;
import org.tpccpg.core.tpcc.Terminal;
import org.tpccpg.core.tpcc.TransactionInput;
import org.tpccpg.core.tpcc.TransactionResult;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.durability.AckRing;

/**
 * Runs transactions on the connection it is given: draws a transaction's input, executes it,
 * commits, or rolls back when New-Order hit its invalid item (TPC-C 2.4.2.3), and can execute the
 * same input again after a failure. The only place that commits; the transactions themselves never
 * do.
 *
 * <p>BEGIN and COMMIT/ROLLBACK are counted as "other" statements as sysbench-tpcc sends them
 * explicitly; PgJDBC sends BEGIN along with the first statement, without a round trip of its own,
 * so only COMMIT and ROLLBACK count a {@link StatementCounter#roundTrip}. Every round trip counts
 * for the kind of the transaction last drawn or handed over.
 */
final class TransactionRunner {
  private final Terminal terminal; // null: inputs come from elsewhere (spec mode's terminals)
  private final Dispatcher dispatcher; // null: the terminal runs its inputs
  private final CountingStatements counter;
  private final AckRing acks; // null: no durability ledger
  private TransactionType current = TransactionType.NEW_ORDER;
  private TransactionInput input; // null for purge, whose rounds draw their own
  private long districtsDelivered;
  private long districtsSkipped;
  private boolean declaresAccess;

  /**
   * @param terminal the client's inputs and the dispatcher over the run's transaction style (see
   *     {@link org.tpccpg.core.tpcc.RunSetup#terminal}); sysbench's purge always goes as statements
   * @param acks where the committed New-Orders go, or null without a durability ledger
   */
  TransactionRunner(Terminal terminal, CountingStatements counter, AckRing acks) {
    this.terminal = terminal;
    this.dispatcher = null;
    this.counter = counter;
    this.acks = acks;
  }

  /**
   * A runner with no inputs of its own, for spec mode: each input comes from {@link
   * #draw(TransactionType, InputGenerator)} or {@link #deliver}, so no random stream is built per
   * worker that nothing would draw from.
   *
   * @param dispatcher runs each input in the run's transaction style
   * @param acks where the committed New-Orders go, or null without a durability ledger
   */
  TransactionRunner(Dispatcher dispatcher, CountingStatements counter, AckRing acks) {
    this.terminal = null;
    this.dispatcher = dispatcher;
    this.counter = counter;
    this.acks = acks;
  }

  /**
   * From now on each transaction starts as read-only or read-write by its type, as sysbench-tpcc's
   * {@code --splittable=yes} starts Order-Status and Stock-Level with START TRANSACTION READ ONLY
   * and the others with READ WRITE, for a proxy that sends read-only transactions to replicas.
   * PgJDBC then begins the read-only ones with BEGIN READ ONLY; read-write is every session's
   * default, so the others begin as before.
   */
  void declareAccess() {
    declaresAccess = true;
  }

  /** Draws the input of a new transaction of the given type; {@link #execute} runs it. */
  void draw(TransactionType type) {
    if (terminal == null) {
      throw new IllegalStateException("this runner has no inputs of its own to draw " + type);
    }
    current = type;
    counter.kind(type.ordinal());
    input = type == TransactionType.PURGE ? null : terminal.next(type);
  }

  /**
   * Draws the input of a new transaction of the given type from {@code from} (a terminal's own
   * generator, in spec mode); {@link #execute} runs it.
   */
  void draw(TransactionType type, InputGenerator from) {
    current = type;
    counter.kind(type.ordinal());
    input = type == TransactionType.PURGE ? null : from.next(type);
  }

  /**
   * Takes a Delivery drawn elsewhere (a terminal's deferred one) as the next to execute; its round
   * trips count for {@code kind}.
   */
  void deliver(DeliveryInput delivery, int kind) {
    current = TransactionType.DELIVERY;
    counter.kind(kind);
    input = delivery;
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
    if (declaresAccess) {
      boolean readOnly =
          current == TransactionType.ORDER_STATUS || current == TransactionType.STOCK_LEVEL;
      if (connection.isReadOnly() != readOnly) {
        connection.setReadOnly(readOnly); // no round trip: it marks the next BEGIN
      }
    }
    counter.other(); // BEGIN
    TransactionResult result = null;
    if (current == TransactionType.PURGE) {
      purgeRounds(connection);
    } else {
      result =
          terminal != null
              ? terminal.execute(connection, input, counter)
              : dispatcher.execute(connection, input, counter);
    }
    boolean commit = result == null || !result.rollbackRequested();
    if (commit) {
      commit(connection, result);
      if (result instanceof DeliveryResult delivered) {
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

  private void commit(Connection connection, TransactionResult result) throws SQLException {
    if (acks == null || !(result instanceof NewOrderResult order)) {
      connection.commit();
      return;
    }
    NewOrderInput in = (NewOrderInput) input;
    try {
      connection.commit();
    } catch (SQLException e) {
      if (SqlStateClass.of(e) == SqlStateClass.CONNECTION) {
        acks.unknown(in.tableSet(), in.warehouseId(), in.districtId(), order.orderId());
      }
      throw e;
    }
    acks.acknowledged(in.tableSet(), in.warehouseId(), in.districtId(), order.orderId());
  }

  /**
   * sysbench-tpcc's purge event is ten rounds, each in a transaction of its own with a fresh set,
   * warehouse and district; the caller commits the last one.
   */
  private void purgeRounds(Connection connection) throws SQLException {
    for (int round = 1; round < PurgeInput.ROUNDS_PER_EVENT; round++) {
      terminal.execute(connection, terminal.next(TransactionType.PURGE), counter);
      connection.commit();
      counter.other(); // COMMIT
      counter.roundTrip();
      counter.other(); // BEGIN
    }
    terminal.execute(connection, terminal.next(TransactionType.PURGE), counter);
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
