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

  private TpcbBalanceCheck() {}

  /**
   * @param simpleUpdateRan whether simple-update ({@code -N}) ran on the data set: the conditions
   *     that only tpcb-like keeps are then skipped
   */
  public static List<Result> run(Connection connection, boolean simpleUpdateRan)
      throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    try {
      List<Result> results = new ArrayList<>();
      for (TpcbBalanceCondition condition : TpcbBalanceCondition.values()) {
        if (condition.onlyTpcbLike() && simpleUpdateRan) {
          results.add(new Result(condition, Outcome.SKIPPED, ""));
        } else {
          String offenders = offenders(connection, condition);
          results.add(
              new Result(
                  condition, offenders.isEmpty() ? Outcome.PASSED : Outcome.FAILED, offenders));
        }
      }
      return results;
    } finally {
      connection.rollback(); // read only: nothing to keep
      connection.setAutoCommit(autoCommit);
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
