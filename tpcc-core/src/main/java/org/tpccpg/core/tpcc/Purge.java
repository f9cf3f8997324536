package org.tpccpg.core.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;

/**
 * One round of sysbench-tpcc's purge, which keeps a long run's tables from growing (not part of
 * TPC-C): find the district's oldest undelivered order, pick an order of a customer with more than
 * one order placed since the load, and delete that order, its lines and ten HISTORY rows of the
 * district. Reads 1 (no new orders) or 2, writes 3 when an order is purged.
 *
 * <p>sysbench-tpcc may pick any order of that customer, also one still waiting for delivery, which
 * leaves a NEW-ORDER row without its order; that is reproduced in sysbench compatibility. By
 * default only orders placed since the load and already delivered qualify, oldest first, so the
 * NEW-ORDER table stays consistent. Either way purging breaks the consistency conditions on history
 * and balances (TPC-C 3.3.2.8, 3.3.2.9, 3.3.2.10, 3.3.2.12). sysbench-tpcc runs ten rounds per
 * purge event, each in its own transaction; the caller loops and commits. Stateless once built;
 * safe to share between threads.
 */
final class Purge {
  private static final String OLDEST_NEW_ORDER =
      """
      SELECT min(no_o_id) FROM new_orders${set} WHERE no_w_id = ? AND no_d_id = ?""";
  // Orders up to 2100 were delivered by the load; sysbench-tpcc keeps them.
  private static final String PICK_ORDER =
      """
      SELECT o.o_id
        FROM orders${set} o,
             (SELECT o_c_id, o_w_id, o_d_id FROM orders${set}
               WHERE o_w_id = ? AND o_d_id = ? AND o_id > 2100 AND o_id < ?
               GROUP BY o_c_id, o_d_id, o_w_id HAVING count(DISTINCT o_id) > 1 LIMIT 1) t
       WHERE t.o_w_id = o.o_w_id AND t.o_d_id = o.o_d_id AND t.o_c_id = o.o_c_id""";
  private static final String DELIVERED_ONLY = " AND o.o_id > 2100 AND o.o_id < ? ORDER BY o.o_id";
  private static final String LINES_DELETE =
      """
      DELETE FROM order_line${set} WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?""";
  private static final String ORDER_DELETE =
      """
      DELETE FROM orders${set} WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?""";
  private static final String HISTORY_DELETE =
      """
      DELETE FROM history${set} WHERE ctid IN
        (SELECT ctid FROM history${set} WHERE h_w_id = ? AND h_d_id = ? LIMIT 10)""";

  private final SetSql oldestNewOrder;
  private final SetSql pickOrder;
  private final SetSql linesDelete;
  private final SetSql orderDelete;
  private final SetSql historyDelete;
  private final boolean compat;

  /** Renders the statements for every table set of {@code shape}. */
  public Purge(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    compat = shape.sysbenchCompat();
    oldestNewOrder = new SetSql(OLDEST_NEW_ORDER, shape.tableSets());
    pickOrder =
        new SetSql(PICK_ORDER + (compat ? "" : DELIVERED_ONLY) + " LIMIT 1", shape.tableSets());
    linesDelete = new SetSql(LINES_DELETE, shape.tableSets());
    orderDelete = new SetSql(ORDER_DELETE, shape.tableSets());
    historyDelete = new SetSql(HISTORY_DELETE, shape.tableSets());
  }

  /**
   * Runs one purge round on {@code c}, in the caller's transaction.
   *
   * @throws SQLException on a database error
   */
  public PurgeResult execute(Connection c, PurgeInput in, StatementCounter counter)
      throws SQLException {
    int set = in.tableSet();
    int oldest;
    try (PreparedStatement s = c.prepareStatement(oldestNewOrder.of(set))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      oldest = firstInt(s, counter);
    }
    if (oldest == 0) {
      return new PurgeResult(0, 0);
    }
    int orderId;
    try (PreparedStatement s = c.prepareStatement(pickOrder.of(set))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, oldest);
      if (!compat) {
        s.setInt(4, oldest);
      }
      orderId = firstInt(s, counter);
    }
    if (orderId == 0) {
      return new PurgeResult(0, 0);
    }
    delete(c, linesDelete.of(set), in, orderId, counter);
    delete(c, orderDelete.of(set), in, orderId, counter);
    try (PreparedStatement s = c.prepareStatement(historyDelete.of(set))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      return new PurgeResult(orderId, Counted.update(s, counter));
    }
  }

  private static void delete(
      Connection c, String sql, PurgeInput in, int orderId, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, orderId);
      Counted.update(s, counter);
    }
  }

  /** The first column of the first row as an int, or 0 when there is no row or it is null. */
  private static int firstInt(PreparedStatement s, StatementCounter counter) throws SQLException {
    try (ResultSet rows = Counted.query(s, counter)) {
      return rows.next() ? rows.getInt(1) : 0;
    }
  }
}
