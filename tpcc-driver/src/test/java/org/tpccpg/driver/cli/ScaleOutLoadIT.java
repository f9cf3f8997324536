package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * Issue 19's done-when, its loading: two driver processes (the packaged jar) on one box against one
 * server, each loading half of the 2 warehouses: {@code prepare --only=schema}, both range loads at
 * once, {@code prepare --only=finish}; the result is what one whole prepare with the same seed
 * makes (the same constraints, indexes and rows, compared with a whole prepare in a second
 * database). The drivers' runs and their merge are {@link ScaleOutIT}'s.
 */
class ScaleOutLoadIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String SEED = "--rand-seed=4242";

  private static String wholeName() {
    return POSTGRES.database().name() + "_whole";
  }

  @AfterAll
  static void dropWhole() throws SQLException {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + wholeName() + " WITH (FORCE)");
    }
  }

  /** The options of a driver of the 2 warehouses against {@code database} on the test server. */
  static List<String> options(TestDatabase db, String database, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + database,
                "--tables=1",
                "--scale=2",
                "--threads=2"));
    args.addAll(List.of(more));
    return args;
  }

  static CliRun tpcc(TestDatabase db, String database, String... args) {
    return CliRun.of(
        Map.of("PGPASSWORD", db.password()), options(db, database, args).toArray(String[]::new));
  }

  /** A driver process (the packaged jar) against the class's database. */
  static DriverProcess driver(TestDatabase db, String... args) throws Exception {
    return DriverProcess.start(
        options(db, db.name(), args), Map.of("PGPASSWORD", db.password()), Path.of("."));
  }

  private static CliRun tpcc(String database, String... args) {
    return tpcc(POSTGRES.database(), database, args);
  }

  private static DriverProcess driver(String... args) throws Exception {
    return driver(POSTGRES.database(), args);
  }

  @Test
  void twoDriversLoadHalfTheWarehousesEachAndMakeWhatAWholePrepareMakes() throws Exception {
    String db = POSTGRES.database().name();
    CliRun early = tpcc(db, "prepare", "--only=finish");
    assertTrue(early.err().contains("no load record here"), early.err());

    CliRun schema = tpcc(db, SEED, "prepare", "--only=schema");
    assertEquals(0, schema.exitCode(), schema.err());
    CliRun missing = tpcc(db, "prepare", "--only=finish");
    assertEquals(1, missing.exitCode(), missing.err());
    assertTrue(
        missing.err().contains("warehouse1 lacks warehouses 1-2 of 2; item1 is empty"),
        missing.err());

    try (DriverProcess low = driver("prepare", "--warehouses=1-1", "--load-items");
        DriverProcess high = driver("prepare", "--warehouses=2-2")) {
      assertEquals(0, low.finish(), low.output());
      assertEquals(0, high.finish(), high.output());
    }
    CliRun again = tpcc(db, "prepare", "--warehouses=2-2");
    assertEquals(1, again.exitCode(), again.err());
    assertTrue(again.err().contains("in warehouse1 already"), again.err());
    CliRun finish = tpcc(db, "prepare", "--only=finish");
    assertEquals(0, finish.exitCode(), finish.err());

    sameAsAWholePrepare(db);
  }

  /**
   * The constraints, indexes, load record and rows of the scale-out prepare are those of a whole
   * prepare with the same seed (the rows compared without their load-time timestamps).
   */
  private static void sameAsAWholePrepare(String scaledOut) throws SQLException {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + wholeName());
    }
    CliRun whole = tpcc(wholeName(), SEED, "prepare");
    assertEquals(0, whole.exitCode(), whole.err());
    List<String> queries =
        List.of(
            "SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), '; ' ORDER BY conname)"
                + " FROM pg_constraint WHERE connamespace = 'public'::regnamespace",
            "SELECT string_agg(indexdef, '; ' ORDER BY indexname) FROM pg_indexes"
                + " WHERE schemaname = 'public'",
            "SELECT string_agg(set_number || ' ' || table_name, ', ' ORDER BY table_name)"
                + " FROM tpcc_metadata_table",
            "SELECT table_sets || ' ' || warehouses_per_set || ' ' || seed || ' ' || c_last_load"
                + " || ' ' || use_fk || ' ' || state FROM tpcc_metadata",
            "SELECT md5(string_agg(concat_ws(' ', c_w_id, c_d_id, c_id, c_last, c_credit,"
                + " c_balance, c_data), ',' ORDER BY c_w_id, c_d_id, c_id)) FROM customer1",
            "SELECT md5(string_agg(concat_ws(' ', s_w_id, s_i_id, s_quantity, s_data), ','"
                + " ORDER BY s_w_id, s_i_id)) FROM stock1",
            "SELECT md5(string_agg(concat_ws(' ', i_id, i_name, i_price, i_data), ','"
                + " ORDER BY i_id)) FROM item1",
            "SELECT md5(string_agg(concat_ws(' ', o_w_id, o_d_id, o_id, o_c_id, o_ol_cnt), ','"
                + " ORDER BY o_w_id, o_d_id, o_id)) FROM orders1",
            "SELECT concat_ws(' ', count(*), sum(ol_amount)) FROM order_line1");
    for (String query : queries) {
      assertEquals(single(wholeName(), query), single(scaledOut, query), query);
    }
  }

  private static String single(String database, String query) throws SQLException {
    TestDatabase db = POSTGRES.database();
    String url = "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + database;
    try (Connection c = DriverManager.getConnection(url, db.credentials());
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(query)) {
      r.next();
      return r.getString(1);
    }
  }
}
