package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;

/**
 * {@code tpcb --check} after several runs, ours and real pgbench's: each run's vacuum step
 * truncates the history, which must not make the check fail, while a broken balance still does.
 */
class TpcbCheckIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String TRUNCATED = "check: the history does not hold every transaction";

  private static void execute(String sql) throws SQLException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      statement.executeUpdate(sql);
    }
  }

  @Test
  void twoRunsInARowPassTheCheckAndABrokenAccountStillFailsIt() throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
    TpcbCli.run(POSTGRES.database(), "-c", "2", "-t", "50");
    TpcbCli.run(POSTGRES.database(), "-c", "2", "-t", "50");
    RealPgbench.Output check = TpcbCli.run(POSTGRES.database(), "--check", "-c", "2", "-t", "50");
    assertTrue(check.out().contains(TRUNCATED), check.out());
    assertTrue(check.out().contains("[ 1] PASSED  the branch balances add up"), check.out());
    assertTrue(check.out().contains("[ 5] PASSED  the account balances add up"), check.out());
    assertTrue(
        check
            .out()
            .contains(
                "[ 2] SKIPPED each account's balance is the sum of its history deltas"
                    + " (the history was truncated)"),
        check.out());
    assertTrue(
        check.out().contains("check: all 2 conditions checked hold (3 skipped)"), check.out());

    execute("UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = 17");
    RealPgbench.Output broken = TpcbCli.runExpecting(1, POSTGRES.database(), "--check");
    assertTrue(
        broken.out().contains("[ 5] FAILED  the account balances add up to the branch balances"),
        broken.out());
    assertTrue(broken.out().contains("check: 1 of 2 conditions checked FAILED"), broken.out());
  }

  @Test
  void runsOfRealPgbenchPassOurCheckAndABrokenTellerFailsIt() throws Exception {
    RealPgbench.run(POSTGRES.database(), "-i", "-s", "1", "-q");
    RealPgbench.run(POSTGRES.database(), "-c", "2", "-t", "50");
    RealPgbench.run(POSTGRES.database(), "-c", "2", "-t", "50");
    RealPgbench.Output check = TpcbCli.run(POSTGRES.database(), "--check");
    assertTrue(check.out().contains(TRUNCATED), check.out());
    assertTrue(
        check.out().contains("check: all 2 conditions checked hold (3 skipped)"), check.out());

    execute("UPDATE pgbench_tellers SET tbalance = tbalance - 3 WHERE tid = 4");
    RealPgbench.Output broken = TpcbCli.runExpecting(1, POSTGRES.database(), "--check");
    assertTrue(broken.out().contains("[ 1] FAILED  the branch balances add up"), broken.out());
  }

  @Test
  void runsThatKeepTheHistoryAreCheckedRowByRow() throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
    TpcbCli.run(POSTGRES.database(), "-n", "-c", "2", "-t", "50");
    RealPgbench.run(POSTGRES.database(), "-n", "-c", "2", "-t", "50");
    RealPgbench.Output check = TpcbCli.run(POSTGRES.database(), "--check", "-n");
    assertTrue(!check.out().contains(TRUNCATED), check.out());
    assertTrue(check.out().contains("check: all 5 conditions checked hold"), check.out());

    execute("UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = 17");
    RealPgbench.Output broken = TpcbCli.runExpecting(1, POSTGRES.database(), "--check");
    assertTrue(broken.out().contains("aid 17: balance "), broken.out());
  }
}
