package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.tpccpg.core.check.ConditionResult.Outcome;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.core.tpcb.TpcbBalanceCheck;
import org.tpccpg.driver.check.CheckReport;

/**
 * {@code tpcb --check}: the balance conditions of a pgbench data set, printed as {@code check}
 * prints TPC-C's. The run's script options say which conditions apply: after simple-update ({@code
 * -N}), tellers and branches no longer match the history.
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
    List<TpcbBalanceCheck.Result> results;
    try (Connection connection = connections.open()) {
      TpcbDatabase database = TpcbDatabase.inspect(connection, databaseName);
      out.println("check: pgbench tables at scale " + database.scale() + ", on " + target);
      out.flush();
      results = TpcbBalanceCheck.run(connection, simpleUpdateRan);
    }
    List<CheckReport.Line> lines = new ArrayList<>();
    for (TpcbBalanceCheck.Result r : results) {
      String note =
          r.outcome() == Outcome.SKIPPED
              ? "simple-update (-N) inserts history without updating tellers and branches"
              : "";
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
}
