package org.tpccpg.driver.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.PaymentResult;
import org.tpccpg.core.tpcc.RunSetup;
import org.tpccpg.core.tpcc.StatementTransactions;
import org.tpccpg.core.tpcc.Terminal;
import org.tpccpg.core.tpcc.TransactionInput;
import org.tpccpg.core.tpcc.TransactionResult;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.loader.LoadConfig;
import org.tpccpg.loader.LoadListener;
import org.tpccpg.loader.LoadProgress;
import org.tpccpg.loader.TpccLoader;
import org.tpccpg.testkit.PostgresFixture;

/**
 * The library use that docs/library.md shows, kept compiling and passing: another Java tool runs
 * TPC-C transactions on its own connection, in its own transactions, with tpcc-core alone.
 */
class LibraryExampleIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @BeforeAll
  static void load() throws Exception {
    new TpccLoader(POSTGRES.database()::connect, LoadListener.none())
        .prepare(LoadConfig.of(1, 1, 2, 42L), new LoadProgress(1, 1));
  }

  @Test
  void aToolRunsNewOrderAndPaymentOnItsOwnConnection() throws SQLException, DataSetException {
    try (Connection connection = POSTGRES.database().connect()) {
      WorkloadShape shape = WorkloadShape.of(1, 1);
      RunSetup setup = RunSetup.forDataSet(connection, shape, 11);
      Terminal terminal = setup.terminal(1, new StatementTransactions(shape));

      connection.setAutoCommit(false);
      int committed = 0;
      for (int i = 0; i < 20; i++) {
        TransactionInput input = terminal.next(TransactionType.NEW_ORDER);
        TransactionResult result = terminal.execute(connection, input, StatementCounter.NONE);
        if (result.rollbackRequested()) {
          connection.rollback(); // the 1 % with an unused item (TPC-C 2.4.2.3)
        } else {
          connection.commit();
          committed++;
        }
        PaymentResult paid =
            (PaymentResult)
                terminal.execute(
                    connection, terminal.next(TransactionType.PAYMENT), StatementCounter.NONE);
        connection.commit();
        assertTrue(paid.customerId() >= 1 && paid.customerId() <= 3000);
      }
      assertTrue(committed >= 18, "committed new orders: " + committed);
      connection.setAutoCommit(true);
      try (var statement = connection.createStatement();
          var rows = statement.executeQuery("SELECT count(*) FROM orders1 WHERE o_id > 3000")) {
        rows.next();
        assertEquals(committed, rows.getInt(1));
      }
    }
  }

  @Test
  void aShapeThatIsNotTheDataSetsIsRefusedInTheLibrarysWordsNotTheCommandLines()
      throws SQLException {
    try (Connection connection = POSTGRES.database().connect()) {
      DataSetException e =
          assertThrows(
              DataSetException.class,
              () -> RunSetup.forDataSet(connection, WorkloadShape.of(1, 5), 11));
      assertEquals(
          "the data set here has 1 table set(s) of 1 warehouse(s), not the 1 of 5 asked for: give"
              + " its shape (WorkloadShape.of(1, 1)), or load one of the shape asked for",
          e.getMessage());
      assertFalse(e.getMessage().contains("--"), e.getMessage());
    }
  }
}
