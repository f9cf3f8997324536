package org.tpccpg.core.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.MissingRow;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;

/**
 * Finds a customer by last name as Payment and Order-Status do (TPC-C 2.5.2.2, 2.6.2.2): count the
 * customers with that name in the district, list them ordered by C_FIRST, and take the middle one.
 * Two reads, as in sysbench-tpcc.
 */
final class CustomerByName {
  private static final String COUNT =
      """
      SELECT count(c_id) FROM customer${set}
       WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?""";

  private final SetSql count;
  private final SetSql list;
  private final int idColumn;
  private final boolean compat;

  /**
   * @param listTemplate the listing query, with parameters (c_w_id, c_d_id, c_last) and {@code
   *     ORDER BY c_first}
   * @param idColumn the 1-based column of c_id in the listing
   */
  CustomerByName(String listTemplate, int idColumn, WorkloadShape shape) {
    this.count = new SetSql(COUNT, shape.tableSets());
    this.list = new SetSql(listTemplate, shape.tableSets());
    this.idColumn = idColumn;
    this.compat = shape.sysbenchCompat();
  }

  /** Returns C_ID of the chosen customer. */
  int find(
      Connection c, int tableSet, int warehouseId, int districtId, String last, StatementCounter n)
      throws SQLException {
    int matches;
    try (PreparedStatement statement = c.prepareStatement(count.of(tableSet))) {
      bind(statement, warehouseId, districtId, last);
      try (ResultSet rows = Counted.query(statement, n)) {
        matches = rows.next() ? rows.getInt(1) : 0;
      }
    }
    int wanted = row(matches, compat);
    int customerId = 0;
    try (PreparedStatement statement = c.prepareStatement(list.of(tableSet))) {
      bind(statement, warehouseId, districtId, last);
      try (ResultSet rows = Counted.query(statement, n)) {
        for (int i = 0; i < wanted && rows.next(); i++) {
          customerId = rows.getInt(idColumn);
        }
      }
    }
    if (customerId == 0) {
      throw MissingRow.of(
          "customer" + tableSet,
          "c_w_id " + warehouseId + ", c_d_id " + districtId + ", c_last " + last);
    }
    return customerId;
  }

  /**
   * The 1-based row to take among {@code n} customers ordered by C_FIRST: the middle one, ceil(n /
   * 2) (TPC-C 2.5.2.2). sysbench-tpcc rounds an odd n above 1 up to even and takes row n / 2 + 1,
   * one row past the middle for every n >= 2.
   */
  static int row(int n, boolean sysbenchCompat) {
    if (!sysbenchCompat) {
      return (n + 1) / 2;
    }
    int even = n > 1 && n % 2 == 1 ? n + 1 : n;
    return even / 2 + 1;
  }

  private static void bind(PreparedStatement statement, int w, int d, String last)
      throws SQLException {
    statement.setInt(1, w);
    statement.setInt(2, d);
    statement.setString(3, last);
  }
}
