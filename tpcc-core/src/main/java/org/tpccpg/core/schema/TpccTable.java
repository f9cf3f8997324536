package org.tpccpg.core.schema;

import java.util.List;

/**
 * The nine TPC-C tables (TPC-C 1.3) under the names sysbench-tpcc gives them, with the column order
 * in which the loader copies their rows; {@code sql/tpcc/tables.sql} declares the columns in the
 * same order. In the database each table set carries its number as a suffix: {@code warehouse1},
 * {@code order_line2}.
 */
public enum TpccTable {
  /** WAREHOUSE (TPC-C 1.3.1). */
  WAREHOUSE(
      "warehouse", "w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd"),
  /** DISTRICT (TPC-C 1.3.1). */
  DISTRICT(
      "district",
      "d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd,"
          + " d_next_o_id"),
  /** CUSTOMER (TPC-C 1.3.1). */
  CUSTOMER(
      "customer",
      "c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state,"
          + " c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance,"
          + " c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data"),
  /** HISTORY (TPC-C 1.3.1). */
  HISTORY("history", "h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data"),
  /** ORDER (TPC-C 1.3.1), named {@code orders} because ORDER is an SQL keyword. */
  ORDERS("orders", "o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local"),
  /** NEW-ORDER (TPC-C 1.3.1). */
  NEW_ORDERS("new_orders", "no_o_id, no_d_id, no_w_id"),
  /** ORDER-LINE (TPC-C 1.3.1). */
  ORDER_LINE(
      "order_line",
      "ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d,"
          + " ol_quantity, ol_amount, ol_dist_info"),
  /** STOCK (TPC-C 1.3.1). */
  STOCK(
      "stock",
      "s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05,"
          + " s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt,"
          + " s_remote_cnt, s_data"),
  /** ITEM (TPC-C 1.3.1); each table set has its own. */
  ITEM("item", "i_id, i_im_id, i_name, i_price, i_data");

  private final String baseName;
  private final String copyColumns;
  private final List<String> columns;

  TpccTable(String baseName, String copyColumns) {
    this.baseName = baseName;
    this.copyColumns = copyColumns;
    this.columns = List.of(copyColumns.split(",\\s*", -1));
  }

  /** The name without set suffix, as it appears in {@code sql/tpcc/*.sql}: {@code order_line}. */
  public String baseName() {
    return baseName;
  }

  /**
   * The table's name in a table set: {@code order_line} in set 2 is {@code order_line2}.
   *
   * @throws IllegalArgumentException when {@code set} is below 1
   */
  public String nameInSet(int set) {
    return baseName + TableSets.requireValid(set);
  }

  /** The comma-separated column list for {@code COPY table (columns) FROM STDIN}. */
  public String copyColumns() {
    return copyColumns;
  }

  /** The number of columns, which is the number of fields in each copied row. */
  public int columnCount() {
    return columns.size();
  }

  /** The column names in table order, as sysbench-tpcc and {@code tables.sql} declare them. */
  public List<String> columns() {
    return columns;
  }

  /** The table whose base name is given, in any case. */
  public static TpccTable ofBaseName(String baseName) {
    for (TpccTable table : values()) {
      if (table.baseName.equalsIgnoreCase(baseName)) {
        return table;
      }
    }
    throw new IllegalArgumentException("not a TPC-C table: \"" + baseName + "\"");
  }
}
