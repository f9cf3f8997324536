package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.tpccpg.core.jdbc.ServerVersion;

/**
 * What a run learns from the database before it starts, and the vacuum it does first, as pgbench
 * does them: the scale is {@code count(*)} of {@code pgbench_branches}, the partitioning is read
 * from the catalogs (from 10, which brought partitioning; none before).
 *
 * @param scale the scaling factor
 * @param partitionMethod {@code range} or {@code hash}, empty when not partitioned
 * @param partitions the number of partitions of {@code pgbench_accounts}
 * @param serverVersion the server's {@code server_version}
 */
record TpcbDatabase(int scale, String partitionMethod, int partitions, String serverVersion) {
  private static final String PARTITIONS =
      "SELECT CASE p.partstrat WHEN 'r' THEN 'range' WHEN 'h' THEN 'hash' ELSE '' END,"
          + " (SELECT count(*) FROM pg_catalog.pg_inherits i WHERE i.inhparent = p.partrelid)"
          + " FROM pg_catalog.pg_partitioned_table p"
          + " WHERE p.partrelid = 'pgbench_accounts'::regclass";

  private static final String WITHOUT_PRIMARY_KEY =
      """
      SELECT t.name
        FROM unnest(ARRAY['pgbench_branches', 'pgbench_tellers', 'pgbench_accounts'])
             WITH ORDINALITY AS t(name, position)
       WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint c
                          WHERE c.conrelid = to_regclass(t.name) AND c.contype = 'p')
       ORDER BY t.position
      """;

  /**
   * The tables of branches, tellers and accounts that have no primary key: an initialization
   * without its {@code p} step, or one that failed before it. pgbench runs on them all the same,
   * each transaction scanning whole tables.
   */
  static List<String> tablesWithoutPrimaryKey(Connection connection) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(WITHOUT_PRIMARY_KEY)) {
      while (rows.next()) {
        tables.add(rows.getString(1));
      }
    }
    return tables;
  }

  /**
   * Reads the scale, partitioning and server version.
   *
   * @throws PgbenchError with pgbench's lines when the tables are missing
   */
  static TpcbDatabase inspect(Connection connection, String database) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      long count;
      String query = "select count(*) from pgbench_branches"; // pgbench's, for its LINE 1
      try (ResultSet rs = statement.executeQuery(query)) {
        rs.next();
        count = rs.getLong(1);
      } catch (SQLException e) {
        throw new PgbenchError(
            "could not count number of branches: "
                + PgbenchError.serverError(e, query)
                + "\nhint: Perhaps you need to do initialization (\"tpcc tpcb -i\") in database \""
                + database
                + "\".",
            e);
      }
      if (count < 1 || count > Integer.MAX_VALUE) {
        throw new SQLException("invalid count(*) from pgbench_branches: \"" + count + "\"");
      }
      String method = "";
      int partitions = 0;
      // Declarative partitioning, and pg_partitioned_table, came in 10: an older server's tables
      // are not partitioned (pgbench takes them so when its query fails)
      if (ServerVersion.of(connection).atLeast(10)) {
        try (ResultSet rs = statement.executeQuery(PARTITIONS)) {
          if (rs.next()) {
            method = rs.getString(1);
            partitions = rs.getInt(2);
          }
        }
      }
      String version = connection.getMetaData().getDatabaseProductVersion();
      return new TpcbDatabase((int) count, method, partitions, version);
    }
  }

  /**
   * pgbench's vacuum before a run, with its lines on {@code err}. Like pgbench, a failed vacuum is
   * reported and the run goes on.
   */
  static void vacuum(Connection connection, VacuumMode mode, PrintWriter err) throws SQLException {
    if (mode == VacuumMode.NONE) {
      return;
    }
    err.print("starting vacuum...");
    err.flush();
    tryEach(
        connection,
        err,
        "VACUUM pgbench_branches",
        "VACUUM pgbench_tellers",
        "TRUNCATE pgbench_history");
    err.println("end.");
    if (mode == VacuumMode.ALL) {
      err.print("starting vacuum pgbench_accounts...");
      err.flush();
      tryEach(connection, err, "VACUUM ANALYZE pgbench_accounts");
      err.println("end.");
    }
    err.flush();
  }

  private static void tryEach(Connection connection, PrintWriter err, String... statements)
      throws SQLException {
    connection.setAutoCommit(true);
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        try {
          statement.execute(sql);
        } catch (SQLException e) {
          err.println();
          err.println("tpcc tpcb: error: " + sql + " failed: " + e.getMessage());
          err.println("(ignoring this error and continuing anyway)");
        }
      }
    }
  }
}
