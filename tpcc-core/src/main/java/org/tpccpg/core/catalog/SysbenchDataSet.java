package org.tpccpg.core.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;

/**
 * A data set that sysbench-tpcc's {@code prepare} loaded: its tables, but no {@code tpcc_metadata}.
 * What our load record would say is read from the data instead, read-only (nothing is written, so
 * the database stays as sysbench left it):
 *
 * <ul>
 *   <li>table sets: the complete sysbench-tpcc sets the {@link DataSetCatalog} finds, which must be
 *       1..N, as sysbench's {@code --tables=N} makes them;
 *   <li>warehouses per set: the largest {@code w_id} in any set's warehouse table (sysbench's
 *       {@code --scale}); a set with fewer is reported by {@code check}'s cardinality conditions;
 *   <li>foreign keys: whether district1 has any (sysbench's {@code use_fk});
 *   <li>load time: {@code c_since} of customer (1, 1, 1) of set 1, which sysbench's loader sets to
 *       {@code NOW()} and no transaction changes.
 * </ul>
 *
 * <p>The load's NURand C values are unknown (sysbench draws a new C on every call), see {@link
 * DataSetInfo#runConstants}; whether transactions have run is read from the data by {@code check}.
 */
public final class SysbenchDataSet {
  /** What the record of a sysbench-tpcc load says it was made by. */
  public static final String TOOL = "sysbench-tpcc";

  /**
   * The largest warehouse id in the set's tables keyed by warehouse first (cheap: the first column
   * of each primary key), so that a set whose warehouse table lost rows still shows its scale.
   */
  private static final String MAX_WAREHOUSE =
      """
      SELECT greatest((SELECT max(w_id) FROM warehouse${set}),
                      (SELECT max(d_w_id) FROM district${set}),
                      (SELECT max(c_w_id) FROM customer${set}),
                      (SELECT max(s_w_id) FROM stock${set}), 0)
      """;

  private static final String HAS_FOREIGN_KEYS =
      """
      SELECT EXISTS (SELECT 1 FROM pg_constraint
                      WHERE conrelid = 'district1'::regclass AND contype = 'f')
      """;

  private static final String LOADED_AT =
      """
      SELECT c_since FROM customer1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1
      """;

  private SysbenchDataSet() {}

  /**
   * The shape of the sysbench-tpcc data set in {@code catalog}, read from its tables.
   *
   * @throws DataSetException when its sets are not numbered 1..N or it has no warehouses at all
   */
  public static DataSetInfo infer(Connection connection, DataSetCatalog catalog)
      throws SQLException, DataSetException {
    SortedSet<Integer> sets = catalog.claimedSets();
    int tableSets = sets.last();
    if (sets.first() != 1 || sets.size() != tableSets) {
      throw new DataSetException(
          "the sysbench-tpcc tables here are table sets "
              + SetNumbers.describe(sets)
              + ", not 1.."
              + tableSets
              + " as sysbench-tpcc's prepare --tables="
              + tableSets
              + " makes them: run sysbench-tpcc's cleanup, or this tool's cleanup --tables="
              + tableSets
              + ", then prepare");
    }
    SortedMap<Integer, Integer> warehouses = new TreeMap<>();
    for (int set : sets) {
      warehouses.put(set, intValue(connection, MAX_WAREHOUSE.replace("${set}", "" + set)));
    }
    int perSet = warehouses.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    if (perSet < 1) {
      throw new DataSetException(
          "the sysbench-tpcc tables here (table sets "
              + SetNumbers.describe(sets)
              + ") have no warehouse rows: their prepare did not finish; run cleanup --tables="
              + tableSets
              + ", then prepare");
    }
    return new DataSetInfo(
        tableSets,
        perSet,
        0,
        // Unknown, and never used as the load's (loadConstantsKnown() is false): a placeholder.
        new NuRandConstants(0, 0, 0),
        TOOL,
        booleanValue(connection, HAS_FOREIGN_KEYS),
        loadedAt(connection),
        true,
        0,
        false,
        DataSetInfo.Origin.SYSBENCH_TPCC);
  }

  /**
   * The line {@code run} and {@code check} print for a sysbench-tpcc data set: what was inferred
   * and what that means for the NURand constants.
   */
  public static String describe(DataSetInfo info) {
    return "no tpcc_metadata here: table sets 1.."
        + info.tableSets()
        + " were loaded by sysbench-tpcc, "
        + info.warehousesPerSet()
        + " warehouse(s) per set (read from the data); the load's NURand C is unknown"
        + " (sysbench-tpcc draws a new one on every call), so runs draw their C values freely,"
        + " without TPC-C 2.1.6.1's C_LAST delta to the load";
  }

  private static int intValue(Connection connection, String sql) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(sql);
        ResultSet row = select.executeQuery()) {
      row.next();
      return row.getInt(1);
    }
  }

  private static boolean booleanValue(Connection connection, String sql) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(sql);
        ResultSet row = select.executeQuery()) {
      return row.next() && row.getBoolean(1);
    }
  }

  private static Instant loadedAt(Connection connection) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(LOADED_AT);
        ResultSet row = select.executeQuery()) {
      Timestamp since = row.next() ? row.getTimestamp(1) : null;
      return since == null ? Instant.EPOCH : since.toInstant();
    }
  }
}
