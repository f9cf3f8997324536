package org.tpccpg.core.tpcb;

/**
 * The SQL statements of pgbench's builtin scripts, with {@code ?} where pgbench has {@code :aid},
 * {@code :delta} and so on. The texts are pgbench's, so that the server sees the same queries.
 */
public enum TpcbStatement {
  UPDATE_ACCOUNT("UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?"),
  SELECT_BALANCE("SELECT abalance FROM pgbench_accounts WHERE aid = ?"),
  UPDATE_TELLER("UPDATE pgbench_tellers SET tbalance = tbalance + ? WHERE tid = ?"),
  UPDATE_BRANCH("UPDATE pgbench_branches SET bbalance = bbalance + ? WHERE bid = ?"),
  INSERT_HISTORY(
      "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime)"
          + " VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)");

  private final String sql;

  TpcbStatement(String sql) {
    this.sql = sql;
  }

  public String sql() {
    return sql;
  }
}
