package org.tpccpg.examples;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.core.tpcc.RunSetup;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.StatementTransactions;
import org.tpccpg.core.tpcc.Terminal;
import org.tpccpg.core.tpcc.TransactionResult;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.core.tpcc.mode.TxnMode;

/**
 * Another tool's use of tpcc-core: on a data set made by {@code tpcc prepare --tables=1 --scale=1},
 * runs New-Orders, Payments and Deliveries on its own connection and in its own transactions (the
 * Payments of a second terminal in the batched mode, one round trip each), then
 * checks that the orders it committed are there and that TPC-C's consistency conditions still hold.
 *
 * <p>Usage: {@code RunTransactions JDBC_URL} (user and password in the URL or in PGPASSWORD's
 * place: the URL's {@code password} parameter). Exits 0 when every check holds, 1 otherwise.
 */
public final class RunTransactions {
  private static final int TRANSACTIONS = 50;

  private RunTransactions() {}

  public static void main(String[] args) throws SQLException, DataSetException {
    if (args.length != 1) {
      System.err.println("usage: RunTransactions JDBC_URL");
      System.exit(2);
    }
    try (Connection connection = DriverManager.getConnection(args[0])) {
      int problems = run(connection);
      System.out.println(problems == 0 ? "example: all checks hold" : "example: FAILED");
      System.exit(problems == 0 ? 0 : 1);
    }
  }

  private static int run(Connection connection) throws SQLException, DataSetException {
    WorkloadShape shape = WorkloadShape.of(1, 1);
    // One call: the data set's metadata, the run's NURand constants (TPC-C 2.1.6.1), and for a
    // terminal its seeded inputs and a dispatcher over the transaction types.
    RunSetup setup = RunSetup.forDataSet(connection, shape, 11);
    Terminal terminal = setup.terminal(1, new StatementTransactions(shape));
    Terminal batched = setup.terminal(2, TxnMode.BATCHED.transactions(shape));

    long ordersBefore = count(connection, "SELECT count(*) FROM orders1");
    connection.setAutoCommit(false);
    int committedOrders = 0;
    for (int i = 0; i < TRANSACTIONS; i++) {
      TransactionResult order =
          terminal.execute(
              connection, terminal.next(TransactionType.NEW_ORDER), StatementCounter.NONE);
      if (order.rollbackRequested()) {
        connection.rollback(); // the 1 % with an unused item (TPC-C 2.4.2.3)
      } else {
        connection.commit();
        committedOrders++;
      }
      terminal.execute(connection, terminal.next(TransactionType.PAYMENT), StatementCounter.NONE);
      connection.commit();
      batched.execute(connection, batched.next(TransactionType.PAYMENT), StatementCounter.NONE);
      connection.commit();
      if (i % 10 == 0) {
        terminal.execute(
            connection, terminal.next(TransactionType.DELIVERY), StatementCounter.NONE);
        connection.commit();
      }
    }
    connection.setAutoCommit(true);

    int problems = 0;
    long ordersAfter = count(connection, "SELECT count(*) FROM orders1");
    System.out.printf(
        "example: %d New-Orders committed, orders %d -> %d%n",
        committedOrders, ordersBefore, ordersAfter);
    if (ordersAfter - ordersBefore != committedOrders || committedOrders < TRANSACTIONS * 9 / 10) {
      System.out.println("example: the committed New-Orders are not all in orders1");
      problems++;
    }
    // Condition 11 holds only right after the load: every Delivery adds a delivered order.
    ConsistencyCheck check =
        ConsistencyCheck.allConditions().skipping(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT);
    List<ConditionResult> results = check.run(connection, CheckScope.wholeSet(1, 1));
    for (ConditionResult result : results) {
      System.out.printf(
          "example: condition %d %s: %s%n", result.number(), result.description(), result.outcome());
      if (result.failed()) {
        problems++;
      }
    }
    return problems;
  }

  private static long count(Connection connection, String query) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(query)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
