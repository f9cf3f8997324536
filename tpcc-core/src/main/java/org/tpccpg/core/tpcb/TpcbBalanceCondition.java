package org.tpccpg.core.tpcb;

/**
 * The balance conditions a pgbench data set keeps through any number of runs of the builtin
 * scripts, starting from {@code tpcb -i} (every balance 0, no history). TPC-B's own consistency
 * conditions tie each teller and account to its branch; pgbench's scripts pick the account, teller
 * and branch independently, so only the conditions below hold. The totals (1 and 5) hold whatever
 * happened to the history; the per-row conditions (2 to 4) only while the history holds every
 * transaction since the balances were 0, which each run's vacuum step ends by truncating it. Each
 * query returns one text row per offender.
 */
public enum TpcbBalanceCondition {
  /** tpcb-like updates a teller and a branch by the same delta; simple-update touches neither. */
  BRANCHES_EQUAL_TELLERS(
      1,
      "the branch balances add up to the teller balances",
      totalsThatDiffer(
          "branches", "pgbench_branches", "bbalance", "tellers", "pgbench_tellers", "tbalance"),
      false,
      false),
  /** Both writing scripts update one account and insert its delta into the history. */
  ACCOUNTS_MATCH_HISTORY(
      2,
      "each account's balance is the sum of its history deltas",
      rowsUnlikeHistory("pgbench_accounts", "aid", "abalance"),
      false,
      true),
  /** Only tpcb-like updates the branch it writes into the history. */
  BRANCHES_MATCH_HISTORY(
      3,
      "each branch's balance is the sum of its history deltas",
      rowsUnlikeHistory("pgbench_branches", "bid", "bbalance"),
      true,
      true),
  /** Only tpcb-like updates the teller it writes into the history. */
  TELLERS_MATCH_HISTORY(
      4,
      "each teller's balance is the sum of its history deltas",
      rowsUnlikeHistory("pgbench_tellers", "tid", "tbalance"),
      true,
      true),
  /**
   * tpcb-like moves an account and a branch by the same delta, so the totals agree however often
   * the history was truncated; simple-update moves the account alone.
   */
  ACCOUNTS_EQUAL_BRANCHES(
      5,
      "the account balances add up to the branch balances",
      totalsThatDiffer(
          "accounts", "pgbench_accounts", "abalance", "branches", "pgbench_branches", "bbalance"),
      true,
      false);

  /**
   * One row naming both totals when the balances of two tables do not add up to the same total. The
   * names are pgbench's, fixed here.
   */
  private static String totalsThatDiffer(
      String label1,
      String table1,
      String balance1,
      String label2,
      String table2,
      String balance2) {
    return """
        SELECT '%1$s ' || x.total || ', %4$s ' || y.total
          FROM (SELECT coalesce(sum(%3$s), 0) AS total FROM %2$s) x,
               (SELECT coalesce(sum(%6$s), 0) AS total FROM %5$s) y
         WHERE x.total <> y.total
        """
        .formatted(label1, table1, balance1, label2, table2, balance2);
  }

  /**
   * The rows of {@code table} whose balance differs from the sum of the history deltas with their
   * key, in key order, at most {@code LIMIT ?}. The names are pgbench's, fixed here.
   *
   * <p>The join is planned for all rows ({@code OFFSET 0} keeps the LIMIT out of it): planned with
   * the LIMIT, a {@code <>} filter the planner expects nearly every row to pass makes a nested loop
   * over the key-ordered index look cheap, and that loop reads the whole aggregated history again
   * for each of the table's rows when, as in a sound data set, none passes: over 40 s of one core
   * at scale 1 with 40,000 history rows (TpcbBalanceCheckIT), chosen or not by a hair of the
   * history's statistics.
   */
  private static String rowsUnlikeHistory(String table, String key, String balance) {
    return """
        SELECT line
          FROM (SELECT r.%2$s AS id,
                       '%2$s ' || r.%2$s || ': balance ' || r.%3$s
                         || ', history ' || coalesce(h.delta, 0) AS line
                  FROM %1$s r
                  LEFT JOIN (SELECT %2$s, sum(delta) AS delta
                               FROM pgbench_history GROUP BY %2$s) h
                    ON h.%2$s = r.%2$s
                 WHERE r.%3$s <> coalesce(h.delta, 0)
                OFFSET 0) unlike
         ORDER BY id
         LIMIT ?
        """
        .formatted(table, key, balance);
  }

  private final int number;
  private final String description;
  private final String offendersQuery;
  private final boolean onlyTpcbLike;
  private final boolean needsWholeHistory;

  TpcbBalanceCondition(
      int number,
      String description,
      String offendersQuery,
      boolean onlyTpcbLike,
      boolean needsWholeHistory) {
    this.number = number;
    this.description = description;
    this.offendersQuery = offendersQuery;
    this.onlyTpcbLike = onlyTpcbLike;
    this.needsWholeHistory = needsWholeHistory;
  }

  public int number() {
    return number;
  }

  public String description() {
    return description;
  }

  /**
   * Whether the condition holds only when every writing run was tpcb-like: simple-update ({@code
   * -N}) inserts history rows without updating tellers and branches.
   */
  public boolean onlyTpcbLike() {
    return onlyTpcbLike;
  }

  /**
   * Whether the condition holds only while the history holds every transaction since the balances
   * were 0: a truncated history has lost the deltas that made up the balances before.
   */
  public boolean needsWholeHistory() {
    return needsWholeHistory;
  }

  /** The offenders, one text row each; a {@code LIMIT ?} parameter when it has one. */
  String offendersQuery() {
    return offendersQuery;
  }
}
