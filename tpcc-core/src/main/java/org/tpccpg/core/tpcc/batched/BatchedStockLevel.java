package org.tpccpg.core.tpcc.batched;

import static org.tpccpg.core.spec.TpccConstants.STOCK_LEVEL_ORDERS;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.MissingRow;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.StockLevelInput;
import org.tpccpg.core.tpcc.StockLevelResult;
import org.tpccpg.core.tpcc.WorkloadShape;

/**
 * Stock-Level (TPC-C 2.8.2) in one round trip: one query reads D_NEXT_O_ID and counts the distinct
 * items of the district's last 20 orders whose stock is below the threshold. No row means no
 * district. Read-only; stateless once built; safe to share between threads.
 */
final class BatchedStockLevel {
  private static final String STOCK_LEVEL =
      """
      SELECT (SELECT count(DISTINCT s_i_id) FROM order_line${set}, stock${set}
               WHERE ol_w_id = d_w_id AND ol_d_id = d_id
                 AND ol_o_id < d_next_o_id AND ol_o_id >= d_next_o_id - ${orders}
                 AND s_w_id = d_w_id AND s_i_id = ol_i_id AND s_quantity < ?)
        FROM district${set} WHERE d_w_id = ? AND d_id = ?""";

  private final SetSql stockLevel;

  BatchedStockLevel(WorkloadShape shape) {
    stockLevel =
        new SetSql(
            STOCK_LEVEL.replace("${orders}", Integer.toString(STOCK_LEVEL_ORDERS)),
            shape.tableSets());
  }

  StockLevelResult execute(Connection c, StockLevelInput in, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(stockLevel.of(in.tableSet()))) {
      s.setInt(1, in.threshold());
      s.setInt(2, in.warehouseId());
      s.setInt(3, in.districtId());
      try (ResultSet rows = Counted.query(s, counter)) {
        if (!rows.next()) {
          throw MissingRow.of(
              "district" + in.tableSet(), "w_id " + in.warehouseId() + ", d_id " + in.districtId());
        }
        return new StockLevelResult(rows.getInt(1));
      }
    }
  }
}
