package org.tpccpg.core.tpcc.batched;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.sql.Tally;
import org.tpccpg.core.tpcc.DeliveryInput;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.NewOrderResult;
import org.tpccpg.core.tpcc.OrderStatusInput;
import org.tpccpg.core.tpcc.PaymentInput;
import org.tpccpg.core.tpcc.StockLevelInput;
import org.tpccpg.core.tpcc.TransactionSet;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * Test helper: runs an input stream through one transaction style as the driver does, one
 * transaction at a time: commit, or roll back when New-Order asks for it or a statement fails (the
 * outcome is then the SQLSTATE). Counts per transaction type what the style reports and the
 * statement executions it made.
 */
final class StreamRun {
  private final List<Object> outcomes = new ArrayList<>();
  private final Map<TransactionType, Tally> tallies = new EnumMap<>(TransactionType.class);
  private final Map<TransactionType, Long> executions = new EnumMap<>(TransactionType.class);
  private final Map<TransactionType, Integer> counts = new EnumMap<>(TransactionType.class);

  private StreamRun() {}

  static StreamRun run(Connection c, TransactionSet set, InputStream stream) throws SQLException {
    StreamRun run = new StreamRun();
    CountingConnection counting = new CountingConnection(c);
    c.setAutoCommit(false);
    for (Object input : stream.inputs()) {
      TransactionType type = type(input);
      Tally tally = run.tallies.computeIfAbsent(type, t -> new Tally());
      run.outcomes.add(outcome(counting.connection(), set, input, tally, false));
      run.executions.merge(type, counting.takeExecutions(), Long::sum);
      run.counts.merge(type, 1, Integer::sum);
    }
    return run;
  }

  /**
   * Runs the stream, trying a transaction that fails with {@code retryable} again until it commits;
   * returns the SQLSTATEs of the failed tries, or throws a failure of another kind.
   */
  static List<String> runRetrying(
      Connection c, TransactionSet set, InputStream stream, Set<String> retryable)
      throws SQLException {
    c.setAutoCommit(false);
    List<String> failures = new ArrayList<>();
    for (Object input : stream.inputs()) {
      Object outcome = outcome(c, set, input, StatementCounter.NONE, false);
      while (outcome instanceof String state) {
        if (!retryable.contains(state)) {
          throw new SQLException("unexpected failure of " + input, state);
        }
        failures.add(state);
        outcome = outcome(c, set, input, StatementCounter.NONE, false);
      }
    }
    return failures;
  }

  /** The results of the stream's transactions, each rolled back. */
  static List<Object> rolledBack(Connection c, TransactionSet set, InputStream stream)
      throws SQLException {
    c.setAutoCommit(false);
    List<Object> outcomes = new ArrayList<>();
    for (Object input : stream.inputs()) {
      outcomes.add(outcome(c, set, input, StatementCounter.NONE, true));
    }
    return outcomes;
  }

  /** The SQLSTATE the transaction fails with, rolled back, or "none". */
  static String sqlState(Connection c, TransactionSet set, Object input) throws SQLException {
    c.setAutoCommit(false);
    Object outcome = outcome(c, set, input, StatementCounter.NONE, true);
    return outcome instanceof String state ? state : "none";
  }

  private static Object outcome(
      Connection c, TransactionSet set, Object input, StatementCounter counter, boolean rollBack)
      throws SQLException {
    try {
      Object result = execute(c, set, input, counter);
      if (rollBack || result instanceof NewOrderResult r && r.rollbackRequested()) {
        c.rollback();
      } else {
        c.commit();
      }
      return result;
    } catch (SQLException e) {
      c.rollback();
      return e.getSQLState();
    }
  }

  private static Object execute(
      Connection c, TransactionSet set, Object input, StatementCounter counter)
      throws SQLException {
    if (input instanceof NewOrderInput in) {
      return set.newOrder(c, in, counter);
    } else if (input instanceof PaymentInput in) {
      return set.payment(c, in, counter);
    } else if (input instanceof OrderStatusInput in) {
      return set.orderStatus(c, in, counter);
    } else if (input instanceof DeliveryInput in) {
      return set.delivery(c, in, counter);
    }
    return set.stockLevel(c, (StockLevelInput) input, counter);
  }

  static TransactionType type(Object input) {
    if (input instanceof NewOrderInput) {
      return TransactionType.NEW_ORDER;
    } else if (input instanceof PaymentInput) {
      return TransactionType.PAYMENT;
    } else if (input instanceof OrderStatusInput) {
      return TransactionType.ORDER_STATUS;
    } else if (input instanceof DeliveryInput) {
      return TransactionType.DELIVERY;
    }
    return TransactionType.STOCK_LEVEL;
  }

  List<Object> outcomes() {
    return outcomes;
  }

  Set<TransactionType> types() {
    return tallies.keySet();
  }

  Tally tally(TransactionType type) {
    return tallies.get(type);
  }

  long executions(TransactionType type) {
    return executions.get(type);
  }

  int count(TransactionType type) {
    return counts.get(type);
  }

  double perTransaction(TransactionType type, long total) {
    return (double) total / count(type);
  }
}
