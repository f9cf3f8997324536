package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.MAX_CUSTOMER_DATA_LENGTH;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.MissingRow;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;

/** The customer part of Payment (TPC-C 2.5.2.2): lock, read C_DATA if "BC", update. */
final class PaymentCustomer {
  private static final String CUSTOMER =
      """
      SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone,
             c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_since
        FROM customer${set}
       WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE""";
  private static final int CREDIT_COLUMN = 10;
  // The epoch second stands in for sysbench-tpcc's os.time(): transactions never read the clock.
  private static final String CUSTOMER_DATA =
      """
      SELECT c_data, floor(extract(epoch FROM now()))::bigint FROM customer${set}
       WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?""";
  // TPC-C 2.5.2.2 increments C_PAYMENT_CNT; sysbench-tpcc never does (${count} is empty then).
  private static final String UPDATE_GOOD_CREDIT =
      """
      UPDATE customer${set}
         SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?${count}
       WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?""";
  private static final String UPDATE_BAD_CREDIT =
      """
      UPDATE customer${set}
         SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?${count}, c_data = ?
       WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?""";
  private static final String COUNT = ", c_payment_cnt = c_payment_cnt + 1";

  private final SetSql customer;
  private final SetSql customerData;
  private final SetSql updateGoodCredit;
  private final SetSql updateBadCredit;

  PaymentCustomer(WorkloadShape shape) {
    String count = shape.sysbenchCompat() ? "" : COUNT;
    customer = new SetSql(CUSTOMER, shape.tableSets());
    customerData = new SetSql(CUSTOMER_DATA, shape.tableSets());
    updateGoodCredit = new SetSql(UPDATE_GOOD_CREDIT.replace("${count}", count), shape.tableSets());
    updateBadCredit = new SetSql(UPDATE_BAD_CREDIT.replace("${count}", count), shape.tableSets());
  }

  /** Charges the customer; returns whether C_CREDIT is "BC". */
  boolean pay(
      Connection c, PaymentInput in, int customerId, BigDecimal amount, StatementCounter counter)
      throws SQLException {
    int set = in.tableSet();
    boolean badCredit;
    try (PreparedStatement s = c.prepareStatement(customer.of(set))) {
      bindKey(s, 1, in, customerId);
      try (ResultSet rows = Counted.query(s, counter)) {
        if (!rows.next()) {
          throw MissingRow.of("customer" + set, key(in, customerId));
        }
        badCredit = "BC".equals(rows.getString(CREDIT_COLUMN));
      }
    }
    String data = badCredit ? newData(c, in, customerId, amount, counter) : null;
    try (PreparedStatement s =
        c.prepareStatement((badCredit ? updateBadCredit : updateGoodCredit).of(set))) {
      s.setBigDecimal(1, amount);
      s.setBigDecimal(2, amount);
      int p = 3;
      if (badCredit) {
        s.setString(p++, data);
      }
      bindKey(s, p, in, customerId);
      Counted.update(s, counter);
    }
    return badCredit;
  }

  /** Reads C_DATA and returns it with the payment prepended, cut to 500 characters. */
  private String newData(
      Connection c, PaymentInput in, int customerId, BigDecimal amount, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(customerData.of(in.tableSet()))) {
      bindKey(s, 1, in, customerId);
      try (ResultSet rows = Counted.query(s, counter)) {
        if (!rows.next()) {
          throw MissingRow.of("customer" + in.tableSet(), key(in, customerId));
        }
        String old = rows.getString(1);
        return customerData(in, customerId, amount, rows.getLong(2), old == null ? "" : old);
      }
    }
  }

  /**
   * sysbench-tpcc's {@code "| %4d %2d %4d %2d %4d $%7.2f %12s %24s"} of C_ID, C_D_ID, C_W_ID, D_ID,
   * W_ID, H_AMOUNT, the time in epoch seconds and the old C_DATA, cut to 500 characters (TPC-C
   * 2.5.2.2).
   */
  static String customerData(
      PaymentInput in, int customerId, BigDecimal amount, long epochSecond, String old) {
    StringBuilder data = new StringBuilder(MAX_CUSTOMER_DATA_LENGTH + 64);
    padLeft(data.append("| "), Integer.toString(customerId), 4);
    padLeft(data.append(' '), Integer.toString(in.customerDistrictId()), 2);
    padLeft(data.append(' '), Integer.toString(in.customerWarehouseId()), 4);
    padLeft(data.append(' '), Integer.toString(in.districtId()), 2);
    padLeft(data.append(' '), Integer.toString(in.warehouseId()), 4);
    padLeft(data.append(" $"), amount.toPlainString(), 7);
    padLeft(data.append(' '), Long.toString(epochSecond), 12);
    padLeft(data.append(' '), old, 24);
    if (data.length() > MAX_CUSTOMER_DATA_LENGTH) {
      data.setLength(MAX_CUSTOMER_DATA_LENGTH);
    }
    return data.toString();
  }

  /** Appends {@code value} right-aligned in {@code width} characters, like {@code %Ns}. */
  static StringBuilder padLeft(StringBuilder out, String value, int width) {
    for (int i = value.length(); i < width; i++) {
      out.append(' ');
    }
    return out.append(value);
  }

  private static void bindKey(PreparedStatement s, int first, PaymentInput in, int customerId)
      throws SQLException {
    s.setInt(first, in.customerWarehouseId());
    s.setInt(first + 1, in.customerDistrictId());
    s.setInt(first + 2, customerId);
  }

  private static String key(PaymentInput in, int customerId) {
    return "c_w_id "
        + in.customerWarehouseId()
        + ", c_d_id "
        + in.customerDistrictId()
        + ", c_id "
        + customerId;
  }
}
