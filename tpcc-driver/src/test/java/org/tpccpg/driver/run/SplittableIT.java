package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.tpcc.RunSetup;
import org.tpccpg.core.tpcc.StatementTransactions;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.cli.TpccDataSets;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.testkit.PostgresFixture;

/**
 * sysbench-tpcc's {@code --splittable=yes}: Order-Status and Stock-Level begin READ ONLY on the
 * server, the others as the session's default (read-write), so that a splitting proxy can send the
 * first to replicas. Seen by the server: a write after each transaction, on the same connection, is
 * refused exactly when the transaction began read-only.
 */
class SplittableIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  private static final List<TransactionType> TYPES =
      List.of(
          TransactionType.ORDER_STATUS,
          TransactionType.NEW_ORDER,
          TransactionType.STOCK_LEVEL,
          TransactionType.PAYMENT,
          TransactionType.DELIVERY);

  @Test
  void orderStatusAndStockLevelBeginReadOnlyTheOthersReadWrite() throws Exception {
    try (Connection connection = POSTGRES.database().connect()) {
      TransactionRunner runner = runner(connection);
      runner.declareAccess();
      for (TransactionType type : TYPES) {
        runner.draw(type);
        runner.execute(connection);
        boolean readOnly =
            type == TransactionType.ORDER_STATUS || type == TransactionType.STOCK_LEVEL;
        assertEquals(readOnly, nextWriteRefused(connection), type.toString());
      }
    }
  }

  @Test
  void withoutItEveryTransactionBeginsReadWrite() throws Exception {
    try (Connection connection = POSTGRES.database().connect()) {
      TransactionRunner runner = runner(connection);
      for (TransactionType type : TYPES) {
        runner.draw(type);
        runner.execute(connection);
        assertEquals(false, nextWriteRefused(connection), type.toString());
      }
    }
  }

  private static TransactionRunner runner(Connection connection) throws Exception {
    WorkloadShape shape = WorkloadShape.of(1, 1);
    RunSetup setup = RunSetup.forDataSet(connection, shape, 11);
    connection.setAutoCommit(false);
    return new TransactionRunner(
        setup.terminal(1, new StatementTransactions(shape)),
        new CountingStatements(new ClientCounters(TransactionType.values().length)),
        null);
  }

  /** Whether the server refuses a write in the next transaction as read-only (25006). */
  private static boolean nextWriteRefused(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE TEMPORARY TABLE splittable_probe (x int)");
      return false;
    } catch (SQLException e) {
      if (!"25006".equals(e.getSQLState())) {
        throw e;
      }
      return true;
    } finally {
      connection.rollback();
    }
  }
}
