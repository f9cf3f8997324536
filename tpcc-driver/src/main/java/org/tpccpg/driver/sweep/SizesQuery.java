package org.tpccpg.driver.sweep;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.tpccpg.driver.results.DatabaseSizes;
import org.tpccpg.driver.results.DatabaseSizes.TableSize;
import org.tpccpg.driver.serverstats.OwnTables;

/**
 * Reads {@link DatabaseSizes} with functions every server from 9.6 to 18 has and that need no
 * superuser ({@code pg_database_size}, {@code pg_relation_size}, {@code pg_indexes_size}, {@code
 * pg_total_relation_size}). Only tables the tool made are measured ({@link OwnTables}). It reads
 * sizes and nothing else.
 */
final class SizesQuery {
  private static final String DATABASE = "SELECT pg_database_size(current_database())";

  private static final String SIZES =
      """
      SELECT c.relname, pg_relation_size(c.oid), pg_indexes_size(c.oid),
             pg_total_relation_size(c.oid)
      FROM own JOIN pg_class c ON c.oid = own.oid
      ORDER BY c.relname
      """;

  private SizesQuery() {}

  /** Reads the sizes now, for a workload of {@code kind} ({@code tpcb} or {@code tpcc}). */
  static DatabaseSizes read(Connection connection, String kind) throws SQLException {
    long database;
    try (PreparedStatement statement = connection.prepareStatement(DATABASE);
        ResultSet row = statement.executeQuery()) {
      row.next();
      database = row.getLong(1);
    }
    Map<String, TableSize> tables = new LinkedHashMap<>();
    OwnTables own = kind.equals(Workload.TPCB) ? OwnTables.TPCB : OwnTables.TPCC;
    Optional<String> sql = own.statement(connection, SIZES);
    if (sql.isPresent()) {
      try (PreparedStatement statement = connection.prepareStatement(sql.get());
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
