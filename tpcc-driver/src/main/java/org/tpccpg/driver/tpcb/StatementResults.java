package org.tpccpg.driver.tpcb;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.tpccpg.driver.tpcb.script.QueryResult;

/** The results of an executed statement as {@code \gset} and {@code \aset} see them. */
final class StatementResults {
  private StatementResults() {}

  /** Every result of the command, as {@code \gset} and {@code \aset} read them. */
  static List<QueryResult> read(Statement statement, boolean firstHasRows) throws SQLException {
    List<QueryResult> results = new ArrayList<>();
    boolean rows = firstHasRows;
    while (true) {
      if (rows) {
        try (ResultSet r = statement.getResultSet()) {
          int count = r.getMetaData().getColumnCount();
          List<String> columns = new ArrayList<>();
          for (int i = 1; i <= count; i++) {
            columns.add(r.getMetaData().getColumnLabel(i));
          }
          List<String> last = List.of();
          int n = 0;
          while (r.next()) {
            n++;
            List<String> values = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
              String v = r.getString(i);
              values.add(v == null ? "" : v); // libpq's PQgetvalue gives "" for NULL
            }
            last = values;
          }
          results.add(QueryResult.rows(n, columns, last));
        }
      } else if (statement.getUpdateCount() >= 0) {
        results.add(QueryResult.command());
      } else {
        return results;
      }
      rows = statement.getMoreResults();
    }
  }
}
