package org.tpccpg.core.tpcc;

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
 * The Order-Status transaction (TPC-C 2.6.2), read-only, with sysbench-tpcc's statements: find the
 * customer (one read by id, two by name), read the customer's latest order, read its lines. Reads 3
 * by id or 4 by name, no writes.
 *
 * <p>It reads the lines of the order it found. sysbench-tpcc's Percona-Lab version passes D_ID
 * where O_ID belongs and so always reads an old initial order; that bug is not reproduced in either
 * mode (digoal's fork has it right). In sysbench compatibility the order query keeps
 * sysbench-tpcc's {@code ORDER BY o_id DESC} without {@code LIMIT}, fetching all the customer's
 * orders to use the first; by default it asks for that one row only. A customer without orders
 * (only after a purge) skips the order-line read. Stateless once built; safe to share between
 * threads.
 */
final class OrderStatus {
  private static final String CUSTOMER =
      """
      SELECT c_balance, c_first, c_middle, c_last FROM customer${set}
       WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?""";
  private static final String CUSTOMERS_BY_NAME =
      """
      SELECT c_balance, c_first, c_middle, c_id FROM customer${set}
       WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first""";
  private static final String LATEST_ORDER =
      """
      SELECT o_id, o_carrier_id, o_entry_d FROM orders${set}
       WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC""";
  private static final String ORDER_LINES =
      """
      SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d
        FROM order_line${set} WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?""";

  private final SetSql customer;
  private final CustomerByName byName;
  private final SetSql latestOrder;
  private final SetSql orderLines;

  /** Renders the statements for every table set of {@code shape}. */
  public OrderStatus(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    customer = new SetSql(CUSTOMER, shape.tableSets());
    byName = new CustomerByName(CUSTOMERS_BY_NAME, 4, shape);
    latestOrder =
        new SetSql(
            shape.sysbenchCompat() ? LATEST_ORDER : LATEST_ORDER + " LIMIT 1", shape.tableSets());
    orderLines = new SetSql(ORDER_LINES, shape.tableSets());
  }

  /**
   * Runs the Order-Status's statements on {@code c}, in the caller's transaction.
   *
   * @throws SQLException on a database error, or (SQLSTATE 02000) when the customer is missing
   */
  public OrderStatusResult execute(Connection c, OrderStatusInput in, StatementCounter counter)
      throws SQLException {
    int set = in.tableSet();
    int w = in.warehouseId();
    int d = in.districtId();
    int customerId =
        in.byName()
            ? byName.find(c, set, w, d, in.customerLastName(), counter)
            : readCustomer(c, in, counter);
    int orderId = 0;
    try (PreparedStatement s = c.prepareStatement(latestOrder.of(set))) {
      s.setInt(1, w);
      s.setInt(2, d);
      s.setInt(3, customerId);
      try (ResultSet rows = Counted.query(s, counter)) {
        if (rows.next()) {
          orderId = rows.getInt(1);
        }
      }
    }
    int lines = orderId == 0 ? 0 : readLines(c, in, orderId, counter);
    return new OrderStatusResult(customerId, orderId, lines);
  }

  private int readCustomer(Connection c, OrderStatusInput in, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(customer.of(in.tableSet()))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, in.customerId());
      try (ResultSet rows = Counted.query(s, counter)) {
        if (!rows.next()) {
          throw MissingRow.of(
              "customer" + in.tableSet(),
              "c_w_id "
                  + in.warehouseId()
                  + ", c_d_id "
                  + in.districtId()
                  + ", c_id "
                  + in.customerId());
        }
        return in.customerId();
      }
    }
  }

  private int readLines(Connection c, OrderStatusInput in, int orderId, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(orderLines.of(in.tableSet()))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, orderId);
      int lines = 0;
      try (ResultSet rows = Counted.query(s, counter)) {
        while (rows.next()) {
          lines++;
        }
      }
      return lines;
    }
  }
}
