package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.testkit.PostgresFixture;

/**
 * {@code --txn-mode=procedures} from the command line, on one data set in order: prepare installs
 * the functions, a run calls them in one round trip per transaction (two with the COMMIT) and
 * records the mode; without the functions a run refuses and {@code install-procedures} puts them
 * back; cleanup drops ours and leaves a user's function of the same name (or one of ours replaced
 * in place) alone.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProceduresIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String OURS =
      "SELECT proname || '(' || pg_get_function_identity_arguments(oid) || ')'"
          + " FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND proname LIKE 'tpcc%'";

  @TempDir Path results;

  private static CliRun tpcc(String... more) {
    List<String> args = CliRun.connectedTo(POSTGRES.database(), "--tables=1", "--scale=1");
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  private static TreeSet<String> functions() throws SQLException {
    TreeSet<String> names = new TreeSet<>();
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery(OURS)) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }

  private static void execute(String... statements) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }

  @Test
  @Order(1)
  void prepareInstallsTheFiveFunctionsOfTheSet() throws Exception {
    CliRun prepare = tpcc("--threads=2", "prepare");
    assertEquals(0, prepare.exitCode(), prepare.err());
    assertEquals(
        List.of(
            "tpcc_delivery1(p_w_id integer, p_carrier_id integer)",
            "tpcc_new_order1(p_w_id integer, p_d_id integer, p_c_id integer, p_all_local integer,"
                + " p_item_ids integer[], p_supply_w_ids integer[], p_quantities integer[])",
            "tpcc_order_status1(p_w_id integer, p_d_id integer, p_by_name boolean, p_c_id integer,"
                + " p_c_last text)",
            "tpcc_payment1(p_w_id integer, p_d_id integer, p_c_w_id integer, p_c_d_id integer,"
                + " p_by_name boolean, p_c_id integer, p_c_last text, p_amount numeric)",
            "tpcc_stock_level1(p_w_id integer, p_d_id integer, p_threshold integer)"),
        new ArrayList<>(functions()));
  }

  @Test
  @Order(2)
  void aRunCallsOneFunctionPerTransactionAndRecordsTheModeAndRoundTrips() throws Exception {
    CliRun run =
        tpcc(
            "--threads=1",
            "--time=0",
            "--events=300",
            "--report-interval=1",
            "--txn-mode=procedures",
            "--results=" + results,
            "run");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("trips/txn"), run.out());
    Map<?, ?> summary =
        (Map<?, ?>) JsonParser.parse(Files.readString(results.resolve("summary.json")));
    assertEquals("procedures", ((Map<?, ?>) summary.get("config")).get("txn_mode"));
    assertEquals("procedures", ((Map<?, ?>) summary.get("options")).get("txn_mode"));
    Map<?, ?> trips = (Map<?, ?>) summary.get("round_trips");
    // One thread, so no deadlock retries: the call and the COMMIT (or ROLLBACK), every time.
    for (String kind : List.of("new_order", "payment", "total")) {
      assertEquals(
          2.0, ((Number) ((Map<?, ?>) trips.get(kind)).get("per_transaction")).doubleValue(), kind);
    }
    Map<?, ?> totals = (Map<?, ?>) summary.get("totals");
    // Each call is one read; BEGIN and COMMIT are "other", as in every mode.
    assertEquals(300L, ((Number) totals.get("reads")).longValue(), totals.toString());
    assertEquals(600L, ((Number) totals.get("others")).longValue(), totals.toString());
    CliRun check = tpcc("--threads=1", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  @Test
  @Order(3)
  void theStatementsModeCountsARoundTripPerStatementAndOneForTheCommit() throws Exception {
    CliRun run = tpcc("--threads=1", "--time=0", "--events=300", "--results=" + results, "run");
    assertEquals(0, run.exitCode(), run.err());
    Map<?, ?> summary =
        (Map<?, ?>) JsonParser.parse(Files.readString(results.resolve("summary.json")));
    assertEquals("statements", ((Map<?, ?>) summary.get("config")).get("txn_mode"));
    Map<?, ?> trips = (Map<?, ?>) summary.get("round_trips");
    double stockLevel =
        ((Number) ((Map<?, ?>) trips.get("stock_level")).get("per_transaction")).doubleValue();
    assertTrue(stockLevel == 3.0 || stockLevel == 0.0, "two reads and the COMMIT: " + stockLevel);
    double total = ((Number) ((Map<?, ?>) trips.get("total")).get("per_transaction")).doubleValue();
    assertTrue(total > 10, "a statement each: " + total);
  }

  @Test
  @Order(3)
  void theBatchedModeTakesTwoRoundTripsForNewOrderAndOneForTheOthersPlusTheCommit()
      throws Exception {
    CliRun run =
        tpcc(
            "--threads=1",
            "--time=0",
            "--events=300",
            "--txn-mode=batched",
            "--results=" + results,
            "run");
    assertEquals(0, run.exitCode(), run.err());
    Map<?, ?> summary =
        (Map<?, ?>) JsonParser.parse(Files.readString(results.resolve("summary.json")));
    assertEquals("batched", ((Map<?, ?>) summary.get("config")).get("txn_mode"));
    Map<?, ?> trips = (Map<?, ?>) summary.get("round_trips");
    // One thread, so no retries: New-Order's two statements, the others' one, and the COMMIT.
    assertEquals(
        3.0, ((Number) ((Map<?, ?>) trips.get("new_order")).get("per_transaction")).doubleValue());
    assertEquals(
        2.0, ((Number) ((Map<?, ?>) trips.get("payment")).get("per_transaction")).doubleValue());
    CliRun check = tpcc("--threads=1", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  /**
   * A function of ours replaced in place (CREATE OR REPLACE keeps the OID) by a no-op: run refuses
   * procedures mode naming it, check fails naming it, install-procedures will not overwrite it;
   * once the user drops it, install-procedures puts ours back and both pass again.
   */
  @Test
  @Order(4)
  void aFunctionReplacedInPlaceIsNamedAndNeverOverwritten() throws Exception {
    String payment = "tpcc_payment1(integer,integer,integer,integer,boolean,integer,text,numeric)";
    long oid = count("SELECT '" + payment + "'::regprocedure::oid");
    execute(
        "CREATE OR REPLACE FUNCTION tpcc_payment1(p_w_id int, p_d_id int, p_c_w_id int,"
            + " p_c_d_id int, p_by_name boolean, p_c_id int, p_c_last text, p_amount numeric)"
            + " RETURNS TABLE (customer_id int, bad_credit boolean) LANGUAGE plpgsql AS $$"
            + " BEGIN customer_id := p_c_id; bad_credit := false; RETURN NEXT; END $$");
    assertEquals(oid, count("SELECT '" + payment + "'::regprocedure::oid"), "the same OID");
    List<String> args = List.of("--time=1", "--txn-mode=procedures", "run");
    CliRun refused = tpcc(BadInput.array(args));
    assertEquals(1, refused.exitCode(), refused.out() + refused.err());
    BadInput.assertFailsInOneLine(
        refused, "function " + payment + " is not the one this tool installed", args);
    CliRun check = tpcc("--threads=1", "check");
    assertEquals(1, check.exitCode(), check.out() + check.err());
    assertTrue(
        check.out().contains("check: FAILED: function " + payment + " is not the one"),
        check.out());
    CliRun install = tpcc("install-procedures");
    assertEquals(1, install.exitCode(), install.out() + install.err());
    assertTrue(install.err().contains("was replaced since this tool installed it"), install.err());
    assertEquals(
        1,
        count("SELECT count(*) FROM pg_proc WHERE prosrc LIKE '%RETURN NEXT; END %'"),
        "the user's body is still there");
    CliRun statements = tpcc("--time=1", "--txn-mode=statements", "run");
    assertEquals(0, statements.exitCode(), "statements mode does not call it");

    execute("DROP FUNCTION " + payment);
    CliRun reinstall = tpcc("install-procedures");
    assertEquals(0, reinstall.exitCode(), reinstall.err());
    CliRun run = tpcc("--time=1", "--txn-mode=procedures", "run");
    assertEquals(0, run.exitCode(), run.err());
    CliRun again = tpcc("--threads=1", "check");
    assertEquals(0, again.exitCode(), again.out() + again.err());
  }

  /**
   * Drops these functions by their full signatures: {@code DROP FUNCTION name} without the argument
   * types came in PostgreSQL 10, and the matrix runs 9.6.
   */
  private static void dropFunctions(String... names) throws SQLException {
    List<String> drops = new ArrayList<>();
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet rows =
            s.executeQuery(
                "SELECT oid::regprocedure FROM pg_proc WHERE proname = ANY('{"
                    + String.join(",", names)
                    + "}'::name[])")) {
      while (rows.next()) {
        drops.add("DROP FUNCTION " + rows.getString(1));
      }
    }
    assertEquals(names.length, drops.size(), "one function of each name: " + drops);
    execute(drops.toArray(String[]::new));
  }

  private static long count(String sql) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet row = s.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }

  @Test
  @Order(5)
  void withoutTheFunctionsARunRefusesAndInstallProceduresPutsThemBack() throws Exception {
    // A data set prepared before prepare installed functions: no list, no functions.
    dropFunctions(
        "tpcc_new_order1",
        "tpcc_payment1",
        "tpcc_order_status1",
        "tpcc_delivery1",
        "tpcc_stock_level1");
    execute("DROP TABLE tpcc_metadata_function");
    CliRun refused = tpcc("--time=1", "--txn-mode=procedures", "run");
    assertEquals(1, refused.exitCode(), refused.out());
    BadInput.assertFailsInOneLine(
        refused,
        "--txn-mode=procedures needs the data set's functions, which are not installed: run"
            + " install-procedures first",
        List.of("run"));
    CliRun install = tpcc("install-procedures");
    assertEquals(0, install.exitCode(), install.err());
    assertTrue(
        install.out().startsWith("install-procedures: installed 5 functions for 1 table set(s)"),
        install.out());
    assertEquals(5, functions().size());
    CliRun again = tpcc("install-procedures");
    assertEquals(0, again.exitCode(), again.err() + " (it replaces its own functions)");
    CliRun run = tpcc("--time=2", "--report-interval=1", "--txn-mode=procedures", "run");
    assertEquals(0, run.exitCode(), run.err());
    // any second's line: a loaded machine may wake the reporter late, and label it so
    assertTrue(
        Pattern.compile("(?m)^\\[ \\ds \\] thds: 1 tps: ").matcher(run.out()).find(),
        "sysbench's report line: " + run.out());
  }

  @Test
  @Order(6)
  void installProceduresLeavesAUsersFunctionOfOurSignatureAlone() throws Exception {
    dropFunctions("tpcc_stock_level1");
    execute(
        "DELETE FROM tpcc_metadata_function WHERE function_name = 'tpcc_stock_level1'",
        "CREATE FUNCTION tpcc_stock_level1(integer, integer, integer) RETURNS int"
            + " LANGUAGE sql AS 'SELECT 42'");
    CliRun install = tpcc("install-procedures");
    assertEquals(1, install.exitCode(), install.out());
    BadInput.assertFailsInOneLine(
        install,
        "function tpcc_stock_level1(integer, integer, integer) exists and was not installed by"
            + " this tool",
        List.of("install-procedures"));
    dropFunctions("tpcc_stock_level1");
    assertEquals(0, tpcc("install-procedures").exitCode());
  }

  @Test
  @Order(7)
  void cleanupDropsOurFunctionsAndLeavesAUsersOfSimilarNameAlone() throws Exception {
    execute(
        "CREATE FUNCTION tpcc_new_order1(text) RETURNS text LANGUAGE sql AS 'SELECT $1'",
        "CREATE FUNCTION tpcc_payment1_mine() RETURNS int LANGUAGE sql AS 'SELECT 1'",
        // one of ours replaced in place: the user's now
        "CREATE OR REPLACE FUNCTION tpcc_delivery1(p_w_id int, p_carrier_id int) RETURNS int"
            + " LANGUAGE plpgsql AS $$ BEGIN RETURN 0; END $$");
    CliRun cleanup = tpcc("cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(
        cleanup.out().contains("cleanup: dropped the sets' 4 functions of --txn-mode=procedures"),
        cleanup.out());
    assertEquals(
        List.of(
            "tpcc_delivery1(p_w_id integer, p_carrier_id integer)",
            "tpcc_new_order1(text)",
            "tpcc_payment1_mine()"),
        new ArrayList<>(functions()));
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet row = s.executeQuery("SELECT to_regclass('tpcc_metadata_function')")) {
      row.next();
      assertEquals(null, row.getString(1), "the list goes with the load record");
    }
    CliRun refused = tpcc("install-procedures");
    assertEquals(1, refused.exitCode(), refused.out());
    BadInput.assertFailsInOneLine(refused, "no TPC-C data set", List.of("install-procedures"));
  }
}
