package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.core.ddl.TpccSchema;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * run and check on a data set that sysbench-tpcc's prepare made ({@link SysbenchTpccData}: its DDL
 * and row shapes at full cardinality, no tpcc_metadata); condition 11 judged from the data after
 * another client's transactions; and the cardinality conditions that make a truncated or
 * half-deleted data set fail.
 */
class SysbenchDataSetIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  /** The test's database: the class's own, empty, or a fresh copy of a sysbench data set. */
  private static TestDatabase database;

  @BeforeEach
  void theClassesEmptyDatabase() {
    database = POSTGRES.database();
  }

  @AfterEach
  void dropEverything() throws SQLException {
    if (database == POSTGRES.database()) {
      execute("DROP SCHEMA public CASCADE", "CREATE SCHEMA public");
    } else {
      database.drop();
    }
  }

  private static CliRun tpcc(String... args) {
    return CliRun.of(CliRun.connectedTo(database, args).toArray(String[]::new));
  }

  private static void execute(String... statements) throws SQLException {
    try (Connection connection = database.connect();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  private static long count(String sql) throws SQLException {
    try (Connection connection = database.connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  /**
   * The test runs on a fresh copy of what sysbench-tpcc's prepare makes (loaded once per test JVM
   * for each {@code foreignKeys}).
   */
  private static void sysbenchPrepare(boolean foreignKeys) throws SQLException {
    database = POSTGRES.copy(SysbenchTpccData.oneWarehouse(foreignKeys));
  }

  private static CliRun check() {
    return tpcc("--tables=1", "--scale=1", "--threads=2", "check");
  }

  /**
   * A New-Order in district 3 of warehouse 1 as sysbench-tpcc's run sends it, in plain SQL from
   * another client: order 3001 with 5 lines, its new_orders row, d_next_o_id to 3002.
   */
  private static void anotherClientsNewOrder() throws SQLException {
    execute(
        "BEGIN",
        "UPDATE district1 SET d_next_o_id = 3002 WHERE d_w_id = 1 AND d_id = 3",
        "INSERT INTO orders1 (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)"
            + " VALUES (3001, 3, 1, 17, NOW(), 5, 1)",
        "INSERT INTO new_orders1 (no_o_id, no_d_id, no_w_id) VALUES (3001, 3, 1)",
        "UPDATE stock1 SET s_quantity = s_quantity - 1 WHERE s_w_id = 1 AND s_i_id <= 5",
        "INSERT INTO order_line1 (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,"
            + " ol_quantity, ol_amount, ol_dist_info)"
            + " SELECT 3001, 3, 1, n, n, 1, 1, 12, 'dist' FROM generate_series(1, 5) n",
        "COMMIT");
  }

  @Test
  void aSysbenchDataSetIsRecognisedRunAndCheckedWithoutWritingARecord() throws SQLException {
    sysbenchPrepare(true);
    CliRun fresh = check();
    assertEquals(0, fresh.exitCode(), fresh.out() + fresh.err());
    assertTrue(
        fresh
            .out()
            .contains(
                "check: no tpcc_metadata here: table sets 1..1 were loaded by sysbench-tpcc,"
                    + " 1 warehouse(s) per set (read from the data); the load's NURand C is"
                    + " unknown"),
        fresh.out());
    for (int c = 1; c <= 7; c++) {
      assertTrue(fresh.out().contains("[C" + c + "] PASSED"), fresh.out());
    }
    assertTrue(fresh.out().contains("[11] PASSED"), "checked right after the load: " + fresh.out());
    assertTrue(fresh.out().contains("check: all 12 conditions checked hold"), fresh.out());

    CliRun mismatch = tpcc("--tables=1", "--scale=100", "check");
    assertEquals(1, mismatch.exitCode(), mismatch.out());
    assertTrue(
        mismatch.err().contains("the data set has 1 table set(s) of 1 warehouse(s)"),
        mismatch.err());

    CliRun run = tpcc("--tables=1", "--scale=1", "--threads=2", "--time=3", "run");
    assertEquals(0, run.exitCode(), run.out() + run.err());
    assertTrue(run.out().contains("run: no tpcc_metadata here: table sets 1..1"), run.out());
    assertTrue(run.out().contains("runs draw their C values freely"), run.out());
    assertTrue(run.out().contains("tpmC"), run.out());
    assertEquals(0, count("SELECT count(*) FROM pg_class WHERE relname LIKE 'tpcc_metadata%'"));

    CliRun after = check();
    assertEquals(0, after.exitCode(), after.out() + after.err());
    assertTrue(
        after.out().contains("[11] SKIPPED") && after.out().contains("transactions have run"),
        after.out());
    assertTrue(after.out().contains("check: all 11 conditions checked hold (1 skipped)"));
  }

  /**
   * Procedures mode on a sysbench-tpcc data set says it is not supported, why, and what works
   * instead, rather than sending the user to install-procedures (which refuses the data set); and
   * nothing is created in sysbench's database.
   */
  @Test
  void proceduresModeOnASysbenchDataSetSaysWhatWorksInstead() throws SQLException {
    sysbenchPrepare(false);
    List<String> args =
        List.of("--tables=1", "--scale=1", "--time=1", "--txn-mode=procedures", "run");
    CliRun run = tpcc(BadInput.array(args));
    assertEquals(1, run.exitCode(), run.out() + run.err());
    BadInput.assertFailsInOneLine(
        run, "--txn-mode=procedures is not supported on a data set sysbench-tpcc prepared", args);
    assertTrue(run.err().contains("run with --txn-mode=statements or batched"), run.err());
    assertFalse(run.err().contains("install-procedures first"), run.err());
    CliRun install = tpcc("--tables=1", "--scale=1", "install-procedures");
    assertEquals(1, install.exitCode(), install.out() + install.err());
    assertTrue(install.err().contains("the TPC-C tables here are sysbench-tpcc's"), install.err());
    assertEquals(0, count("SELECT count(*) FROM pg_proc WHERE proname LIKE 'tpcc%'"));
    assertEquals(0, count("SELECT count(*) FROM pg_class WHERE relname LIKE 'tpcc_metadata%'"));
    CliRun statements = tpcc("--tables=1", "--scale=1", "--time=1", "--txn-mode=statements", "run");
    assertEquals(0, statements.exitCode(), "the mode it names works: " + statements.err());
  }

  @Test
  void anotherClientsTransactionsSkipCondition11WithTheReason() throws SQLException {
    sysbenchPrepare(false);
    anotherClientsNewOrder();
    CliRun check = check();
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(
        check.out().contains("[11] SKIPPED ")
            && check
                .out()
                .contains(
                    "(holds only right after load, and transactions have run (read from the data:"
                        + " 1 district(s) with d_next_o_id no longer 3001, 0 with order 2101 no"
                        + " longer in new_orders))"),
        check.out());
    assertTrue(check.out().contains("check: all 11 conditions checked hold (1 skipped)"));
  }

  @Test
  void onOurDataSetTooConditionElevenFollowsTheDataNotOurRecordOfRuns() throws SQLException {
    CliRun prepare = tpcc("--tables=1", "--scale=1", "--threads=2", "prepare");
    assertEquals(0, prepare.exitCode(), prepare.err());
    CliRun fresh = check();
    assertTrue(fresh.out().contains("[11] PASSED"), fresh.out());
    assertTrue(fresh.out().contains("[C7] PASSED"), fresh.out());
    assertFalse(fresh.out().contains("sysbench-tpcc"), fresh.out());
    anotherClientsNewOrder();
    CliRun after = check();
    assertEquals(0, after.exitCode(), after.out() + after.err());
    assertTrue(after.out().contains("1 district(s) with d_next_o_id no longer 3001"), after.out());
  }

  /** A table, the rows deleted from it, and what check must then say. */
  private record Damage(String table, String where, List<String> expected) {}

  @Test
  void deletingRowsOfAnyTableMakesCheckFailNamingTheCardinalityOrCondition() throws SQLException {
    sysbenchPrepare(false);
    List<Damage> damages =
        List.of(
            new Damage("warehouse1", "true", List.of("[C1] FAILED", "warehouse1: 0 rows")),
            new Damage("district1", "d_id > 5", List.of("[C2] FAILED", "district1 w_id=1: 5 rows")),
            new Damage(
                "customer1",
                "c_d_id = 3 AND c_id > 1500",
                List.of("[C3] FAILED", "customer1 w_id=1 d_id=3: 1500 rows, expected 3000")),
            new Damage(
                "history1",
                "true",
                List.of("[C4] FAILED", "history1 w_id=1 d_id=1: 0 rows, expected at least 3000")),
            new Damage(
                "orders1",
                "o_d_id = 2 AND o_id <= 100",
                List.of("[C5] FAILED", "orders1 w_id=1 d_id=2: 2900 rows")),
            new Damage(
                "item1",
                "i_id > 50000",
                List.of("[C6] FAILED", "item1: 50000 rows, i_id 1..50000; expected 100000")),
            new Damage(
                "stock1",
                "s_i_id % 2 = 0",
                List.of("[C7] FAILED", "stock1 w_id=1: 50000 rows, expected 100000")),
            new Damage("new_orders1", "no_d_id = 4", List.of("[ 5] FAILED")),
            new Damage(
                "order_line1",
                "ol_d_id = 1 AND ol_number > 5",
                List.of("[ 4] FAILED", "[ 6] FAILED")));
    for (Damage damage : damages) {
      execute(
          "CREATE TABLE saved_rows AS SELECT * FROM " + damage.table() + " WHERE " + damage.where(),
          "DELETE FROM " + damage.table() + " WHERE " + damage.where());
      CliRun check = check();
      assertEquals(1, check.exitCode(), damage + "\n" + check.out() + check.err());
      for (String expected : damage.expected()) {
        assertTrue(check.out().contains(expected), damage + ": " + expected + "\n" + check.out());
      }
      if (damage.expected().get(0).startsWith("[C")) {
        assertTrue(
            check.out().contains("the consistency conditions were not checked"), check.out());
        assertFalse(check.out().contains("[ 1]"), check.out());
      }
      execute(
          "INSERT INTO " + damage.table() + " SELECT * FROM saved_rows", "DROP TABLE saved_rows");
    }
    CliRun restored = check();
    assertEquals(0, restored.exitCode(), restored.out() + restored.err());
  }

  @Test
  void aFullyTruncatedDataSetNeverPasses() throws SQLException {
    sysbenchPrepare(false);
    execute(
        "TRUNCATE warehouse1, district1, customer1, history1, orders1, new_orders1, order_line1,"
            + " stock1, item1");
    CliRun check = check();
    assertEquals(1, check.exitCode(), check.out());
    assertTrue(check.err().contains("have no warehouse rows"), check.err());
    assertFalse(check.out().contains("hold"), check.out());
  }

  @Test
  void sysbenchSetsNotNumberedFromOneAreRefusedInOneLine() throws SQLException {
    TpccSchema schema = new TpccSchema(StorageOptions.NONE);
    execute(schema.createTables(1).toArray(String[]::new));
    execute(schema.createTables(3).toArray(String[]::new));
    for (String command : List.of("run", "check")) {
      CliRun refused = tpcc("--tables=3", "--scale=1", "--time=1", command);
      assertEquals(1, refused.exitCode(), refused.out());
      assertEquals(1, refused.err().lines().count(), refused.err());
      assertTrue(
          refused.err().contains("the sysbench-tpcc tables here are table sets 1, 3, not 1..3"),
          refused.err());
    }
  }
}
