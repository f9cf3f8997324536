package org.tpccpg.core.tpcc.batched;

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
import org.tpccpg.core.tpcc.PaymentInput;
import org.tpccpg.core.tpcc.PaymentResult;
import org.tpccpg.core.tpcc.WorkloadShape;

/**
 * Payment (TPC-C 2.5.2) in one round trip: one statement whose CTEs update the warehouse, the
 * district and the customer (found by id, or by name as the middle of those with the last name
 * ordered by C_FIRST, TPC-C 2.5.2.2), extend C_DATA of a bad-credit customer and insert HISTORY.
 *
 * <p>Each step runs only once the one before returned its row ({@code EXISTS} on the previous CTE),
 * so rows are locked in the statements style's order, warehouse, district, customer, and a missing
 * row stops the writes after it as the statements style's error does. C_DATA and H_DATA are
 * formatted in SQL exactly as the statements style formats them in Java (sysbench-tpcc's layout).
 * Stateless once built; safe to share between threads.
 */
final class BatchedPayment {
  private static final String BY_ID = "SELECT ?::int AS c_id";
  private static final String BY_NAME =
      """
      SELECT c_id FROM (SELECT c_id, row_number() OVER (ORDER BY c_first) AS r,
                                     count(*) OVER () AS n
                                FROM customer${set}
                               WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?) AS named
              WHERE r = (n + 1) / 2""";
  private static final String PAYMENT =
      """
      WITH pick AS (${pick}),
           w AS (
             UPDATE warehouse${set} SET w_ytd = w_ytd + ? WHERE w_id = ?
             RETURNING w_id, w_name),
           d AS (
             UPDATE district${set} SET d_ytd = d_ytd + ?
              WHERE d_w_id = ? AND d_id = ? AND EXISTS (SELECT FROM w)
             RETURNING d_id, d_name),
           c AS (
             UPDATE customer${set} AS cu
                SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,
                    c_payment_cnt = c_payment_cnt + 1,
                    c_data = CASE WHEN c_credit = 'BC'
                                  THEN left(format('| %4s %2s %4s %2s %4s $%7s %12s %24s',
                                                   cu.c_id, cu.c_d_id, cu.c_w_id, ?, ?, ?,
                                                   floor(extract(epoch FROM now()))::bigint,
                                                   coalesce(c_data, '')), ${max_data})
                                  ELSE c_data END
               FROM pick
              WHERE cu.c_w_id = ? AND cu.c_d_id = ? AND cu.c_id = pick.c_id
                AND EXISTS (SELECT FROM d)
             RETURNING cu.c_id, cu.c_credit),
           h AS (
             INSERT INTO history${set} (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date,
                                        h_amount, h_data)
             SELECT ?, ?, c.c_id, ?, ?, now(), ?, format('%10s %10s   ', w.w_name, d.d_name)
               FROM c, w, d)
      SELECT w.w_id, d.d_id, c.c_id, c.c_credit
        FROM (SELECT) AS one LEFT JOIN w ON true LEFT JOIN d ON true LEFT JOIN c ON true""";

  private final SetSql byId;
  private final SetSql byName;

  BatchedPayment(WorkloadShape shape) {
    String payment = PAYMENT.replace("${max_data}", Integer.toString(MAX_CUSTOMER_DATA_LENGTH));
    byId = new SetSql(payment.replace("${pick}", BY_ID), shape.tableSets());
    byName = new SetSql(payment.replace("${pick}", BY_NAME), shape.tableSets());
  }

  PaymentResult execute(Connection c, PaymentInput in, StatementCounter counter)
      throws SQLException {
    int set = in.tableSet();
    BigDecimal amount = BigDecimal.valueOf(in.amountCents(), 2);
    try (PreparedStatement s = c.prepareStatement((in.byName() ? byName : byId).of(set))) {
      int p = 1;
      if (in.byName()) {
        s.setInt(p++, in.customerWarehouseId());
        s.setInt(p++, in.customerDistrictId());
        s.setString(p++, in.customerLastName());
      } else {
        s.setInt(p++, in.customerId());
      }
      s.setBigDecimal(p++, amount);
      s.setInt(p++, in.warehouseId());
      s.setBigDecimal(p++, amount);
      s.setInt(p++, in.warehouseId());
      s.setInt(p++, in.districtId());
      s.setBigDecimal(p++, amount);
      s.setBigDecimal(p++, amount);
      s.setInt(p++, in.districtId());
      s.setInt(p++, in.warehouseId());
      s.setString(p++, amount.toPlainString());
      s.setInt(p++, in.customerWarehouseId());
      s.setInt(p++, in.customerDistrictId());
      s.setInt(p++, in.customerDistrictId());
      s.setInt(p++, in.customerWarehouseId());
      s.setInt(p++, in.districtId());
      s.setInt(p++, in.warehouseId());
      s.setBigDecimal(p, amount);
      try (ResultSet rows = Counted.query(s, counter)) {
        rows.next();
        return result(rows, in);
      }
    }
  }

  /** Raises the statements style's error for the first missing row, or returns the result. */
  private static PaymentResult result(ResultSet rows, PaymentInput in) throws SQLException {
    int set = in.tableSet();
    String home = "w_id " + in.warehouseId();
    rows.getInt(1);
    if (rows.wasNull()) {
      throw MissingRow.of("warehouse" + set, home);
    }
    rows.getInt(2);
    if (rows.wasNull()) {
      throw MissingRow.of("district" + set, home + ", d_id " + in.districtId());
    }
    int customerId = rows.getInt(3);
    if (rows.wasNull()) {
      String customer = in.byName() ? "c_last " + in.customerLastName() : "c_id " + in.customerId();
      throw MissingRow.of(
          "customer" + set,
          "c_w_id "
              + in.customerWarehouseId()
              + ", c_d_id "
              + in.customerDistrictId()
              + ", "
              + customer);
    }
    return new PaymentResult(customerId, "BC".equals(rows.getString(4)));
  }
}
