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
import org.tpccpg.core.sql.StatementCounter;

/**
 * The Payment transaction (TPC-C 2.5.2) with sysbench-tpcc's statements: update and read the
 * warehouse, update and read the district, find the customer (by id, or by name with two more
 * reads), lock the customer, read C_DATA of a bad-credit customer, update the customer and insert
 * HISTORY. Reads 3 + 2 by name + 1 bad credit, writes 4.
 *
 * <p>Outside sysbench compatibility it also increments C_PAYMENT_CNT (TPC-C 2.5.2.2), which
 * sysbench-tpcc never does. Never commits, rolls back or retries. Stateless once built; safe to
 * share between threads.
 */
final class Payment {
  private static final String WAREHOUSE_UPDATE =
      """
      UPDATE warehouse${set} SET w_ytd = w_ytd + ? WHERE w_id = ?""";
  private static final String WAREHOUSE =
      """
      SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name
        FROM warehouse${set} WHERE w_id = ?""";
  private static final String DISTRICT_UPDATE =
      """
      UPDATE district${set} SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?""";
  private static final String DISTRICT =
      """
      SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name
        FROM district${set} WHERE d_w_id = ? AND d_id = ?""";
  private static final String CUSTOMERS_BY_NAME =
      """
      SELECT c_id FROM customer${set}
       WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first""";
  private static final String HISTORY_INSERT =
      """
      INSERT INTO history${set} (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount,
                                 h_data)
      VALUES (?, ?, ?, ?, ?, now(), ?, ?)""";

  private final SetSql warehouseUpdate;
  private final SetSql warehouse;
  private final SetSql districtUpdate;
  private final SetSql district;
  private final SetSql historyInsert;
  private final CustomerByName byName;
  private final PaymentCustomer customer;

  /** Renders the statements for every table set of {@code shape}. */
  public Payment(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    warehouseUpdate = new SetSql(WAREHOUSE_UPDATE, shape.tableSets());
    warehouse = new SetSql(WAREHOUSE, shape.tableSets());
    districtUpdate = new SetSql(DISTRICT_UPDATE, shape.tableSets());
    district = new SetSql(DISTRICT, shape.tableSets());
    historyInsert = new SetSql(HISTORY_INSERT, shape.tableSets());
    byName = new CustomerByName(CUSTOMERS_BY_NAME, 1, shape);
    customer = new PaymentCustomer(shape);
  }

  /**
   * Runs the Payment's statements on {@code c}, in the caller's transaction.
   *
   * @throws SQLException on a database error, or (SQLSTATE 02000) when a warehouse, district or
   *     customer row of the input is missing
   */
  public PaymentResult execute(Connection c, PaymentInput in, StatementCounter counter)
      throws SQLException {
    int set = in.tableSet();
    BigDecimal amount = BigDecimal.valueOf(in.amountCents(), 2);
    String warehouseName;
    try (PreparedStatement s = c.prepareStatement(warehouseUpdate.of(set))) {
      s.setBigDecimal(1, amount);
      s.setInt(2, in.warehouseId());
      Counted.update(s, counter);
    }
    try (PreparedStatement s = c.prepareStatement(warehouse.of(set))) {
      s.setInt(1, in.warehouseId());
      warehouseName = readName(s, counter, "warehouse", set, in.warehouseId(), 0);
    }
    String districtName = updateAndReadDistrict(c, in, amount, counter);
    int customerId =
        in.byName()
            ? byName.find(
                c,
                set,
                in.customerWarehouseId(),
                in.customerDistrictId(),
                in.customerLastName(),
                counter)
            : in.customerId();
    boolean badCredit = customer.pay(c, in, customerId, amount, counter);
    insertHistory(c, in, customerId, amount, historyData(warehouseName, districtName), counter);
    return new PaymentResult(customerId, badCredit);
  }

  private String updateAndReadDistrict(
      Connection c, PaymentInput in, BigDecimal amount, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(districtUpdate.of(in.tableSet()))) {
      s.setBigDecimal(1, amount);
      s.setInt(2, in.warehouseId());
      s.setInt(3, in.districtId());
      Counted.update(s, counter);
    }
    try (PreparedStatement s = c.prepareStatement(district.of(in.tableSet()))) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      return readName(s, counter, "district", in.tableSet(), in.warehouseId(), in.districtId());
    }
  }

  /** Runs a warehouse or district query and returns its last column, the name. */
  private static String readName(
      PreparedStatement s, StatementCounter counter, String table, int set, int w, int d)
      throws SQLException {
    try (ResultSet rows = Counted.query(s, counter)) {
      if (!rows.next()) {
        throw MissingRow.of(table + set, "w_id " + w + (d > 0 ? ", d_id " + d : ""));
      }
      return rows.getString(6);
    }
  }

  private void insertHistory(
      Connection c,
      PaymentInput in,
      int customerId,
      BigDecimal amount,
      String data,
      StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(historyInsert.of(in.tableSet()))) {
      s.setInt(1, in.customerDistrictId());
      s.setInt(2, in.customerWarehouseId());
      s.setInt(3, customerId);
      s.setInt(4, in.districtId());
      s.setInt(5, in.warehouseId());
      s.setBigDecimal(6, amount);
      s.setString(7, data);
      Counted.update(s, counter);
    }
  }

  /**
   * H_DATA as sysbench-tpcc builds it: {@code "%10s %10s"} of W_NAME and D_NAME and three spaces,
   * 24 characters. (TPC-C 2.5.2.2 asks for W_NAME, four spaces, D_NAME; both fit H_DATA.)
   */
  static String historyData(String warehouseName, String districtName) {
    StringBuilder data = new StringBuilder(24);
    PaymentCustomer.padLeft(data, warehouseName, 10);
    data.append(' ');
    PaymentCustomer.padLeft(data, districtName, 10);
    return data.append("   ").toString();
  }
}
