package org.tpccpg.driver.tpcb.script;

import java.util.List;
import java.util.Objects;

/**
 * One result of an SQL command, as {@code \gset} and {@code \aset} see it: the column names and the
 * values of the last row as text (NULL as the empty string, as libpq's PQgetvalue gives it).
 *
 * @param rows the number of rows, or -1 for a command that returns none (INSERT, SET, ...)
 * @param columns the column names, empty for a command without rows
 * @param lastRow the last row's values, empty when there are no rows
 */
public record QueryResult(int rows, List<String> columns, List<String> lastRow) {
  public QueryResult {
    columns = List.copyOf(columns);
    lastRow = List.copyOf(lastRow);
    if (rows < -1) {
      throw new IllegalArgumentException("rows must be >= -1 but was " + rows);
    }
    if (rows > 0 && lastRow.size() != columns.size()) {
      throw new IllegalArgumentException(
          "lastRow must have " + columns.size() + " values but has " + lastRow.size());
    }
  }

  /** The result of a command that returns no rows. */
  public static QueryResult command() {
    return new QueryResult(-1, List.of(), List.of());
  }

  /** A result with rows. */
  public static QueryResult rows(int rows, List<String> columns, List<String> lastRow) {
    Objects.requireNonNull(columns, "columns");
    return new QueryResult(rows, columns, rows > 0 ? lastRow : List.of());
  }
}
