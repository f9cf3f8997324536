package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;

/**
 * The Delivery transaction (TPC-C 2.7.4), run inline for all ten districts in one transaction as
 * sysbench-tpcc does (TPC-C would allow deferring it). Per district: lock the oldest NEW-ORDER row;
 * if there is one, delete it, read the order's customer, set the carrier, stamp the lines' delivery
 * date, sum their amounts and credit the customer. Reads 3 and writes 4 per delivered district, 1
 * read per district without a new order; 30 reads and 40 writes when all ten deliver.
 *
 * <p>A NEW-ORDER row whose order is gone (a purge in sysbench compatibility can delete undelivered
 * orders) is deleted and the district skipped after the order read, the workaround suggested
 * upstream for sysbench-tpcc's nil o_c_id failures. The same statements in both modes. Stateless
 * once built; safe to share between threads.
 */
final class Delivery {
  private static final String OLDEST_NEW_ORDER =
      """
      SELECT no_o_id FROM new_orders${set}
       WHERE no_d_id = ? AND no_w_id = ? ORDER BY no_o_id ASC LIMIT 1 FOR UPDATE""";
  private static final String NEW_ORDER_DELETE =
      """
      DELETE FROM new_orders${set} WHERE no_o_id = ? AND no_d_id = ? AND no_w_id = ?""";
  private static final String ORDER_CUSTOMER =
      """
      SELECT o_c_id FROM orders${set} WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?""";
  private static final String ORDER_UPDATE =
      """
      UPDATE orders${set} SET o_carrier_id = ? WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?""";
  private static final String LINES_UPDATE =
      """
      UPDATE order_line${set} SET ol_delivery_d = now()
       WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?""";
  private static final String LINES_SUM =
      """
      SELECT sum(ol_amount) FROM order_line${set}
       WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?""";
  private static final String CUSTOMER_UPDATE =
      """
      UPDATE customer${set} SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1
       WHERE c_id = ? AND c_d_id = ? AND c_w_id = ?""";

  private final SetSql[] statements;

  /** Renders the statements for every table set of {@code shape}. */
  public Delivery(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    String[] templates = {
      OLDEST_NEW_ORDER,
      NEW_ORDER_DELETE,
      ORDER_CUSTOMER,
      ORDER_UPDATE,
      LINES_UPDATE,
      LINES_SUM,
      CUSTOMER_UPDATE
    };
    statements = new SetSql[templates.length];
    for (int i = 0; i < templates.length; i++) {
      statements[i] = new SetSql(templates[i], shape.tableSets());
    }
  }

  /**
   * Runs the Delivery's statements on {@code c}, in the caller's transaction.
   *
   * @throws SQLException on a database error
   */
  public DeliveryResult execute(Connection c, DeliveryInput in, StatementCounter counter)
      throws SQLException {
    int delivered = 0;
    try (StatementGroup group = new StatementGroup(c)) {
      Steps steps = new Steps(group, in.tableSet());
      for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
        if (deliver(steps, in, d, counter)) {
          delivered++;
        }
      }
    }
    return new DeliveryResult(delivered);
  }

  /** The seven statements, prepared once per execution and reused for each district. */
  private final class Steps {
    final PreparedStatement oldest;
    final PreparedStatement delete;
    final PreparedStatement customer;
    final PreparedStatement carrier;
    final PreparedStatement deliveryDate;
    final PreparedStatement sum;
    final PreparedStatement credit;

    Steps(StatementGroup group, int set) throws SQLException {
      oldest = group.prepare(statements[0].of(set));
      delete = group.prepare(statements[1].of(set));
      customer = group.prepare(statements[2].of(set));
      carrier = group.prepare(statements[3].of(set));
      deliveryDate = group.prepare(statements[4].of(set));
      sum = group.prepare(statements[5].of(set));
      credit = group.prepare(statements[6].of(set));
    }
  }

  /** Delivers the oldest new order of district {@code d}; false when there is none. */
  private static boolean deliver(Steps s, DeliveryInput in, int d, StatementCounter counter)
      throws SQLException {
    int w = in.warehouseId();
    s.oldest.setInt(1, d);
    s.oldest.setInt(2, w);
    int orderId = firstInt(s.oldest, counter);
    if (orderId == 0 || Counted.update(key(s.delete, 0, orderId, d, w), counter) == 0) {
      return false;
    }
    int customerId = firstInt(key(s.customer, 0, orderId, d, w), counter);
    if (customerId == 0) {
      return false; // the order was purged; its NEW-ORDER row is gone now too
    }
    s.carrier.setInt(1, in.carrierId());
    Counted.update(key(s.carrier, 1, orderId, d, w), counter);
    Counted.update(key(s.deliveryDate, 0, orderId, d, w), counter);
    BigDecimal total;
    try (ResultSet rows = Counted.query(key(s.sum, 0, orderId, d, w), counter)) {
      total = rows.next() ? rows.getBigDecimal(1) : null;
    }
    s.credit.setBigDecimal(1, total == null ? BigDecimal.ZERO : total);
    Counted.update(key(s.credit, 1, customerId, d, w), counter);
    return true;
  }

  /** Binds (id, d, w) after the first {@code offset} parameters. */
  private static PreparedStatement key(PreparedStatement s, int offset, int id, int d, int w)
      throws SQLException {
    s.setInt(offset + 1, id);
    s.setInt(offset + 2, d);
    s.setInt(offset + 3, w);
    return s;
  }

  /** The first column of the first row as an int, or 0 when there is no row or it is null. */
  private static int firstInt(PreparedStatement s, StatementCounter counter) throws SQLException {
    try (ResultSet rows = Counted.query(s, counter)) {
      return rows.next() ? rows.getInt(1) : 0;
    }
  }
}
