package org.tpccpg.core.tpcc.batched;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tpccpg.core.schema.TpccTable;

/**
 * Test helper: compares a table of one table set in two databases row by row, as multisets of rows.
 * Columns set by {@code now()} are compared only as null or not null; C_DATA has the epoch second
 * that Payment writes into it (sysbench-tpcc's layout) masked, since the two runs do not share a
 * clock.
 */
final class TableContents {
  /** Column expressions standing in for the columns that carry the time of the run. */
  private static final Map<String, String> MASKED =
      Map.of(
          "o_entry_d",
          "o_entry_d IS NULL",
          "h_date",
          "h_date IS NULL",
          "ol_delivery_d",
          "ol_delivery_d IS NULL",
          "c_data",
          "regexp_replace(c_data, '(\\$ *[0-9]+\\.[0-9]{2}) +[0-9]+ ', '\\1 <epoch> ', 'g')");

  private TableContents() {}

  /**
   * Describes how {@code table} differs between {@code a} and {@code b}: empty when both hold the
   * same rows, otherwise the row count and up to five rows found on one side only.
   */
  static String difference(Connection a, Connection b, int set, TpccTable table)
      throws SQLException {
    String rows = rowsQuery(set, table);
    String digest =
        "SELECT count(*) || ' rows, ' || md5(string_agg(h, '' ORDER BY h COLLATE \"C\")) FROM ("
            + rows
            + ") AS r";
    String digestA = single(a, digest);
    String digestB = single(b, digest);
    if (digestA.equals(digestB)) {
      return "";
    }
    List<String[]> rowsA = rows(a, rows + " ORDER BY h COLLATE \"C\"");
    List<String[]> rowsB = rows(b, rows + " ORDER BY h COLLATE \"C\"");
    List<String> onlyA = new ArrayList<>();
    List<String> onlyB = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < rowsA.size() || j < rowsB.size()) {
      int order =
          i == rowsA.size()
              ? 1
              : j == rowsB.size() ? -1 : rowsA.get(i)[0].compareTo(rowsB.get(j)[0]);
      if (order == 0) {
        i++;
        j++;
      } else if (order < 0) {
        onlyA.add(rowsA.get(i++)[1]);
      } else {
        onlyB.add(rowsB.get(j++)[1]);
      }
    }
    return table.nameInSet(set)
        + ": "
        + digestA
        + " against "
        + digestB
        + "; only in the first: "
        + first(onlyA)
        + "; only in the second: "
        + first(onlyB);
  }

  private static String rowsQuery(int set, TpccTable table) {
    List<String> columns = new ArrayList<>();
    for (String column : table.columns()) {
      columns.add(MASKED.getOrDefault(column, column));
    }
    String row = "ROW(" + String.join(", ", columns) + ")::text";
    return "SELECT md5(" + row + ") AS h, " + row + " AS t FROM " + table.nameInSet(set);
  }

  private static String single(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getString(1);
    }
  }

  /**
   * (hash, row) pairs in the order of the hashes, which is the same on both sides (COLLATE "C").
   */
  private static List<String[]> rows(Connection c, String sql) throws SQLException {
    List<String[]> rows = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      while (r.next()) {
        rows.add(new String[] {r.getString(1), r.getString(2)});
      }
    }
    return rows;
  }

  private static String first(List<String> rows) {
    return rows.size() <= 5
        ? rows.toString()
        : rows.subList(0, 5) + " and " + (rows.size() - 5) + " more";
  }
}
