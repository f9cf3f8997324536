package org.tpccpg.driver.sweep;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The size of a target's database and of a workload's tables at one moment, read with functions
 * every server from 9.6 to 18 has and that need no superuser ({@code pg_database_size}, {@code
 * pg_relation_size}, {@code pg_indexes_size}, {@code pg_total_relation_size}). Only tables the tool
 * made are measured: pgbench's four (and their partitions) as {@code tpcb -i} names them on the
 * search path, and for TPC-C the tables that {@code tpcc_metadata_table} lists, which {@code
 * prepare} records as it creates them. It reads sizes and nothing else.
 *
 * @param databaseBytes {@code pg_database_size} of the connection's database
 * @param tables per table name its sizes, in name order; empty when the workload has no tables here
 */
public record DatabaseSizes(long databaseBytes, Map<String, TableSize> tables) {
  /**
   * One table's size.
   *
   * @param tableBytes its main fork ({@code pg_relation_size})
   * @param indexesBytes its indexes ({@code pg_indexes_size})
   * @param totalBytes all of it: forks, TOAST and indexes ({@code pg_total_relation_size})
   */
  public record TableSize(long tableBytes, long indexesBytes, long totalBytes) {}

  public DatabaseSizes {
    tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
  }

  private static final String DATABASE_AND_METADATA =
      """
      SELECT pg_database_size(current_database()),
             to_regclass('tpcc_metadata_table') IS NOT NULL
      """;

  // pgbench's tables where the run finds them (the search path), and with --partitions the
  // partitions of pgbench_accounts, whose parent has no storage of its own
  private static final String TPCB =
      """
      WITH ours AS (
        SELECT to_regclass(name) AS oid
        FROM unnest(ARRAY['pgbench_accounts', 'pgbench_branches', 'pgbench_tellers',
                          'pgbench_history']) AS name
      )
      SELECT c.relname, pg_relation_size(c.oid), pg_indexes_size(c.oid),
             pg_total_relation_size(c.oid)
      FROM pg_class c
      WHERE c.oid IN (SELECT oid FROM ours)
         OR c.oid IN (SELECT i.inhrelid FROM pg_inherits i
                      WHERE i.inhparent IN (SELECT oid FROM ours))
      ORDER BY c.relname
      """;

  // the tables prepare recorded as its own by OID (sql/tpcc/metadata.sql), so that a user's table
  // of a TPC-C name is never read
  private static final String TPCC =
      """
      SELECT c.relname, pg_relation_size(c.oid), pg_indexes_size(c.oid),
             pg_total_relation_size(c.oid)
      FROM tpcc_metadata_table t JOIN pg_class c ON c.oid = t.relid
      ORDER BY c.relname
      """;

  /** Reads the sizes now, for a workload of {@code kind} ({@code tpcb} or {@code tpcc}). */
  static DatabaseSizes read(Connection connection, String kind) throws SQLException {
    long database;
    boolean tpccData;
    try (PreparedStatement statement = connection.prepareStatement(DATABASE_AND_METADATA);
        ResultSet row = statement.executeQuery()) {
      row.next();
      database = row.getLong(1);
      tpccData = row.getBoolean(2);
    }
    Map<String, TableSize> tables = new LinkedHashMap<>();
    boolean tpcb = kind.equals(Workload.TPCB);
    if (tpcb || tpccData) {
      try (PreparedStatement statement = connection.prepareStatement(tpcb ? TPCB : TPCC);
          ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          tables.put(
              rows.getString(1), new TableSize(rows.getLong(2), rows.getLong(3), rows.getLong(4)));
        }
      }
    }
    return new DatabaseSizes(database, tables);
  }
}
