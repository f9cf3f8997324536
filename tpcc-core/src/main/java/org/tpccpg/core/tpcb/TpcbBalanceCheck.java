package org.tpccpg.core.tpcb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.tpccpg.core.check.ConditionResult.Outcome;

/**
 * Checks the {@link TpcbBalanceCondition}s of a pgbench data set in one REPEATABLE READ snapshot,
 * so that runs going on meanwhile cannot make it disagree with itself. Ends its transaction; the
 * connection's auto-commit is restored.
 *
 * <p>Whether the history is whole is read from the data, not from a record of past runs, because
 * pgbench's own runs truncate it too: every transaction adds its delta to the history and to the
 * balances it moves, so a whole history's deltas add up to the account, branch and teller balances
 * (tpcb-like) or to the account balances (when simple-update ran). A truncated history misses the
 * deltas of the runs before, and its sum differs unless those happened to add up to exactly 0. The
 * per-row conditions are skipped then; the totals still hold and are checked.
 */
public final class TpcbBalanceCheck {
  /** Offenders named per failed condition; one more tells that there are more. */
  static final int OFFENDERS_SHOWN = 5;

  /**
   * The verdict on one condition.
   *
   * @param offenders for a failure the first offenders, separated by {@code "; "} and ending in
   *     {@code "; ..."} when there are more; otherwise empty
   */
  public record Result(TpcbBalanceCondition condition, Outcome outcome, String offenders) {
    public Result {
      Objects.requireNonNull(condition, "condition");
      Objects.requireNonNull(outcome, "outcome");
      Objects.requireNonNull(offenders, "offenders");
      if ((outcome == Outcome.FAILED) == offenders.isEmpty()) {
        throw new IllegalArgumentException(
            "offenders must be given exactly when the outcome is FAILED, but outcome was "
                + outcome
                + " and offenders was \""
                + offenders
                + "\"");
      }
    }
  }

  /** The balance and history totals of the snapshot checked. */
  public record Totals(long accounts, long branches, long tellers, long history) {
    /**
     * Whether the history holds every transaction since the balances were 0: its deltas add up to
     * what the scripts that ran moved with them. tpcb-like moves all three, so one balance changed
     * behind the scripts' back leaves two sums equal to the history's and is not taken for a
     * truncation, which leaves none.
     *
     * @param simpleUpdateRan whether simple-update ran, which moves accounts but not branches and
     *     tellers
     */
    public boolean wholeHistory(boolean simpleUpdateRan) {
      if (simpleUpdateRan) {
        return history == accounts;
      }
      return history == accounts || history == branches || history == tellers;
    }
  }

  /**
   * What the check found.
   *
   * @param totals the sums the conditions compare, from the same snapshot
   * @param wholeHistory whether the history holds every transaction: when not, the per-row
   *     conditions were skipped
   * @param results one per {@link TpcbBalanceCondition}, in their order
   */
  public record Report(Totals totals, boolean wholeHistory, List<Result> results) {
    public Report {
      Objects.requireNonNull(totals, "totals");
      results = List.copyOf(results);
    }
  }

  private static final String TOTALS =
      """
      SELECT (SELECT coalesce(sum(abalance), 0) FROM pgbench_accounts),
             (SELECT coalesce(sum(bbalance), 0) FROM pgbench_branches),
             (SELECT coalesce(sum(tbalance), 0) FROM pgbench_tellers),
             (SELECT coalesce(sum(delta), 0) FROM pgbench_history)
      """;

  private TpcbBalanceCheck() {}

  /**
   * @param simpleUpdateRan whether simple-update ({@code -N}) ran on the data set: the conditions
   *     that only tpcb-like keeps are then skipped
   */
  public static Report run(Connection connection, boolean simpleUpdateRan) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    try {
      Totals totals = totals(connection);
      boolean wholeHistory = totals.wholeHistory(simpleUpdateRan);
      List<Result> results = new ArrayList<>();
      for (TpcbBalanceCondition condition : TpcbBalanceCondition.values()) {
        if ((condition.onlyTpcbLike() && simpleUpdateRan)
            || (condition.needsWholeHistory() && !wholeHistory)) {
          results.add(new Result(condition, Outcome.SKIPPED, ""));
        } else {
          String offenders = offenders(connection, condition);
          results.add(
              new Result(
                  condition, offenders.isEmpty() ? Outcome.PASSED : Outcome.FAILED, offenders));
        }
      }
      return new Report(totals, wholeHistory, results);
    } finally {
      connection.rollback(); // read only: nothing to keep
      connection.setAutoCommit(autoCommit);
    }
  }

  private static Totals totals(Connection connection) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(TOTALS);
        ResultSet row = select.executeQuery()) {
      row.next();
      return new Totals(row.getLong(1), row.getLong(2), row.getLong(3), row.getLong(4));
    }
  }

  private static String offenders(Connection connection, TpcbBalanceCondition condition)
      throws SQLException {
    String sql = condition.offendersQuery();
    List<String> found = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(sql)) {
      if (sql.contains("LIMIT ?")) {
        select.setInt(1, OFFENDERS_SHOWN + 1);
      }
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          found.add(rows.getString(1));
        }
      }
    }
    if (found.size() > OFFENDERS_SHOWN) {
      return String.join("; ", found.subList(0, OFFENDERS_SHOWN)) + "; ...";
    }
    return String.join("; ", found);
  }
}
