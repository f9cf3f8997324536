package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PgBouncer;
import org.tpccpg.testkit.PgBouncers;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * Short TPC-C runs through a real pgbouncer in each pool mode, with each {@code --db-ps-mode} that
 * can work there, each followed by {@code check}; and the one-line failures of the combinations
 * that cannot work.
 */
class PgBouncerIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  private static PgBouncers poolers;
  private static PgBouncer session;
  private static PgBouncer transaction;
  private static PgBouncer statement;

  @BeforeAll
  static void startPoolers() throws Exception {
    TestDatabase db = POSTGRES.database();
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

  private static CliRun tpcc(int port, String... more) {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=127.0.0.1",
                "--pgsql-port=" + port,
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name(),
                "--tables=1",
                "--scale=1"));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  private static void assertRunAndCheckPass(PgBouncer bouncer, String psMode, String... more) {
    List<String> args =
        new ArrayList<>(List.of("--threads=4", "--time=3", "--db-ps-mode=" + psMode));
    args.addAll(List.of(more));
    args.add("run");
    CliRun run = tpcc(bouncer.port(), args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("tpmC: "), run.out());
    CliRun check = tpcc(bouncer.port(), "--threads=2", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("conditions checked hold"), check.out());
  }

  @Test
  void sessionPoolingRunsWithAndWithoutPreparedStatements() {
    assertRunAndCheckPass(session, "auto");
    assertRunAndCheckPass(session, "disable");
  }

  @Test
  void transactionPoolingRunsWithPreparedStatementsDisabled() {
    assertRunAndCheckPass(transaction, "disable");
  }

  @Test
  void transactionPoolingRunsTheProceduresWithPreparedStatementsDisabled() {
    assertRunAndCheckPass(transaction, "disable", "--txn-mode=procedures");
  }

  @Test
  void transactionPoolingRunsTheBatchedStyleWithPreparedStatementsDisabled() {
    assertRunAndCheckPass(transaction, "disable", "--txn-mode=batched");
  }

  @Test
  void transactionPoolingRunsWithAConnectionPerTransaction() {
    CliRun run =
        tpcc(transaction.port(), "--threads=4", "--time=3", "--db-ps-mode=disable", "-C", "run");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("(including reconnection times)"), run.out());
    CliRun check = tpcc(transaction.port(), "--threads=2", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  @Test
  void transactionPoolingWithoutPreparedStatementSupportRefusesAutoNamingTheSetting() {
    CliRun run = tpcc(transaction.port(), "--threads=4", "--time=10", "--db-ps-mode=auto", "run");
    assertEquals(1, run.exitCode(), run.out());
    List<String> lines = run.err().lines().toList();
    assertEquals(1, lines.size(), run.err());
    assertTrue(lines.get(0).startsWith("tpcc run: ERROR: prepared statement \"S_"), run.err());
    assertTrue(
        lines.get(0).contains("use --db-ps-mode=disable or --statement-mode=extended"), run.err());
    assertTrue(lines.get(0).contains("max_prepared_statements > 0"), run.err());
  }

  @Test
  void statementPoolingFailsBeforeTheRunWithOneLineNamingPoolModeStatement() {
    CliRun run = tpcc(statement.port(), "--threads=4", "--time=10", "--db-ps-mode=disable", "run");
    assertEquals(1, run.exitCode(), run.out());
    List<String> lines = run.err().lines().toList();
    assertEquals(1, lines.size(), run.err());
    assertTrue(lines.get(0).contains("pool_mode=statement"), run.err());
    assertTrue(lines.get(0).contains("use pool_mode=transaction"), run.err());
    assertFalse(run.out().contains("Threads started!"), run.out());
  }
}
