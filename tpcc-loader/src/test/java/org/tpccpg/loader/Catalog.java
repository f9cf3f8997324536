package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Catalog look-ups the loader ITs assert on. */
final class Catalog {
  private Catalog() {}

  static long count(Connection connection, String sql) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql);
        ResultSet rows = statement.executeQuery()) {
      rows.next();
      return rows.getLong(1);
    }
  }

  static String string(Connection connection, String sql) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql);
        ResultSet rows = statement.executeQuery()) {
      rows.next();
      return rows.getString(1);
    }
  }

  static List<String> strings(Connection connection, String sql, String parameter)
      throws SQLException {
    List<String> result = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, parameter);
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          result.add(rows.getString(1));
        }
      }
    }
    return result;
  }

  /** Constraints of the given type ('p' primary, 'f' foreign) on tables whose name ends in set. */
  static long constraints(Connection connection, char type, int set) throws SQLException {
    return count(
        connection,
        "SELECT count(*) FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid"
            + " WHERE c.contype = '"
            + type
            + "' AND t.relname ~ '^[a-z_]+"
            + set
            + "$'");
  }

  /** Indexes that do not back a constraint, on the set's tables. */
  static long secondaryIndexes(Connection connection, int set) throws SQLException {
    return count(
        connection,
        "SELECT count(*) FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid"
            + " WHERE t.relname ~ '^[a-z_]+"
            + set
            + "$' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)");
  }

  /** Tables and indexes of the current schema that match a TPC-C name or the metadata. */
  static long tpccRelations(Connection connection) throws SQLException {
    return count(
        connection,
        "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE n.nspname = current_schema() AND (c.relname ~"
            + " '^(warehouse|district|customer|history|orders|new_orders|order_line|stock|item)[0-9]+$'"
            + " OR c.relname LIKE 'tpcc_metadata%')");
  }
}
