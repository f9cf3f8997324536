package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.STOCK_LEVEL_ORDERS;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.MissingRow;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;

/**
 * The Stock-Level transaction (TPC-C 2.8.2), read-only, with sysbench-tpcc's two statements: read
 * D_NEXT_O_ID, then count the distinct items of the last 20 orders whose stock is below the
 * threshold. Reads 2, no writes; the same in both modes. Stateless once built; safe to share
 * between threads.
 */
final class StockLevel {
  private static final String NEXT_ORDER_ID =
      """
      SELECT d_next_o_id FROM district${set} WHERE d_id = ? AND d_w_id = ?""";
  private static final String LOW_STOCK =
      """
      SELECT count(DISTINCT s_i_id) FROM order_line${set}, stock${set}
       WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ?
         AND s_w_id = ? AND s_i_id = ol_i_id AND s_quantity < ?""";

  private final SetSql nextOrderId;
  private final SetSql lowStock;

  /** Renders the statements for every table set of {@code shape}. */
  public StockLevel(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    nextOrderId = new SetSql(NEXT_ORDER_ID, shape.tableSets());
    lowStock = new SetSql(LOW_STOCK, shape.tableSets());
  }

  /**
   * Runs the Stock-Level's statements on {@code c}, in the caller's transaction.
   *
   * @throws SQLException on a database error, or (SQLSTATE 02000) when the district is missing
   */
  public StockLevelResult execute(Connection c, StockLevelInput in, StatementCounter counter)
      throws SQLException {
    int next;
    try (PreparedStatement s = c.prepareStatement(nextOrderId.of(in.tableSet()))) {
      s.setInt(1, in.districtId());
      s.setInt(2, in.warehouseId());
      try (ResultSet rows = Counted.query(s, counter)) {
        if (!rows.next()) {
          throw MissingRow.of(
              "district" + in.tableSet(), "w_id " + in.warehouseId() + ", d_id " + in.districtId());
        }
        next = rows.getInt(1);
      }
    }
    try (PreparedStatement s = c.prepareStatement(lowStock.of(in.tableSet()))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, next);
      s.setInt(4, next - STOCK_LEVEL_ORDERS);
      s.setInt(5, in.warehouseId());
      s.setInt(6, in.threshold());
      try (ResultSet rows = Counted.query(s, counter)) {
        return new StockLevelResult(rows.next() ? rows.getInt(1) : 0);
      }
    }
  }
}
