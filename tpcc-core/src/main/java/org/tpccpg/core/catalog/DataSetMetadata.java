package org.tpccpg.core.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.schema.TpccTable;

/**
 * Reads and writes the load record, the {@code tpcc_metadata} tables (created by {@code
 * sql/tpcc/metadata.sql}). Never commits.
 */
public final class DataSetMetadata {
  private static final String EXISTS =
      """
      SELECT to_regclass('tpcc_metadata') IS NOT NULL
      """;

  private static final String SELECT =
      """
      SELECT table_sets, warehouses_per_set, seed, c_last_load, c_id_load, ol_i_id_load,
             tool_version, use_fk, loaded_at, state, runs, purge_used,
             -- a record written before the distribution column was is one of plain tables
             coalesce(to_jsonb(m) ->> 'distribution', 'none')
        FROM tpcc_metadata m
      """;

  private static final String INSERT =
      """
      INSERT INTO tpcc_metadata (table_sets, warehouses_per_set, seed, c_last_load, c_id_load,
                                 ol_i_id_load, tool_version, use_fk, loaded_at, state,
                                 distribution)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'loading', ?)
      """;

  private static final String MARK_COMPLETE =
      """
      UPDATE tpcc_metadata SET state = 'complete'
      """;

  private static final String RECORD_RUN =
      """
      UPDATE tpcc_metadata SET runs = runs + 1, purge_used = purge_used OR ?
      """;

  /** Lists a table the loader just created, by name and OID, in the load's transaction. */
  private static final String RECORD_TABLE =
      """
      INSERT INTO tpcc_metadata_table (set_number, table_name, relid)
      SELECT ?, c.relname, c.oid
        FROM pg_class c
       WHERE c.relname = ?
         AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
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
              row.getBoolean(12),
              DataSetInfo.Origin.THIS_TOOL,
              row.getString(13)));
    }
  }

  /**
   * The recorded load, which must be complete and have the given shape; for a data set of
   * sysbench-tpcc's without a record, the shape read from its data ({@link SysbenchDataSet}). A
   * mismatch is worded for a library caller, by the shape asked for ({@code WorkloadShape}).
   *
   * @throws DataSetException with a message saying what is wrong and what to run
   */
  public static DataSetInfo requireMatching(Connection connection, int tableSets, int warehouses)
      throws SQLException, DataSetException {
    return requireMatching(
        connection,
        tableSets,
        warehouses,
        found ->
            "the data set here has "
                + found.tableSets()
                + " table set(s) of "
                + found.warehousesPerSet()
                + " warehouse(s), not the "
                + tableSets
                + " of "
                + warehouses
                + " asked for: give its shape (WorkloadShape.of("
                + found.tableSets()
                + ", "
                + found.warehousesPerSet()
                + ")), or load one of the shape asked for");
  }

  /**
   * The same, with a mismatch worded by {@code mismatch} from the data set found (the command line
   * names its options).
   */
  public static DataSetInfo requireMatching(
      Connection connection, int tableSets, int warehouses, Function<DataSetInfo, String> mismatch)
      throws SQLException, DataSetException {
    DataSetCatalog catalog = DataSetCatalogReader.read(connection);
    Optional<DataSetInfo> recorded = catalog.record();
    if (recorded.isEmpty() && catalog.claimedSets().isEmpty()) {
      throw new DataSetException(
          WorkingSchema.describe(connection, "no TPC-C data set", ": run prepare first"));
    }
    if (recorded.isEmpty() && catalog.hasLoadRecord()) {
      throw new DataSetException(
          "the TPC-C tables here have an empty load record (tpcc_metadata has no row): run"
              + " cleanup, then prepare");
    }
    // Without a record of ours, the claimed sets are complete sysbench-tpcc sets (DataSetCatalog).
    DataSetInfo info =
        recorded.isPresent() ? recorded.get() : SysbenchDataSet.infer(connection, catalog);
    if (!info.complete()) {
      throw new DataSetException(incomplete(connection, catalog, info));
    }
    if (info.tableSets() != tableSets || info.warehousesPerSet() != warehouses) {
      throw new DataSetException(mismatch.apply(info));
    }
    requireEveryTable(catalog, tableSets);
    return info;
  }

  /**
   * Why an unfinished load cannot be run on, and how to finish it. With every table of the record
   * there, the warehouses and items still missing are named with the range load that adds only them
   * (a scale-out prepare between its steps, or a killed range load, keeps what is loaded); cleanup
   * is offered last, as starting over.
   */
  private static String incomplete(Connection connection, DataSetCatalog catalog, DataSetInfo info)
      throws SQLException {
    boolean everyTable = catalog.listsTables();
    for (int set = 1; everyTable && set <= info.tableSets(); set++) {
      everyTable = catalog.claim(set).missing().isEmpty();
    }
    if (info.origin() != DataSetInfo.Origin.THIS_TOOL || !everyTable) {
      return "the TPC-C data set here is incomplete (its prepare did not finish): run cleanup, then"
          + " prepare";
    }
    UnfinishedLoad load =
        UnfinishedLoad.read(connection, info.tableSets(), info.warehousesPerSet());
    return "the TPC-C data set here is incomplete (tpcc_metadata says 'loading': a scale-out"
        + " prepare before its finish step, or a prepare that was stopped): "
        + load.describe()
        + "; "
        + load.nextSteps()
        + " (or run cleanup, then prepare, to start over)";
  }

  /** A run or check on a set with a table gone would report what did not happen: refuse it. */
  private static void requireEveryTable(DataSetCatalog catalog, int tableSets)
      throws DataSetException {
    List<String> missing = new ArrayList<>();
    for (int set = 1; set <= tableSets; set++) {
      for (TpccTable table : catalog.claim(set).missing()) {
        missing.add(table.nameInSet(set));
      }
    }
    if (missing.isEmpty()) {
      return;
    }
    throw new DataSetException(
        "the data set's table"
            + (missing.size() == 1 ? " " : "s ")
            + String.join(", ", missing.subList(0, Math.min(5, missing.size())))
            + (missing.size() > 5 ? " (and " + (missing.size() - 5) + " more)" : "")
            + (missing.size() == 1 ? " is" : " are")
            + " missing (dropped or replaced since prepare): run cleanup --tables="
            + tableSets
            + ", then prepare");
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
      insert.setString(10, info.distribution());
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

  /**
   * Lists a table of {@code set} that this load created in {@code tpcc_metadata_table}, so that
   * cleanup drops it and nothing else of that name.
   */
  public static void recordTable(Connection connection, int set, TpccTable table)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(RECORD_TABLE)) {
      insert.setInt(1, set);
      insert.setString(2, table.nameInSet(set));
      if (insert.executeUpdate() != 1) {
        throw new SQLException("table " + table.nameInSet(set) + " was not created");
      }
    }
  }
}
