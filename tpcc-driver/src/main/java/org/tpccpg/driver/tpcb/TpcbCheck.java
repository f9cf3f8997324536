package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.tpccpg.core.check.ConditionResult.Outcome;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.tpcb.TpcbBalanceCheck;
import org.tpccpg.driver.check.CheckReport;

/**
 * {@code tpcb --check}: the balance conditions of a pgbench data set, printed as {@code check}
 * prints TPC-C's. The run's script options say which conditions apply: after simple-update ({@code
 * -N}), tellers and branches no longer match the history. The data say whether the history was
 * truncated since the balances were 0 (by a run's vacuum step, ours or pgbench's): the per-row
 * conditions are then skipped, with a line saying why.
 */
public final class TpcbCheck {
  private TpcbCheck() {}

  /**
   * @param scripts the scripts the runs used
   * @param target how the header names the server, without a password
   * @return 0 when every condition checked holds, 1 otherwise
   * @throws SQLException with pgbench's message when the tables are missing
   */
  public static int run(
      ConnectionFactory connections,
      String databaseName,
      List<WeightedScript> scripts,
      String target,
      PrintWriter out)
      throws SQLException {
    boolean simpleUpdateRan =
        scripts.stream().anyMatch(s -> s.script() == BuiltinScript.SIMPLE_UPDATE && s.weight() > 0);
    TpcbBalanceCheck.Report report;
    try (Connection connection = connections.open()) {
      TpcbDatabase database = TpcbDatabase.inspect(connection, databaseName);
      out.println("check: pgbench tables at scale " + database.scale() + ", on " + target);
      out.flush();
      report = TpcbBalanceCheck.run(connection, simpleUpdateRan);
    }
    if (!report.wholeHistory()) {
      out.println(truncatedHistory(report.totals(), simpleUpdateRan));
    }
    List<CheckReport.Line> lines = new ArrayList<>();
    for (TpcbBalanceCheck.Result r : report.results()) {
      String note = r.outcome() == Outcome.SKIPPED ? skipNote(r, simpleUpdateRan) : "";
      lines.add(
          new CheckReport.Line(
              r.condition().number(),
              r.outcome(),
              r.condition().description(),
              note,
              r.offenders()));
    }
    return CheckReport.print(lines, out);
  }

  /** Why the per-row conditions are skipped, with the totals that tell. */
  private static String truncatedHistory(TpcbBalanceCheck.Totals totals, boolean simpleUpdateRan) {
    return "check: the history does not hold every transaction (its deltas add up to "
        + totals.history()
        + ", the account balances to "
        + totals.accounts()
        + (simpleUpdateRan
            ? ""
            : ", the branch balances to "
                + totals.branches()
                + ", the teller balances to "
                + totals.tellers())
        + "): a run's vacuum step truncated it, as pgbench's does (-n keeps it), so the balances"
        + " cannot be checked row by row";
  }

  private static String skipNote(TpcbBalanceCheck.Result r, boolean simpleUpdateRan) {
    if (r.condition().onlyTpcbLike() && simpleUpdateRan) {
      return r.condition().needsWholeHistory()
          ? "simple-update (-N) inserts history without updating tellers and branches"
          : "simple-update (-N) updates accounts without updating branches";
    }
    return "the history was truncated";
  }
}
