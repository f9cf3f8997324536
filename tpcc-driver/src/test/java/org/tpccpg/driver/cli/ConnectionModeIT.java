package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;

/**
 * {@code run -C} (a new connection for every transaction) and {@code run --pool-size} (threads
 * sharing a pool), with the connections counted by the server itself.
 */
class ConnectionModeIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.twoWarehouses());

  private static CliRun tpcc(String... more) {
    List<String> args = CliRun.connectedTo(POSTGRES.database(), "--tables=1", "--scale=2");
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  /** Sessions ever started in the test database (PostgreSQL 14+), as the statistics have it. */
  private static long sessions() throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        PreparedStatement s =
            c.prepareStatement("SELECT sessions FROM pg_stat_database WHERE datname = ?")) {
      c.createStatement().execute("SELECT pg_stat_clear_snapshot()");
      s.setString(1, POSTGRES.database().name());
      try (ResultSet rs = s.executeQuery()) {
        assertTrue(rs.next());
        return rs.getLong(1);
      }
    }
  }

  private static long number(String text, String regex) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    assertTrue(matcher.find(), () -> regex + " in\n" + text);
    return Long.parseLong(matcher.group(1));
  }

  @Test
  void aRunWithAConnectionPerTransactionReportsConnectionTimeAndOpensOnePerTransaction()
      throws Exception {
    long before = sessions();
    CliRun run = tpcc("--threads=4", "--time=5", "-C", "run");
    assertEquals(0, run.exitCode(), run.err());
    String out = run.out();
    assertTrue(
        Pattern.compile("(?m)^average connection time = \\d+\\.\\d{3} ms$").matcher(out).find(),
        out);
    assertTrue(
        Pattern.compile("(?m)^tps = \\d+\\.\\d{6} \\(including reconnection times\\)$")
            .matcher(out)
            .find(),
        out);
    long transactions = number(out, "transactions: +(\\d+) ");
    long ignoredErrors = number(out, "ignored errors: +(\\d+) ");
    assertTrue(transactions > 20, out);
    // Statistics reach pg_stat_database when a backend reports them: wait for the last ones (up
    // to 30 s: a loaded machine's backends report late).
    long opened = 0;
    for (int i = 0; i < 300 && opened < transactions; i++) {
      opened = sessions() - before;
      Thread.sleep(100);
    }
    // Each transaction, and each restart after an ignored error, had a connection of its own;
    // the command itself adds a few (metadata, the probe) and this test one per query.
    assertTrue(opened >= transactions, opened + " sessions for " + transactions + " transactions");
    assertTrue(
        opened <= transactions + ignoredErrors + 60,
        opened + " sessions for " + transactions + " transactions, " + ignoredErrors + " errors");
    CliRun check = tpcc("--threads=2", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("conditions checked hold"), check.out());
  }

  @Test
  void eightThreadsSharingAPoolOfTwoOpenOnlyThePoolsConnections() throws Exception {
    long before = sessions();
    CliRun run = tpcc("--threads=8", "--time=3", "--pool-size=2", "run");
    assertEquals(0, run.exitCode(), run.err());
    String out = run.out();
    assertTrue(
        Pattern.compile(
                "(?m)^average wait for a pooled connection = \\d+\\.\\d{3} ms"
                    + " \\(8 threads sharing 2 connections\\)$")
            .matcher(out)
            .find(),
        out);
    long transactions = number(out, "transactions: +(\\d+) ");
    assertTrue(transactions > 20, out);
    Thread.sleep(1000); // the last sessions' statistics
    long opened = sessions() - before;
    // The pool's two, the command's few (metadata, the probe) and this test's queries.
    assertTrue(opened <= 10, opened + " sessions for " + transactions + " transactions");
    CliRun check = tpcc("--threads=2", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }
}
