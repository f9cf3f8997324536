package org.tpccpg.driver.serverstats;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Which tables of the connection's database the tool made, so that what it reads of them (sizes,
 * tuples, frozen XIDs) never touches a user's table: pgbench's four as {@code tpcb -i} names them
 * on the search path, and the partitions of pgbench_accounts; for TPC-C the tables that {@code
 * tpcc_metadata_table} lists, which {@code prepare} records by OID as it creates them. Each is a
 * {@code WITH own(oid) AS (...)} a statement continues.
 */
public enum OwnTables {
  /** pgbench's tables where the run finds them (the search path), and their partitions. */
  TPCB(
      """
      WITH named AS (
        SELECT to_regclass(name) AS oid
        FROM unnest(ARRAY['pgbench_accounts', 'pgbench_branches', 'pgbench_tellers',
                          'pgbench_history']) AS name
      ), own(oid) AS (
        SELECT oid FROM named WHERE oid IS NOT NULL
        UNION SELECT i.inhrelid FROM pg_inherits i WHERE i.inhparent IN (SELECT oid FROM named)
      )
      """),
  /** The tables prepare recorded as its own (sql/tpcc/metadata.sql). */
  TPCC(
      """
      WITH own(oid) AS (SELECT relid FROM tpcc_metadata_table)
      """);

  private static final String TPCC_METADATA =
      "SELECT to_regclass('tpcc_metadata_table') IS NOT NULL";

  private final String with;

  OwnTables(String with) {
    this.with = with;
  }

  /**
   * {@code WITH own(oid) AS (...)} followed by {@code rest}, or empty when the database holds none
   * of them (TPC-C without {@code tpcc_metadata_table}).
   */
  public Optional<String> statement(Connection connection, String rest) throws SQLException {
    if (this == TPCC) {
      try (PreparedStatement s = connection.prepareStatement(TPCC_METADATA);
          ResultSet row = s.executeQuery()) {
        row.next();
        if (!row.getBoolean(1)) {
          return Optional.empty();
        }
      }
    }
    return Optional.of(with + rest);
  }
}
