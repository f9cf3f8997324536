package org.tpccpg.core.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.check.ConditionResult.Outcome;
import org.tpccpg.testkit.PostgresFixture;

/** The balance check on a scale-1 pgbench data set, before and after the balances are broken. */
class TpcbBalanceCheckIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static void execute(String... statements) throws SQLException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  /** A fresh data set, then two tpcb-like transactions' worth of updates. */
  @BeforeEach
  void freshDataSetWithTwoTransactions() throws SQLException {
    TpcbSchema schema = new TpcbSchema(TpcbLayout.defaults(1));
    execute(schema.dropTables().toArray(String[]::new));
    execute(schema.createTables().toArray(String[]::new));
    execute(schema.generateOnServer().toArray(String[]::new));
    for (int[] txn : new int[][] {{7, 3, 1, 25}, {99_000, 10, 1, -4}}) {
      int aid = txn[0];
      int tid = txn[1];
      int bid = txn[2];
      int delta = txn[3];
      execute(
          "UPDATE pgbench_accounts SET abalance = abalance + " + delta + " WHERE aid = " + aid,
          "UPDATE pgbench_tellers SET tbalance = tbalance + " + delta + " WHERE tid = " + tid,
          "UPDATE pgbench_branches SET bbalance = bbalance + " + delta + " WHERE bid = " + bid,
          "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ("
              + tid
              + ", "
              + bid
              + ", "
              + aid
              + ", "
              + delta
              + ", now())");
    }
  }

  private static List<TpcbBalanceCheck.Result> check(boolean simpleUpdateRan) throws SQLException {
    try (Connection connection = POSTGRES.database().connect()) {
      List<TpcbBalanceCheck.Result> results = TpcbBalanceCheck.run(connection, simpleUpdateRan);
      assertTrue(connection.getAutoCommit(), "auto-commit restored");
      return results;
    }
  }

  private static Outcome outcome(List<TpcbBalanceCheck.Result> results, TpcbBalanceCondition c) {
    return results.get(c.ordinal()).outcome();
  }

  @Test
  void consistentBalancesPassEveryCondition() throws SQLException {
    List<TpcbBalanceCheck.Result> results = check(false);
    assertEquals(4, results.size());
    for (TpcbBalanceCheck.Result result : results) {
      assertEquals(Outcome.PASSED, result.outcome(), result.toString());
    }
  }

  @Test
  void anAccountUpdatedWithoutHistoryFailsTheAccountConditionNamingIt() throws SQLException {
    execute("UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = 7");
    List<TpcbBalanceCheck.Result> results = check(false);
    TpcbBalanceCheck.Result accounts =
        results.get(TpcbBalanceCondition.ACCOUNTS_MATCH_HISTORY.ordinal());
    assertEquals(Outcome.FAILED, accounts.outcome());
    assertEquals("aid 7: balance 26, history 25", accounts.offenders());
    assertEquals(Outcome.PASSED, outcome(results, TpcbBalanceCondition.BRANCHES_EQUAL_TELLERS));
  }

  @Test
  void manyOffendersAreCutAfterFive() throws SQLException {
    execute("UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid <= 10");
    String offenders =
        check(false).get(TpcbBalanceCondition.ACCOUNTS_MATCH_HISTORY.ordinal()).offenders();
    assertEquals(6, offenders.split("; ").length, offenders);
    assertTrue(offenders.endsWith("; ..."), offenders);
  }

  @Test
  void aBranchUpdateAloneBreaksTheBranchConditions() throws SQLException {
    execute("UPDATE pgbench_branches SET bbalance = bbalance - 5 WHERE bid = 1");
    List<TpcbBalanceCheck.Result> results = check(false);
    assertEquals(Outcome.FAILED, outcome(results, TpcbBalanceCondition.BRANCHES_EQUAL_TELLERS));
    assertEquals(
        "branches 16, tellers 21",
        results.get(TpcbBalanceCondition.BRANCHES_EQUAL_TELLERS.ordinal()).offenders());
    assertEquals(Outcome.FAILED, outcome(results, TpcbBalanceCondition.BRANCHES_MATCH_HISTORY));
    assertEquals(Outcome.PASSED, outcome(results, TpcbBalanceCondition.TELLERS_MATCH_HISTORY));
  }

  @Test
  void afterSimpleUpdateTheTellerAndBranchHistoryConditionsAreSkipped() throws SQLException {
    // What simple-update does: account and history, no teller or branch.
    execute(
        "UPDATE pgbench_accounts SET abalance = abalance + 9 WHERE aid = 5",
        "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (2, 1, 5, 9, now())");
    List<TpcbBalanceCheck.Result> strict = check(false);
    assertEquals(Outcome.FAILED, outcome(strict, TpcbBalanceCondition.BRANCHES_MATCH_HISTORY));
    List<TpcbBalanceCheck.Result> results = check(true);
    assertEquals(Outcome.PASSED, outcome(results, TpcbBalanceCondition.BRANCHES_EQUAL_TELLERS));
    assertEquals(Outcome.PASSED, outcome(results, TpcbBalanceCondition.ACCOUNTS_MATCH_HISTORY));
    assertEquals(Outcome.SKIPPED, outcome(results, TpcbBalanceCondition.BRANCHES_MATCH_HISTORY));
    assertEquals(Outcome.SKIPPED, outcome(results, TpcbBalanceCondition.TELLERS_MATCH_HISTORY));
  }
}
