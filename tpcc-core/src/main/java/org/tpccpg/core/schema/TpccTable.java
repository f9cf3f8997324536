package org.tpccpg.core.schema;

import java.util.Locale;

/**
 * The nine TPC-C tables (TPC-C 1.3) under the names sysbench-tpcc gives them. In the database each
 * table set carries its number as a suffix: {@code warehouse1}, {@code order_line2}.
 */
public enum TpccTable {
  WAREHOUSE,
  DISTRICT,
  CUSTOMER,
  HISTORY,
  ORDERS,
  NEW_ORDERS,
  ORDER_LINE,
  STOCK,
  ITEM;

  private final String baseName = name().toLowerCase(Locale.ROOT);

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
