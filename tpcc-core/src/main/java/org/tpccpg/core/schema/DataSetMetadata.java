package org.tpccpg.core.schema;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.random.NuRandConstants;

/**
 * Reads and writes the {@code tpcc_metadata} table (created by {@code sql/tpcc/metadata.sql}) and
 * finds the table sets present in the current schema. Never commits.
 */
public final class DataSetMetadata {
  private static final String EXISTS =
      """
      SELECT to_regclass('tpcc_metadata') IS NOT NULL
      """;

  private static final String SELECT =
      """
      SELECT table_sets, warehouses_per_set, seed, c_last_load, c_id_load, ol_i_id_load,
             tool_version, use_fk, loaded_at, state, runs, purge_used
        FROM tpcc_metadata
      """;

  private static final String INSERT =
      """
      INSERT INTO tpcc_metadata (table_sets, warehouses_per_set, seed, c_last_load, c_id_load,
                                 ol_i_id_load, tool_version, use_fk, loaded_at, state)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'loading')
      """;

  private static final String MARK_COMPLETE =
      """
      UPDATE tpcc_metadata SET state = 'complete'
      """;

  private static final String RECORD_RUN =
      """
      UPDATE tpcc_metadata SET runs = runs + 1, purge_used = purge_used OR ?
      """;

  /** Set numbers of every table named like one of the nine TPC-C tables plus a number. */
  private static final String EXISTING_SETS =
      """
      SELECT DISTINCT substring(c.relname from '([0-9]+)$')::int
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema()
         AND c.relkind IN ('r', 'p')
         AND c.relname ~ '^(warehouse|district|customer|history|orders|new_orders|order_line|stock|item)[0-9]+$'
      """;

  private DataSetMetadata() {}

  /** The recorded load, if there is a metadata table with a row in it. */
  public static Optional<DataSetInfo> read(Connection connection) throws SQLException {
    try (PreparedStatement exists = connection.prepareStatement(EXISTS);
        ResultSet found = exists.executeQuery()) {
      if (!found.next() || !found.getBoolean(1)) {
        return Optional.empty();
      }
    }
    try (PreparedStatement select = connection.prepareStatement(SELECT);
        ResultSet row = select.executeQuery()) {
      if (!row.next()) {
        return Optional.empty();
      }
      return Optional.of(
          new DataSetInfo(
              row.getInt(1),
              row.getInt(2),
              row.getLong(3),
              new NuRandConstants(row.getInt(4), row.getInt(5), row.getInt(6)),
              row.getString(7),
              row.getBoolean(8),
              row.getTimestamp(9).toInstant(),
              "complete".equals(row.getString(10)),
              row.getLong(11),
              row.getBoolean(12)));
    }
  }

  /**
   * The recorded load, which must be complete and have the given shape.
   *
   * @throws DataSetException with a message saying what is wrong and what to run
   */
  public static DataSetInfo requireMatching(Connection connection, int tableSets, int warehouses)
      throws SQLException, DataSetException {
    Optional<DataSetInfo> recorded = read(connection);
    if (recorded.isEmpty()) {
      if (!existingSets(connection).isEmpty()) {
        throw new DataSetException(
            "the TPC-C tables here were not loaded by this tool (no tpcc_metadata table): run"
                + " cleanup, then prepare");
      }
      throw new DataSetException("no TPC-C data set in this database: run prepare first");
    }
    DataSetInfo info = recorded.get();
    if (!info.complete()) {
      throw new DataSetException(
          "the TPC-C data set here is incomplete (its prepare did not finish): run cleanup, then"
              + " prepare");
    }
    if (info.tableSets() != tableSets || info.warehousesPerSet() != warehouses) {
      throw new DataSetException(
          "the options do not match the prepared data: --tables="
              + tableSets
              + " --scale="
              + warehouses
              + ", but the data set has "
              + info.tableSets()
              + " table set(s) of "
              + info.warehousesPerSet()
              + " warehouse(s); pass --tables="
              + info.tableSets()
              + " --scale="
              + info.warehousesPerSet()
              + " or prepare again");
    }
    return info;
  }

  /** Records a load that is starting; {@link #markComplete} records its end. */
  public static void recordStart(Connection connection, DataSetInfo info) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      insert.setInt(1, info.tableSets());
      insert.setInt(2, info.warehousesPerSet());
      insert.setLong(3, info.seed());
      insert.setInt(4, info.loadConstants().cLast());
      insert.setInt(5, info.loadConstants().cId());
      insert.setInt(6, info.loadConstants().orderLineItemId());
      insert.setString(7, info.toolVersion());
      insert.setBoolean(8, info.foreignKeys());
      insert.setTimestamp(9, Timestamp.from(info.loadedAt()));
      insert.executeUpdate();
    }
  }

  /** Records that a run starts on the data set, and whether it purges. */
  public static void recordRun(Connection connection, boolean purge) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(RECORD_RUN)) {
      update.setBoolean(1, purge);
      update.executeUpdate();
    }
  }

  public static void markComplete(Connection connection) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(MARK_COMPLETE)) {
      update.executeUpdate();
    }
  }

  /** The numbers of the table sets that have at least one table in the current schema. */
  public static SortedSet<Integer> existingSets(Connection connection) throws SQLException {
    SortedSet<Integer> sets = new TreeSet<>();
    try (PreparedStatement select = connection.prepareStatement(EXISTING_SETS);
        ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        sets.add(rows.getInt(1));
      }
    }
    return sets;
  }
}
