package org.tpccpg.core.check;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Whether transactions that change condition 11 (TPC-C 3.3.2.11) have run on a data set, read from
 * the data itself, so that it is known whoever ran them (this tool, sysbench-tpcc or another
 * client). The initial population (TPC-C 4.3.3.1) leaves every district with D_NEXT_O_ID = 3001 and
 * orders 2101..3000 in NEW-ORDER. Every committed New-Order raises D_NEXT_O_ID, and every Delivery
 * removes the district's oldest NEW-ORDER row, which is 2101 first. A Payment or a rolled-back
 * New-Order changes neither, and neither does it change count(ORDER) - count(NEW-ORDER), so
 * condition 11 stays checkable after them.
 *
 * @param districtsWithNewOrders districts whose D_NEXT_O_ID is no longer 3001
 * @param districtsWithDeliveries districts whose order 2101 is no longer in NEW-ORDER
 */
public record DataSetActivity(long districtsWithNewOrders, long districtsWithDeliveries) {
  private static final String QUERY =
      """
      SELECT (SELECT count(*) FROM district${set} WHERE d_next_o_id <> 3001),
             (SELECT count(*) FROM district${set} d
               WHERE NOT EXISTS (SELECT 1 FROM new_orders${set} n
                                  WHERE n.no_w_id = d.d_w_id AND n.no_d_id = d.d_id
                                    AND n.no_o_id = 2101))
      """;

  /** No district touched. */
  public static final DataSetActivity NONE = new DataSetActivity(0, 0);

  /** What the districts of {@code set} show. */
  public static DataSetActivity read(Connection connection, int set) throws SQLException {
    try (PreparedStatement select =
            connection.prepareStatement(QUERY.replace("${set}", Integer.toString(set)));
        ResultSet row = select.executeQuery()) {
      row.next();
      return new DataSetActivity(row.getLong(1), row.getLong(2));
    }
  }

  /** Both counts added up, over several sets. */
  public DataSetActivity plus(DataSetActivity other) {
    return new DataSetActivity(
        districtsWithNewOrders + other.districtsWithNewOrders,
        districtsWithDeliveries + other.districtsWithDeliveries);
  }

  /** Whether any New-Order or Delivery has been committed since the load. */
  public boolean transactionsRan() {
    return districtsWithNewOrders > 0 || districtsWithDeliveries > 0;
  }

  /**
   * Why condition 11 is skipped: {@code "holds only right after load, and transactions have run
   * (...)"}.
   */
  public String describe() {
    return "holds only right after load, and transactions have run (read from the data: "
        + districtsWithNewOrders
        + " district(s) with d_next_o_id no longer 3001, "
        + districtsWithDeliveries
        + " with order 2101 no longer in new_orders)";
  }
}
