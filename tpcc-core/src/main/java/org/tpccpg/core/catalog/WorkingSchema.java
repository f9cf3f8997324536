package org.tpccpg.core.catalog;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Words what a command found of the schema it works in: every command works in the session's
 * current schema (the first schema of the {@code search_path} that exists, which sysbench-tpcc's
 * {@code --pgsql-schema} or {@code PGOPTIONS} sets), and a refusal names it. It reads two settings
 * and changes nothing.
 */
final class WorkingSchema {
  private static final String CURRENT = "SELECT current_schema(), current_setting('search_path')";

  private WorkingSchema() {}

  /**
   * "no schema to work in: ..." when the search path names no schema that exists, else {@code
   * found} with the schema's name and {@code advice}, e.g. "no TPC-C data set in schema bench: run
   * prepare first".
   *
   * @param found the start of the sentence for a schema that exists, without the schema
   * @param advice what follows the schema's name, e.g. ": run prepare first"
   */
  static String describe(Connection connection, String found, String advice) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(CURRENT)) {
      row.next();
      String schema = row.getString(1);
      if (schema == null) {
        return "no schema to work in: the search_path ("
            + row.getString(2)
            + ") names no schema that exists in this database";
      }
      return found + " in schema " + schema + advice;
    }
  }
}
