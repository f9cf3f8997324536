package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;
import static org.tpccpg.core.spec.TpccConstants.STOCK_REORDER_MARGIN;
import static org.tpccpg.core.spec.TpccConstants.STOCK_RESTOCK;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.jdbc.Counted;
import org.tpccpg.core.jdbc.MissingRow;
import org.tpccpg.core.jdbc.SetSql;
import org.tpccpg.core.sql.StatementCounter;

/** The per-line part of New-Order (TPC-C 2.4.2.2): item, stock, order line. */
final class OrderLines {
  private static final String ITEM =
      """
      SELECT i_price, i_name, i_data FROM item${set} WHERE i_id = ?""";
  private static final String STOCK =
      """
      SELECT s_quantity, s_data, s_dist_${district} FROM stock${set}
       WHERE s_i_id = ? AND s_w_id = ? FOR UPDATE""";
  // TPC-C 2.4.2.2 maintains S_YTD, S_ORDER_CNT and S_REMOTE_CNT; sysbench-tpcc never does.
  private static final String STOCK_UPDATE =
      """
      UPDATE stock${set}
         SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1,
             s_remote_cnt = s_remote_cnt + ?
       WHERE s_i_id = ? AND s_w_id = ?""";
  private static final String STOCK_UPDATE_SYSBENCH =
      """
      UPDATE stock${set} SET s_quantity = ? WHERE s_i_id = ? AND s_w_id = ?""";
  private static final String LINE_INSERT =
      """
      INSERT INTO order_line${set} (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
                                    ol_quantity, ol_amount, ol_dist_info)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""";

  private final SetSql item;
  private final SetSql[] stockByDistrict = new SetSql[DISTRICTS_PER_WAREHOUSE];
  private final SetSql stockUpdate;
  private final SetSql lineInsert;
  private final boolean compat;

  OrderLines(WorkloadShape shape) {
    compat = shape.sysbenchCompat();
    item = new SetSql(ITEM, shape.tableSets());
    for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
      String column = (d < 10 ? "0" : "") + d;
      stockByDistrict[d - 1] = new SetSql(STOCK.replace("${district}", column), shape.tableSets());
    }
    stockUpdate = new SetSql(compat ? STOCK_UPDATE_SYSBENCH : STOCK_UPDATE, shape.tableSets());
    lineInsert = new SetSql(LINE_INSERT, shape.tableSets());
  }

  /**
   * Processes the lines in input order; returns false, after inserting the lines before it, at the
   * first unused item (TPC-C 2.4.2.3).
   */
  boolean run(
      Connection c,
      NewOrderInput in,
      int orderId,
      int discount,
      int taxes,
      StatementCounter counter)
      throws SQLException {
    int set = in.tableSet();
    try (StatementGroup group = new StatementGroup(c)) {
      PreparedStatement itemSelect = group.prepare(item.of(set));
      PreparedStatement stockSelect = group.prepare(stockByDistrict[in.districtId() - 1].of(set));
      PreparedStatement update = group.prepare(stockUpdate.of(set));
      PreparedStatement insert = group.prepare(lineInsert.of(set));
      for (int i = 0; i < in.orderLineCount(); i++) {
        long price = priceCents(itemSelect, in.itemId(i), counter);
        if (price < 0) {
          flush(insert, i, counter);
          return false;
        }
        String distInfo = takeStock(stockSelect, update, in, i, counter);
        insert.setInt(1, orderId);
        insert.setInt(2, in.districtId());
        insert.setInt(3, in.warehouseId());
        insert.setInt(4, i + 1);
        insert.setInt(5, in.itemId(i));
        insert.setInt(6, in.supplyWarehouseId(i));
        insert.setInt(7, in.quantity(i));
        insert.setBigDecimal(8, amount(in.quantity(i), price, discount, taxes, compat));
        insert.setString(9, distInfo);
        insert.addBatch();
      }
      flush(insert, in.orderLineCount(), counter);
      return true;
    }
  }

  /** I_PRICE in cents, or -1 when no item has the id. */
  private static long priceCents(PreparedStatement s, int itemId, StatementCounter counter)
      throws SQLException {
    s.setInt(1, itemId);
    try (ResultSet rows = Counted.query(s, counter)) {
      return rows.next() ? rows.getBigDecimal(1).movePointRight(2).longValueExact() : -1;
    }
  }

  /** Locks and updates the stock row of line {@code i}; returns S_DIST_xx for the order line. */
  private String takeStock(
      PreparedStatement select,
      PreparedStatement update,
      NewOrderInput in,
      int i,
      StatementCounter counter)
      throws SQLException {
    int stock;
    String distInfo;
    select.setInt(1, in.itemId(i));
    select.setInt(2, in.supplyWarehouseId(i));
    try (ResultSet rows = Counted.query(select, counter)) {
      if (!rows.next()) {
        throw MissingRow.of(
            "stock" + in.tableSet(),
            "s_i_id " + in.itemId(i) + ", s_w_id " + in.supplyWarehouseId(i));
      }
      stock = rows.getInt(1);
      distInfo = rows.getString(3);
    }
    int ordered = in.quantity(i);
    int p = 1;
    update.setInt(p++, newQuantity(stock, ordered, compat));
    if (!compat) {
      update.setInt(p++, ordered);
      update.setInt(p++, in.supplyWarehouseId(i) == in.warehouseId() ? 0 : 1);
    }
    update.setInt(p++, in.itemId(i));
    update.setInt(p, in.supplyWarehouseId(i));
    Counted.update(update, counter);
    return distInfo;
  }

  private static void flush(PreparedStatement insert, int lines, StatementCounter counter)
      throws SQLException {
    if (lines > 0) {
      Counted.batch(insert, counter);
    }
  }

  /**
   * S_QUANTITY after ordering {@code ordered}: TPC-C 2.4.2.2 subtracts while {@code stock >=
   * ordered + 10} and otherwise adds 91 back; sysbench-tpcc tests {@code stock > ordered} instead.
   */
  static int newQuantity(int stock, int ordered, boolean sysbenchCompat) {
    boolean plenty = sysbenchCompat ? stock > ordered : stock >= ordered + STOCK_REORDER_MARGIN;
    return plenty ? stock - ordered : stock - ordered + STOCK_RESTOCK;
  }

  /**
   * OL_AMOUNT. TPC-C 2.4.2.2: OL_QUANTITY * I_PRICE, exact to the cent; tax and discount apply to
   * the order total, which is not stored. sysbench-tpcc stores qty * price * (1 + w_tax + d_tax) *
   * (1 - c_discount) formatted with %d, i.e. truncated to whole units; this computes it exactly in
   * integers (sysbench uses doubles, which can land one unit lower on an exact integer product).
   *
   * @param discount C_DISCOUNT in hundredths
   * @param taxes W_TAX + D_TAX in hundredths
   */
  static BigDecimal amount(
      int quantity, long priceCents, int discount, int taxes, boolean sysbenchCompat) {
    if (!sysbenchCompat) {
      return BigDecimal.valueOf(quantity * priceCents, 2);
    }
    long scaled = quantity * priceCents * (100 + taxes) * (100 - discount);
    return BigDecimal.valueOf(scaled / 1_000_000L);
  }
}
