package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.testkit.PostgresFixture;

/**
 * A run that an SQL error ends says so (docs/tpcc.md, Output, "Errors"): the try counts among its
 * type's errors and the cause "other", the summary says "Aborted" with the SQLSTATE, summary.json
 * has {@code aborted} and the error, and the last line names the transaction and the statement's
 * table, for errors whose server message names no table: a column at its limit (22003, on
 * warehouse1 narrowed back to sysbench-tpcc's numeric(12,2) in this test's database) and a role's
 * statement_timeout (57014, while this test holds the warehouse row's lock).
 */
class AbortedRunIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  @TempDir Path results;

  private static CliRun tpcc(String... more) {
    List<String> args = CliRun.connectedTo(POSTGRES.database(), "--tables=1", "--scale=1");
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void aNumericOverflowEndsTheRunNamingPaymentsUpdateOfWarehouseAndTheSqlState() throws Exception {
    execute(
        "ALTER TABLE warehouse1 ALTER w_ytd TYPE numeric(12,2)",
        "UPDATE warehouse1 SET w_ytd = 9999999999.99 - 0.50");
    try {
      Path dir = results.resolve("overflow");
      CliRun run = tpcc("--threads=1", "--time=30", "--results=" + dir, "run");
      assertEquals(1, run.exitCode(), run.out() + run.err());
      String last = run.err().strip();
      assertTrue(last.startsWith("tpcc run: payment: UPDATE warehouse1: "), last);
      assertTrue(last.contains("numeric field overflow"), last);
      assertTrue(last.endsWith("(SQLSTATE 22003)"), last);
      assertTrue(run.out().contains("other: 1;"), run.out());
      assertTrue(
          run.out().matches("(?s).*\n    payment +0 +[0-9.]+ +1 .*"),
          "payment errors 1: " + run.out());
      assertTrue(
          run.out()
              .contains(
                  "Aborted: 1 of 1 threads stopped on an error that ends the run: payment: UPDATE"
                      + " warehouse1: "),
          run.out());
      Map<?, ?> summary =
          (Map<?, ?>) JsonParser.parse(Files.readString(dir.resolve("summary.json")));
      assertEquals(true, summary.get("aborted"));
      String error = (String) summary.get("error");
      assertTrue(error.startsWith("payment: UPDATE warehouse1: "), error);
      assertTrue(error.endsWith("(SQLSTATE 22003)"), error);
    } finally {
      execute("ALTER TABLE warehouse1 ALTER w_ytd TYPE numeric(18,2)");
    }
  }

  @Test
  void aRolesStatementTimeoutEndsTheRunNamingTheStatementAndTheSqlState() throws Exception {
    String db = POSTGRES.database().name();
    String role = POSTGRES.database().user();
    // 3 s: longer than any other statement of the run takes on a loaded machine (the data set's
    // checks too), and Payment still waits for the held lock until it fires
    execute("ALTER ROLE \"" + role + "\" IN DATABASE \"" + db + "\" SET statement_timeout = 3000");
    try (Connection holder = POSTGRES.database().connect();
        Statement lock = holder.createStatement()) {
      holder.setAutoCommit(false);
      // Payment's UPDATE warehouse1 waits for this lock past the role's 3 s
      lock.execute("SELECT w_id FROM warehouse1 WHERE w_id = 1 FOR UPDATE");
      CliRun run = tpcc("--threads=1", "--time=30", "run");
      holder.rollback();
      assertEquals(1, run.exitCode(), run.out() + run.err());
      String last = run.err().strip();
      assertTrue(last.startsWith("tpcc run: payment: UPDATE warehouse1: "), last);
      assertTrue(last.contains("statement timeout"), last);
      assertTrue(last.endsWith("(SQLSTATE 57014)"), last);
      assertTrue(run.out().contains("other: 1;"), run.out());
      assertTrue(run.out().contains("Aborted: 1 of 1 threads"), run.out());
    } finally {
      execute("ALTER ROLE \"" + role + "\" IN DATABASE \"" + db + "\" RESET statement_timeout");
    }
  }

  private static void execute(String... statements) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }
}
