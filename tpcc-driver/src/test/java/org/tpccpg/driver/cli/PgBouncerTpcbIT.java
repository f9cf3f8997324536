package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PgBouncer;
import org.tpccpg.testkit.PgBouncers;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * Short {@code tpcc tpcb} runs through a real pgbouncer in session and transaction pooling, with
 * each {@code -M} protocol that can work there, each followed by the TPC-B invariant. The tables
 * are initialized directly against the server; the runs use {@code -n} so that history is never
 * truncated and the balances and history keep adding up over all runs.
 */
class PgBouncerTpcbIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static PgBouncers poolers;
  private static PgBouncer session;
  private static PgBouncer transaction;
  private static PgBouncer statement;

  @BeforeAll
  static void initializeAndStartPoolers() throws Exception {
    TestDatabase db = POSTGRES.database();
    CliRun init = tpcb(db.port(), "-i", "-s", "1", "-q");
    assertEquals(0, init.exitCode(), init.err());
    poolers = PgBouncers.start(db);
    session = poolers.session();
    transaction = poolers.transaction();
    statement = poolers.statement();
  }

  @AfterAll
  static void stopPoolers() {
    if (poolers != null) {
      poolers.close();
    }
  }

  /** {@code tpcc tpcb ARGS -h 127.0.0.1 -p PORT -U user dbname}, password from PGPASSWORD. */
  private static CliRun tpcb(int port, String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = new ArrayList<>(List.of("tpcb"));
    command.addAll(List.of(args));
    command.addAll(List.of("-h", "127.0.0.1", "-p", Integer.toString(port), "-U", db.user()));
    command.add(db.name());
    Map<String, String> environment = new HashMap<>();
    if (!db.password().isEmpty()) {
      environment.put("PGPASSWORD", db.password());
    }
    return CliRun.of(environment, command.toArray(String[]::new));
  }

  private static long sum(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  /** TPC-B's consistency: every delta went to one account, teller, branch and history row. */
  private static void assertBalancesAgree() throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      long accounts = sum(s, "SELECT coalesce(sum(abalance), 0) FROM pgbench_accounts");
      long branches = sum(s, "SELECT coalesce(sum(bbalance), 0) FROM pgbench_branches");
      long tellers = sum(s, "SELECT coalesce(sum(tbalance), 0) FROM pgbench_tellers");
      long history = sum(s, "SELECT coalesce(sum(delta), 0) FROM pgbench_history");
      assertEquals(List.of(accounts, accounts, accounts), List.of(branches, tellers, history));
      assertTrue(sum(s, "SELECT count(*) FROM pgbench_history") > 0, "no transaction ran");
    }
  }

  private static void assertRunAndBalancesPass(PgBouncer bouncer, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("-n", "-T", "2", "-c", "4", "-j", "2"));
    args.addAll(List.of(more));
    CliRun run = tpcb(bouncer.port(), args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), args + ": " + run.err());
    assertTrue(run.out().contains("number of failed transactions: 0 "), run.out());
    assertBalancesAgree();
  }

  @Test
  void sessionPoolingRunsEveryProtocol() throws Exception {
    assertRunAndBalancesPass(session, "-M", "simple");
    assertRunAndBalancesPass(session, "-M", "extended");
    assertRunAndBalancesPass(session, "-M", "prepared");
  }

  @Test
  void transactionPoolingRunsTheProtocolsWithoutNamedStatements() throws Exception {
    assertRunAndBalancesPass(transaction, "-M", "simple");
    assertRunAndBalancesPass(transaction, "-M", "extended");
  }

  @Test
  void transactionPoolingRunsWithAConnectionPerTransaction() throws Exception {
    assertRunAndBalancesPass(transaction, "-M", "extended", "-C");
  }

  @Test
  void transactionPoolingRefusesNamedStatementsInOneLineNamingTheSettingAndTheModes() {
    CliRun run = tpcb(transaction.port(), "-n", "-T", "5", "-c", "4", "-j", "2", "-M", "prepared");
    assertEquals(1, run.exitCode(), run.out() + run.err());
    List<String> lines = run.err().lines().toList();
    assertEquals(1, lines.size(), run.err());
    assertTrue(lines.get(0).contains("max_prepared_statements"), lines.get(0));
    assertTrue(lines.get(0).contains("-M extended"), lines.get(0));
    assertTrue(!lines.get(0).contains("--db-ps-mode"), "pgbench's options only: " + lines.get(0));
  }

  @Test
  void statementPoolingRunsSelectOnlyWhichHasNoTransactionBlock() throws Exception {
    assertRunAndBalancesPass(statement, "-S", "-M", "simple");
    assertRunAndBalancesPass(statement, "-S", "-M", "extended");
  }

  @Test
  void statementPoolingCannotRunTpcbLikeAndSaysSoInOneLine() {
    CliRun run = tpcb(statement.port(), "-n", "-T", "3", "-c", "2", "-j", "2", "-M", "extended");
    assertEquals(1, run.exitCode(), run.out() + run.err());
    List<String> lines = run.err().lines().toList();
    assertEquals(1, lines.size(), run.err());
    assertTrue(lines.get(0).contains("pool_mode=statement"), lines.get(0));
    assertTrue(lines.get(0).contains("-S (select-only)"), lines.get(0));
  }

  @Test
  void statementPoolingRefusesSelectOnlyWithNamedStatementsBeforeTheRun() {
    CliRun run = tpcb(statement.port(), "-n", "-S", "-T", "5", "-c", "2", "-M", "prepared");
    assertEquals(1, run.exitCode(), run.out() + run.err());
    List<String> lines = run.err().lines().toList();
    assertEquals(1, lines.size(), run.err());
    assertTrue(lines.get(0).contains("pool_mode=transaction or statement"), lines.get(0));
    assertTrue(lines.get(0).contains("-M extended"), lines.get(0));
    assertFalse(run.out().contains("transaction type:"), "refused before the run: " + run.out());
  }

  @Test
  void aNamedStatementLeftInAPooledSessionIsNotTakenForMissingTables() throws SQLException {
    leaveANamedStatementBehind(transaction);
    CliRun run = tpcb(transaction.port(), "-n", "-S", "-T", "5", "-c", "2", "-M", "prepared");
    assertEquals(1, run.exitCode(), run.out() + run.err());
    assertFalse(run.err().contains("initialization"), run.err());
    assertTrue(run.err().contains("max_prepared_statements"), run.err());
  }

  /**
   * What a client that ended mid-run leaves in pgbouncer's server session: PgJDBC's first named
   * statement, "S_1", which the pooler does not close with the client.
   */
  private static void leaveANamedStatementBehind(PgBouncer bouncer) throws SQLException {
    TestDatabase db = POSTGRES.database();
    Properties properties = db.credentials();
    properties.setProperty("prepareThreshold", "1");
    String url = "jdbc:postgresql://127.0.0.1:" + bouncer.port() + "/" + db.name();
    try (Connection c = DriverManager.getConnection(url, properties);
        var statement = c.prepareStatement("SELECT 1")) {
      statement.executeQuery().close();
    }
  }
}
