package org.tpccpg.core.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.MissingRow;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.core.sql.StatementCounter;

/**
 * The New-Order transaction (TPC-C 2.4.2) with sysbench-tpcc's statements: read customer and
 * warehouse, lock and advance the district's next order id, insert ORDER and NEW-ORDER, then per
 * line read the item, lock and update the stock row and insert the order line. Reads 2 + 2 lines,
 * writes 3 + 2 lines; an unused item stops at its line with the rollback requested.
 *
 * <p>Lines run in input order (the input generator sorts them by item outside sysbench
 * compatibility). The order-line INSERTs go as one JDBC batch after the stock updates, each row
 * counted as a statement; they are sent before the rollback is requested too, so the counts match
 * sysbench-tpcc's (which inserts each line right after its stock update) in every case.
 *
 * <p>Never commits, rolls back or retries: the caller does, and rolls back when {@link
 * NewOrderResult#rollbackRequested()}. Stateless once built; safe to share between threads.
 */
final class NewOrder {
  private static final String CUSTOMER_WAREHOUSE =
      """
      SELECT c_discount, c_last, c_credit, w_tax
        FROM customer${set}, warehouse${set}
       WHERE w_id = ? AND c_w_id = w_id AND c_d_id = ? AND c_id = ?""";
  private static final String DISTRICT =
      """
      SELECT d_next_o_id, d_tax FROM district${set}
       WHERE d_w_id = ? AND d_id = ? FOR UPDATE""";
  private static final String DISTRICT_UPDATE =
      """
      UPDATE district${set} SET d_next_o_id = ?
       WHERE d_id = ? AND d_w_id = ?""";
  private static final String ORDER_INSERT =
      """
      INSERT INTO orders${set} (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)
      VALUES (?, ?, ?, ?, now(), ?, ?)""";
  private static final String NEW_ORDER_INSERT =
      """
      INSERT INTO new_orders${set} (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)""";

  private final SetSql customerWarehouse;
  private final SetSql district;
  private final SetSql districtUpdate;
  private final SetSql orderInsert;
  private final SetSql newOrderInsert;
  private final OrderLines lines;

  /** Renders the statements for every table set of {@code shape}. */
  public NewOrder(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    customerWarehouse = new SetSql(CUSTOMER_WAREHOUSE, shape.tableSets());
    district = new SetSql(DISTRICT, shape.tableSets());
    districtUpdate = new SetSql(DISTRICT_UPDATE, shape.tableSets());
    orderInsert = new SetSql(ORDER_INSERT, shape.tableSets());
    newOrderInsert = new SetSql(NEW_ORDER_INSERT, shape.tableSets());
    lines = new OrderLines(shape);
  }

  /**
   * Runs the New-Order's statements on {@code c}, in the caller's transaction.
   *
   * @throws SQLException on a database error, or (SQLSTATE 02000) when a customer, warehouse,
   *     district or stock row of the input is missing
   */
  public NewOrderResult execute(Connection c, NewOrderInput in, StatementCounter counter)
      throws SQLException {
    Rates rates = readCustomer(c, in, counter);
    District district = nextOrderId(c, in, counter);
    insertOrder(c, in, district.orderId(), counter);
    boolean complete =
        lines.run(
            c,
            in,
            district.orderId(),
            rates.discount(),
            rates.warehouseTax() + district.tax(),
            counter);
    return new NewOrderResult(district.orderId(), !complete);
  }

  /** C_DISCOUNT and W_TAX in hundredths. */
  private record Rates(int discount, int warehouseTax) {}

  /** The order id taken from D_NEXT_O_ID and D_TAX in hundredths. */
  private record District(int orderId, int tax) {}

  private Rates readCustomer(Connection c, NewOrderInput in, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(customerWarehouse.of(in.tableSet()))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, in.customerId());
      try (ResultSet rows = Counted.query(s, counter)) {
        if (!rows.next()) {
          throw MissingRow.of("customer" + in.tableSet(), key(in) + ", c_id " + in.customerId());
        }
        return new Rates(hundredths(rows.getBigDecimal(1)), hundredths(rows.getBigDecimal(4)));
      }
    }
  }

  /** Locks the district and advances D_NEXT_O_ID (two statements). */
  private District nextOrderId(Connection c, NewOrderInput in, StatementCounter counter)
      throws SQLException {
    District district;
    try (PreparedStatement s = c.prepareStatement(this.district.of(in.tableSet()))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      try (ResultSet rows = Counted.query(s, counter)) {
        if (!rows.next()) {
          throw MissingRow.of("district" + in.tableSet(), key(in));
        }
        district = new District(rows.getInt(1), hundredths(rows.getBigDecimal(2)));
      }
    }
    if (district.orderId() == Integer.MAX_VALUE) {
      // o_id and d_next_o_id are int (TPC-C 1.3.1 asks for 10^7 unique ids): the next value would
      // wrap to -2^31 in Java, so stop before the UPDATE, as the server's d_next_o_id + 1 does in
      // the other transaction modes.
      throw new SQLException(
          "district"
              + in.tableSet()
              + " "
              + key(in)
              + ": d_next_o_id is "
              + Integer.MAX_VALUE
              + ", the largest int, so no New-Order can take another order id: integer out of range",
          SqlStateClass.OUT_OF_RANGE);
    }
    try (PreparedStatement s = c.prepareStatement(districtUpdate.of(in.tableSet()))) {
      s.setInt(1, district.orderId() + 1);
      s.setInt(2, in.districtId());
      s.setInt(3, in.warehouseId());
      Counted.update(s, counter);
    }
    return district;
  }

  private void insertOrder(Connection c, NewOrderInput in, int orderId, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(orderInsert.of(in.tableSet()))) {
      s.setInt(1, orderId);
      s.setInt(2, in.districtId());
      s.setInt(3, in.warehouseId());
      s.setInt(4, in.customerId());
      s.setInt(5, in.orderLineCount());
      s.setInt(6, in.allLocal() ? 1 : 0);
      Counted.update(s, counter);
    }
    try (PreparedStatement s = c.prepareStatement(newOrderInsert.of(in.tableSet()))) {
      s.setInt(1, orderId);
      s.setInt(2, in.districtId());
      s.setInt(3, in.warehouseId());
      Counted.update(s, counter);
    }
  }

  /** A rate of numeric(4,2) (C_DISCOUNT, W_TAX, D_TAX) in hundredths. */
  static int hundredths(BigDecimal rate) {
    return rate.movePointRight(2).intValue();
  }

  private static String key(NewOrderInput in) {
    return "w_id " + in.warehouseId() + ", d_id " + in.districtId();
  }
}
