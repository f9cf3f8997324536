package org.tpccpg.core.tpcc.batched;

import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.MissingRow;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.NewOrderResult;
import org.tpccpg.core.tpcc.WorkloadShape;

/**
 * New-Order (TPC-C 2.4.2) in two round trips. The first statement reads the customer and warehouse,
 * advances D_NEXT_O_ID, inserts ORDER and NEW-ORDER, reads all items with one {@code = ANY} and
 * locks the stock rows of the lines before the first unused item, sorted; the second updates those
 * stock rows and inserts their order lines. The client computes the new quantities and amounts
 * between the two, as the statements style does.
 *
 * <p>Lock order is the statements style's: the district row first, then the stock rows by (item,
 * warehouse), which is the input's line order. The CTEs make it so: the district UPDATE runs only
 * when the customer exists, and the stock rows to lock ({@code k}) come from a join with its
 * RETURNING row, so no stock row is locked before the district. The district row is locked by its
 * UPDATE (the statements style locks it FOR UPDATE first, then updates it).
 *
 * <p>The stock rows are picked by comparing them with arrays computed once ({@code k}, read through
 * scalar subqueries), not by a join or {@code IN} with the lines: a row another transaction updated
 * is rechecked under READ COMMITTED (EvalPlanQual) after that transaction commits, and PostgreSQL
 * 18.1 rechecks a row reached through a parameterized nested loop (the plan of that join) against
 * another line's item, so the recheck failed and the updated stock row was left out (no stock row
 * for a line, TPC-C 2.4.2.2); 17 and older kept it. Compared with values fixed for the statement,
 * the recheck has no outer row to get wrong. The warehouses and the items, each {@code = ANY}, make
 * the primary key's index probe only their combinations (one or two warehouses by fifteen items at
 * most; the item alone would fetch the item's row in every warehouse); a stock row's key {@code
 * s_w_id << 32 | s_i_id}, one bigint per (warehouse, item) pair, then keeps only the order's pairs.
 *
 * <p>Never commits, rolls back or retries; the caller rolls back when the result asks for it.
 * Stateless once built; safe to share between threads.
 */
final class BatchedNewOrder {
  private static final String HEAD_AND_STOCK =
      """
      WITH cw AS (
             SELECT true AS found, c_discount, c_last, c_credit, w_tax
               FROM customer${set}, warehouse${set}
              WHERE w_id = ? AND c_w_id = w_id AND c_d_id = ? AND c_id = ?),
           d AS (
             UPDATE district${set} SET d_next_o_id = d_next_o_id + 1
              WHERE d_w_id = ? AND d_id = ? AND EXISTS (SELECT FROM cw)
             RETURNING d_next_o_id - 1 AS o_id, d_tax),
           o AS (
             INSERT INTO orders${set} (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt,
                                       o_all_local)
             SELECT o_id, ?, ?, ?, now(), ?, ? FROM d),
           n AS (
             INSERT INTO new_orders${set} (no_o_id, no_d_id, no_w_id) SELECT o_id, ?, ? FROM d),
           l AS (
             SELECT * FROM unnest(?::int[], ?::int[]) WITH ORDINALITY AS l (i_id, w_id, n)),
           i AS (
             SELECT i_id, i_price FROM item${set} WHERE i_id = ANY (?::int[])),
           cut AS (
             SELECT coalesce(min(l.n), 2147483647) AS n FROM l
              WHERE l.i_id NOT IN (SELECT i.i_id FROM i)),
           k AS (
             SELECT array_agg(DISTINCT l.w_id) AS warehouses, array_agg(l.i_id) AS items,
                    array_agg((l.w_id::bigint << 32) | l.i_id) AS keys
               FROM l, cut, d WHERE l.n < cut.n),
           s AS (
             SELECT s_i_id, s_w_id, s_quantity, s_dist_${district} AS dist FROM stock${set}
              WHERE s_w_id = ANY ((SELECT k.warehouses FROM k)::int[])
                AND s_i_id = ANY ((SELECT k.items FROM k)::int[])
                AND ((s_w_id::bigint << 32) | s_i_id) = ANY ((SELECT k.keys FROM k)::bigint[])
              ORDER BY s_i_id, s_w_id FOR UPDATE)
      SELECT h.found, h.o_id, l.n, i.i_price, s.s_quantity, s.dist, s.s_i_id
        FROM l
       CROSS JOIN (SELECT coalesce(cw.found, false) AS found, d.o_id
                     FROM (SELECT) AS one LEFT JOIN cw ON true LEFT JOIN d ON true) AS h
        LEFT JOIN i ON i.i_id = l.i_id
        LEFT JOIN s ON s.s_i_id = l.i_id AND s.s_w_id = l.w_id
       ORDER BY l.n""";
  // TPC-C 2.4.2.2 maintains S_YTD, S_ORDER_CNT and S_REMOTE_CNT (batched follows TPC-C only).
  private static final String LINES =
      """
      WITH u AS (
             UPDATE stock${set}
                SET s_quantity = v.quantity, s_ytd = s_ytd + v.ytd,
                    s_order_cnt = s_order_cnt + v.orders, s_remote_cnt = s_remote_cnt + v.remote
               FROM unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::int[], ?::int[])
                    AS v (i_id, w_id, quantity, ytd, orders, remote)
              WHERE s_i_id = v.i_id AND s_w_id = v.w_id)
      INSERT INTO order_line${set} (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
                                    ol_quantity, ol_amount, ol_dist_info)
      SELECT ?, ?, ?, v.n, v.i_id, v.w_id, v.quantity, v.amount, v.dist
        FROM unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::numeric[], ?::text[])
             AS v (n, i_id, w_id, quantity, amount, dist)""";

