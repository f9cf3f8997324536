package org.tpccpg.driver.tpcb;

import org.tpccpg.core.tpcb.TpcbStatement;

/**
 * One line of a pgbench builtin script, as {@code -r} lists it: a {@code \set}, {@code BEGIN;}, one
 * of the {@link TpcbStatement}s, or {@code END;}.
 */
public enum ScriptCommand {
  SET_AID("\\set aid random(1, 100000 * :scale)", null),
  SET_BID("\\set bid random(1, 1 * :scale)", null),
  SET_TID("\\set tid random(1, 10 * :scale)", null),
  SET_DELTA("\\set delta random(-5000, 5000)", null),
  BEGIN("BEGIN;", null),
  UPDATE_ACCOUNT(
      "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;",
      TpcbStatement.UPDATE_ACCOUNT),
  SELECT_BALANCE(
      "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;", TpcbStatement.SELECT_BALANCE),
  UPDATE_TELLER(
      "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;",
      TpcbStatement.UPDATE_TELLER),
  UPDATE_BRANCH(
      "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;",
      TpcbStatement.UPDATE_BRANCH),
  INSERT_HISTORY(
      "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime)"
          + " VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);",
      TpcbStatement.INSERT_HISTORY),
  END("END;", null);

  private final String text;
  private final TpcbStatement statement;

  ScriptCommand(String text, TpcbStatement statement) {
    this.text = text;
    this.statement = statement;
  }

  /** The line as pgbench prints it under {@code statement latencies}. */
  public String text() {
    return text;
  }

  /** The SQL statement this line runs, or null for {@code \set}, BEGIN and END. */
  public TpcbStatement statement() {
    return statement;
  }
}
