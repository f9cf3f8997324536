package org.tpccpg.core.tpcc.batched;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.MissingRow;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.OrderStatusInput;
import org.tpccpg.core.tpcc.OrderStatusResult;
import org.tpccpg.core.tpcc.WorkloadShape;

/**
 * Order-Status (TPC-C 2.6.2) in one round trip: one query finds the customer (by id, or by name as
 * the middle of those with the last name ordered by C_FIRST), the customer's latest order and its
 * lines, one row per line. A customer without orders gives one row without an order. Read-only;
 * stateless once built; safe to share between threads.
 */
final class BatchedOrderStatus {
  private static final String BY_ID =
      """
      SELECT c_id, c_balance, c_first, c_middle, c_last FROM customer${set}
       WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?""";
  private static final String BY_NAME =
      """
      SELECT c_id, c_balance, c_first, c_middle, c_last
        FROM (SELECT c_id, c_balance, c_first, c_middle, c_last,
                     row_number() OVER (ORDER BY c_first) AS r, count(*) OVER () AS n
                FROM customer${set}
               WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?) AS named
       WHERE r = (n + 1) / 2""";
  private static final String ORDER_STATUS =
      """
      WITH c AS (${customer}),
           o AS (
             SELECT o_id, o_carrier_id, o_entry_d FROM orders${set}
              WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = (SELECT c_id FROM c)
              ORDER BY o_id DESC LIMIT 1)
      SELECT c.c_id, o.o_id, ol.ol_number, ol.ol_i_id, ol.ol_supply_w_id, ol.ol_quantity,
             ol.ol_amount, ol.ol_delivery_d
        FROM c
        LEFT JOIN o ON true
        LEFT JOIN order_line${set} AS ol
          ON ol.ol_w_id = ? AND ol.ol_d_id = ? AND ol.ol_o_id = o.o_id""";

  private final SetSql byId;
  private final SetSql byName;

  BatchedOrderStatus(WorkloadShape shape) {
    byId = new SetSql(ORDER_STATUS.replace("${customer}", BY_ID), shape.tableSets());
    byName = new SetSql(ORDER_STATUS.replace("${customer}", BY_NAME), shape.tableSets());
  }

  OrderStatusResult execute(Connection c, OrderStatusInput in, StatementCounter counter)
      throws SQLException {
    int w = in.warehouseId();
    int d = in.districtId();
    try (PreparedStatement s =
        c.prepareStatement((in.byName() ? byName : byId).of(in.tableSet()))) {
      int p = 1;
      s.setInt(p++, w);
      s.setInt(p++, d);
      if (in.byName()) {
        s.setString(p++, in.customerLastName());
      } else {
        s.setInt(p++, in.customerId());
      }
      s.setInt(p++, w);
      s.setInt(p++, d);
      s.setInt(p++, w);
      s.setInt(p, d);
      try (ResultSet rows = Counted.query(s, counter)) {
        if (!rows.next()) {
          throw MissingRow.of(
              "customer" + in.tableSet(),
              "c_w_id "
                  + w
                  + ", c_d_id "
                  + d
                  + (in.byName()
                      ? ", c_last " + in.customerLastName()
                      : ", c_id " + in.customerId()));
        }
        int customerId = rows.getInt(1);
        int orderId = rows.getInt(2);
        int lines = 0;
        do {
          rows.getInt(3);
          lines += rows.wasNull() ? 0 : 1;
        } while (rows.next());
        return new OrderStatusResult(customerId, orderId, lines);
      }
    }
  }
}
