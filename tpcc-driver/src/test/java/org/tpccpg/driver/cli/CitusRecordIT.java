package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * {@code prepare --distribute=citus} is recorded in the data set's load record and shown where the
 * record is shown: check's first line, run's header, summary.json's {@code config}; and a scale-out
 * finish with another {@code --distribute} than the schema step's is refused. No Citus server runs
 * here: the test database gets stand-ins for Citus's {@code create_reference_table} and {@code
 * create_distributed_table} (same names and parameters, doing nothing), so the statements run and
 * the tables stay plain. What they do on Citus is {@link CitusIT}'s.
 */
class CitusRecordIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir static Path results;

  private static final List<String> STAND_INS =
      List.of(
          "CREATE FUNCTION create_reference_table(table_name regclass) RETURNS void"
              + " LANGUAGE plpgsql AS $$ BEGIN END $$",
          "CREATE FUNCTION create_distributed_table(table_name regclass, distribution_column text,"
              + " colocate_with text DEFAULT 'default') RETURNS void"
              + " LANGUAGE plpgsql AS $$ BEGIN END $$");

  private static CliRun tpcc(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = CliRun.connectedTo(db, "--tables=1", "--scale=1", "--threads=2");
    command.addAll(List.of(args));
    return CliRun.of(Map.of("PGPASSWORD", db.password()), command.toArray(String[]::new));
  }

  private static String recorded() throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT distribution FROM tpcc_metadata")) {
      r.next();
      return r.getString(1);
    }
  }

  @Test
  void aCitusPrepareIsRecordedAndShownByCheckRunAndTheSummary() throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      for (String function : STAND_INS) {
        s.execute(function);
      }
    }
    CliRun schema = tpcc("--distribute=citus", "prepare", "--only=schema");
    assertEquals(0, schema.exitCode(), schema.err());
    assertEquals("citus", recorded());
    CliRun finish = tpcc("prepare", "--only=finish");
    assertEquals(1, finish.exitCode(), finish.err());
    assertTrue(
        finish
            .err()
            .contains(
                "--distribute=none but the schema step recorded --distribute=citus: give every"
                    + " step of the prepare the same options"),
        finish.err());
    assertEquals(1, finish.err().lines().count(), finish.err());
    CliRun cleanup = tpcc("cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());

    CliRun prepare = tpcc("--distribute=citus", "prepare");
    assertEquals(0, prepare.exitCode(), prepare.err());
    assertEquals("citus", recorded());
    CliRun check = tpcc("check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(
        check.out().lines().findFirst().orElse("").endsWith(" (tables distributed with Citus)"),
        check.out());
    Path dir = results.resolve("run");
    CliRun run = tpcc("--time=1", "--results=" + dir, "run");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(
        run.out()
            .contains(
                "Data set: Citus distributed and reference tables (prepare --distribute=citus)\n"),
        run.out());
    Map<String, Object> summary = JsonReader.object(Files.readString(dir.resolve("summary.json")));
    assertEquals("citus", ((Map<?, ?>) summary.get("config")).get("data_set_distribution"));
  }
}