  private final SetSql[] headByDistrict = new SetSql[DISTRICTS_PER_WAREHOUSE];
  private final SetSql lines;

  BatchedNewOrder(WorkloadShape shape) {
    for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
      String column = (d < 10 ? "0" : "") + d;
      headByDistrict[d - 1] =
          new SetSql(HEAD_AND_STOCK.replace("${district}", column), shape.tableSets());
    }
    lines = new SetSql(LINES, shape.tableSets());
  }

  NewOrderResult execute(Connection c, NewOrderInput in, StatementCounter counter)
      throws SQLException {
    int count = in.orderLineCount();
    long[] priceCents = new long[count];
    int[] quantity = new int[count];
    String[] dist = new String[count];
    int orderId = 0;
    int written = count;
    try (PreparedStatement s =
        c.prepareStatement(headByDistrict[in.districtId() - 1].of(in.tableSet()))) {
      bindHead(c, s, in);
      try (ResultSet rows = Counted.query(s, counter)) {
        for (int i = 0; rows.next(); i++) {
          if (!rows.getBoolean(1)) {
            throw MissingRow.of("customer" + in.tableSet(), key(in) + ", c_id " + in.customerId());
          }
          orderId = rows.getInt(2);
          if (rows.wasNull()) {
            throw MissingRow.of("district" + in.tableSet(), key(in));
          }
          if (i >= written) {
            continue;
          }
          BigDecimal price = rows.getBigDecimal(4);
          if (price == null) {
            written = i; // TPC-C 2.4.2.3: an unused item ends the order, which is rolled back
            continue;
          }
          priceCents[i] = price.movePointRight(2).longValueExact();
          quantity[i] = rows.getInt(5);
          dist[i] = rows.getString(6);
          rows.getInt(7);
          if (rows.wasNull()) {
            throw MissingRow.of(
                "stock" + in.tableSet(),
                "s_i_id " + in.itemId(i) + ", s_w_id " + in.supplyWarehouseId(i));
          }
        }
      }
    }
    if (written > 0) {
      insertLines(c, in, orderId, new LineWrites(in, written, priceCents, quantity, dist), counter);
    }
    return new NewOrderResult(orderId, written < count);
  }

  private static void bindHead(Connection c, PreparedStatement s, NewOrderInput in)
      throws SQLException {
    int w = in.warehouseId();
    int d = in.districtId();
    Array items = c.createArrayOf("int4", boxed(in.itemIds()));
    int p = 1;
    s.setInt(p++, w);
    s.setInt(p++, d);
    s.setInt(p++, in.customerId());
    s.setInt(p++, w);
    s.setInt(p++, d);
    s.setInt(p++, d);
    s.setInt(p++, w);
    s.setInt(p++, in.customerId());
    s.setInt(p++, in.orderLineCount());
    s.setInt(p++, in.allLocal() ? 1 : 0);
    s.setInt(p++, d);
    s.setInt(p++, w);
    s.setArray(p++, items);
    s.setArray(p++, c.createArrayOf("int4", boxed(in.supplyWarehouseIds())));
    s.setArray(p, items);
  }

  private void insertLines(
      Connection c, NewOrderInput in, int orderId, LineWrites w, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(lines.of(in.tableSet()))) {
      int p = 1;
      s.setArray(p++, c.createArrayOf("int4", w.stockItems));
      s.setArray(p++, c.createArrayOf("int4", w.stockWarehouses));
      s.setArray(p++, c.createArrayOf("int4", w.stockQuantities));
      s.setArray(p++, c.createArrayOf("int4", w.stockYtd));
      s.setArray(p++, c.createArrayOf("int4", w.stockOrders));
      s.setArray(p++, c.createArrayOf("int4", w.stockRemote));
      s.setInt(p++, orderId);
      s.setInt(p++, in.districtId());
      s.setInt(p++, in.warehouseId());
      s.setArray(p++, c.createArrayOf("int4", w.lineNumbers));
      s.setArray(p++, c.createArrayOf("int4", w.lineItems));
      s.setArray(p++, c.createArrayOf("int4", w.lineWarehouses));
      s.setArray(p++, c.createArrayOf("int4", w.lineQuantities));
      s.setArray(p++, c.createArrayOf("numeric", w.lineAmounts));
      s.setArray(p, c.createArrayOf("text", w.lineDistInfo));
      Counted.update(s, counter);
    }
  }

  private static Integer[] boxed(int[] values) {
    Integer[] boxed = new Integer[values.length];
    for (int i = 0; i < values.length; i++) {
      boxed[i] = values[i];
    }
    return boxed;
  }

  private static String key(NewOrderInput in) {
    return "w_id " + in.warehouseId() + ", d_id " + in.districtId();
  }
}
