package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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
 * A user's database holds their own tables too, some with TPC-C names: cleanup and prepare must
 * never drop, change or stand in for them, and run and check must not report on a data set with a
 * table gone. After every case the user's objects are checked to be there with their rows.
 */
class UserTablesIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  /** The test's database: the class's own, or a fresh copy of a sysbench data set. */
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

  /** A table of the user's with a row in it that must survive. */
  private static void userTable(String name) throws SQLException {
    execute(
        "CREATE TABLE " + name + " (id int PRIMARY KEY, note text)",
        "INSERT INTO " + name + " VALUES (1, 'the user''s own row')");
  }

  private static void assertIntact(String name) throws SQLException {
    assertEquals(1, count("SELECT count(*) FROM " + name + " WHERE note = 'the user''s own row'"));
  }

  private static long relationsNamed(String name) throws SQLException {
    return count("SELECT count(*) FROM pg_class WHERE relname = '" + name + "'");
  }

  private static void prepareOneWarehouse(String... more) {
    List<String> args = new ArrayList<>(List.of("--tables=1", "--scale=1", "--threads=2"));
    args.addAll(List.of(more));
    args.add("prepare");
    CliRun prepare = tpcc(args.toArray(String[]::new));
    assertEquals(0, prepare.exitCode(), prepare.err() + prepare.out());
  }

  @Test
  void cleanupWithoutADataSetLeavesTheUsersTablesWithTpccNamesAlone() throws SQLException {
    userTable("customer1");
    userTable("item1");
    userTable("warehouse7");
    CliRun cleanup = tpcc("--tables=10", "cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(cleanup.out().contains("cleanup: no table sets found"), cleanup.out());
    assertTrue(cleanup.out().contains("cleanup: left alone table customer1:"), cleanup.out());
    assertTrue(cleanup.out().contains("cleanup: left alone table warehouse7:"), cleanup.out());
    assertIntact("customer1");
    assertIntact("item1");
    assertIntact("warehouse7");
  }

  @Test
  void cleanupOfOurSetLeavesTheUsersTableOfAnotherSetAndNeverGoesBeyondTables()
      throws SQLException {
    prepareOneWarehouse();
    userTable("orders5");
    CliRun cleanup = tpcc("--tables=1", "cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(
        cleanup.out().contains("dropped table sets 1 (9 tables) and the load record"),
        cleanup.out());
    assertEquals(0, relationsNamed("warehouse1"));
    assertIntact("orders5");
    CliRun wider = tpcc("--tables=5", "cleanup");
    assertEquals(0, wider.exitCode(), wider.err());
    assertTrue(wider.out().contains("left alone table orders5"), wider.out());
    assertIntact("orders5");
  }

  @Test
  void prepareRefusesANameTakenByTheUserWithOrWithoutForceAndCreatesNothing() throws SQLException {
    userTable("item2");
    for (List<String> options : List.of(List.<String>of(), List.of("--force"))) {
      List<String> args = new ArrayList<>(List.of("--tables=2", "--scale=1", "prepare"));
      args.addAll(options);
      CliRun prepare = tpcc(args.toArray(String[]::new));
      assertEquals(1, prepare.exitCode(), prepare.out());
      assertTrue(
          prepare.err().contains("prepare needs the name table item2 already taken"),
          prepare.err());
      assertFalse(
          prepare.err().contains("run cleanup"), "cleanup would not help: " + prepare.err());
      assertIntact("item2");
      assertEquals(0, relationsNamed("warehouse1"), "nothing created");
      assertEquals(0, relationsNamed("tpcc_metadata"), "no load record");
    }
  }

  @Test
  void objectsWithOurNamesThatAreNotTablesOrNotOursMakeNoErrorAndStay() throws SQLException {
    execute(
        "CREATE VIEW item1 AS SELECT 1 AS i_id",
        "CREATE SEQUENCE orders2",
        "CREATE TABLE stock9999999999 (x int)",
        "CREATE TABLE customer01 (x int)",
        "CREATE TABLE \"Customer1\" (x int)");
    CliRun cleanup = tpcc("--tables=3", "cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err() + cleanup.out());
    assertTrue(cleanup.out().contains("cleanup: no table sets found"), cleanup.out());
    assertTrue(cleanup.out().contains("left alone view item1"), cleanup.out());
    assertTrue(cleanup.out().contains("left alone sequence orders2"), cleanup.out());
    for (String name : List.of("item1", "orders2", "stock9999999999", "customer01", "Customer1")) {
      assertEquals(1, relationsNamed(name), name);
    }
  }

  @Test
  void aTableOfTheUsersPutInPlaceOfOursIsLeftAloneAndRunAndCheckRefuseTheSet() throws SQLException {
    prepareOneWarehouse("--use_fk=0");
    execute("DROP TABLE item1");
    userTable("item1");
    for (String command : List.of("run", "check")) {
      CliRun refused = tpcc("--tables=1", "--scale=1", "--time=1", command);
      assertEquals(1, refused.exitCode(), refused.out());
      assertTrue(refused.err().contains("table item1 is missing"), refused.err());
      assertFalse(refused.out().contains("tpmC"), refused.out());
    }
    CliRun cleanup = tpcc("--tables=1", "cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(cleanup.out().contains("dropped table sets 1 (8 tables)"), cleanup.out());
    assertTrue(cleanup.out().contains("left alone table item1: not the table"), cleanup.out());
    assertIntact("item1");
    assertEquals(0, relationsNamed("stock1"));
  }

  @Test
  void runAndCheckRefuseADataSetWithATableDropped() throws SQLException {
    prepareOneWarehouse();
    execute("DROP TABLE stock1 CASCADE");
    CliRun check = tpcc("--tables=1", "--scale=1", "check");
    assertEquals(1, check.exitCode(), check.out());
    assertTrue(check.err().contains("table stock1 is missing"), check.err());
    assertFalse(check.out().contains("hold"), check.out());
    CliRun run = tpcc("--tables=1", "--scale=1", "--time=2", "run");
    assertEquals(1, run.exitCode(), run.out());
    assertTrue(run.err().contains("table stock1 is missing"), run.err());
    assertFalse(run.out().contains("Threads started"), run.out());
  }

  @Test
  void aCompleteSysbenchTpccSetIsDroppedButAPartialOneIsLeftAlone() throws SQLException {
    TpccSchema schema = new TpccSchema(StorageOptions.NONE);
    execute(schema.createTables(1).toArray(String[]::new));
    List<String> partial = schema.createTables(2).subList(0, 5);
    execute(partial.toArray(String[]::new));
    CliRun cleanup = tpcc("--tables=2", "cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(cleanup.out().contains("dropped table sets 1 (9 tables) in"), cleanup.out());
    assertTrue(cleanup.out().contains("not a complete sysbench-tpcc table set"), cleanup.out());
    assertEquals(0, relationsNamed("warehouse1"));
    assertEquals(1, relationsNamed("warehouse2"));
  }

  @Test
  void prepareSaysWhoseDataSetIsThereAndHowManySetsCleanupNeeds() throws SQLException {
    TpccSchema schema = new TpccSchema(StorageOptions.NONE);
    for (int set = 1; set <= 3; set++) {
      execute(schema.createTables(set).toArray(String[]::new));
    }
    CliRun prepare = tpcc("--tables=1", "--scale=1", "prepare");
    assertEquals(1, prepare.exitCode());
    assertTrue(
        prepare.err().contains("(table sets 1..3, made by sysbench-tpcc); run cleanup --tables=3"),
        prepare.err());
    CliRun force = tpcc("--tables=1", "--scale=1", "--force", "prepare");
    assertEquals(1, force.exitCode());
    assertTrue(
        force.err().contains("also has table sets 2, 3: run cleanup --tables=3 first"),
        force.err());
    assertEquals(1, relationsNamed("warehouse1"), "nothing dropped by the refused --force");
  }

  @Test
  void aLoadedSysbenchSetIsCheckedAndCleanedUpWithItsIndexesAndKeysAndNothingElse()
      throws SQLException {
    database = POSTGRES.copy(SysbenchTpccData.oneWarehouse(true));
    userTable("orders5");
    userTable("accounts");
    CliRun check = tpcc("--tables=1", "--scale=1", "--threads=2", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("were loaded by sysbench-tpcc"), check.out());
    assertEquals(0, relationsNamed("tpcc_metadata"), "check writes no record");
    CliRun cleanup = tpcc("--tables=5", "cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(cleanup.out().contains("dropped table sets 1 (9 tables) in"), cleanup.out());
    assertTrue(cleanup.out().contains("left alone table orders5"), cleanup.out());
    for (String name :
        List.of(
            "warehouse1",
            "district1",
            "customer1",
            "history1",
            "orders1",
            "new_orders1",
            "order_line1",
            "stock1",
            "item1",
            "idx_customer1",
            "fkey_history_21")) {
      assertEquals(0, relationsNamed(name), name);
    }
    assertEquals(0, count("SELECT count(*) FROM pg_constraint WHERE conname LIKE 'fkey_%'"));
    assertIntact("orders5");
    assertIntact("accounts");
    assertEquals(0, relationsNamed("tpcc_metadata"));
  }
}
