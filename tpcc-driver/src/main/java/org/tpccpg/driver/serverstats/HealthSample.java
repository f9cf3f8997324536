package org.tpccpg.driver.serverstats;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * The run's database's long-run health at one moment, read rarely ({@link
 * ServerStatsSampler#HEALTH_PERIOD_NANOS}) on the statistics connection with what every server from
 * 9.6 to 18 gives a role that is not a superuser: its size, the XID age of its oldest frozen XID
 * against {@code autovacuum_freeze_max_age}, its temporary files, the standbys attached, and per
 * table the tool made ({@link OwnTables}) its size, its indexes' size, its live and dead tuples and
 * its frozen XID's age. It reads statistics and sizes, never a row.
 *
 * @param databaseBytes {@code pg_database_size} of the run's database
 * @param xidAge {@code age(datfrozenxid)} of the run's database: what autovacuum must bring down
 *     before {@code autovacuum_freeze_max_age}
 * @param freezeMaxAge {@code autovacuum_freeze_max_age}
 * @param tempFiles {@code pg_stat_database.temp_files} of the run's database, cumulative
 * @param standbys the standbys attached ({@code pg_stat_replication} rows; 0 without the right to
 *     see them)
 * @param replicationLagBytes the most WAL a standby has yet to replay, null without a standby or on
 *     a standby, or without the right to see their positions
 * @param tables per table name, in name order
 */
public record HealthSample(
    long databaseBytes,
    long xidAge,
    long freezeMaxAge,
    long tempFiles,
    long standbys,
    Long replicationLagBytes,
    Map<String, TableHealth> tables) {

  /**
   * One table.
   *
   * @param tableBytes its main fork ({@code pg_relation_size})
   * @param indexesBytes its indexes ({@code pg_indexes_size})
   * @param liveTuples {@code n_live_tup}, as the statistics estimate it
   * @param deadTuples {@code n_dead_tup}: what vacuum has yet to remove (bloat in waiting)
   * @param xidAge {@code age(relfrozenxid)}
   */
  public record TableHealth(
      long tableBytes, long indexesBytes, long liveTuples, long deadTuples, long xidAge) {}

  public HealthSample {
    tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
  }

  /** The most standbys' WAL lag, by how 10 renamed the functions; null on a standby. */
  private static String lag(int versionNum) {
    String lsn =
        versionNum >= 100000
            ? "pg_wal_lsn_diff(pg_current_wal_lsn(), r.replay_lsn)"
            : "pg_xlog_location_diff(pg_current_xlog_location(), r.replay_location)";
    return "CASE WHEN pg_is_in_recovery() THEN NULL ELSE (SELECT max("
        + lsn
        + ")::bigint"
        + " FROM pg_stat_replication r) END";
  }

  private static String database(int versionNum) {
    return "SELECT pg_database_size(d.datname), age(d.datfrozenxid),"
        + " current_setting('autovacuum_freeze_max_age')::bigint, s.temp_files,"
        + " (SELECT count(*) FROM pg_stat_replication), "
        + lag(versionNum)
        + " FROM pg_database d JOIN pg_stat_database s ON s.datid = d.oid"
        + " WHERE d.datname = current_database()";
  }

  // a partitioned parent (relkind p) has no storage and no frozen XID of its own
  private static final String TABLES =
      """
      SELECT c.relname, pg_relation_size(c.oid), pg_indexes_size(c.oid),
             coalesce(s.n_live_tup, 0), coalesce(s.n_dead_tup, 0), age(c.relfrozenxid)
      FROM own JOIN pg_class c ON c.oid = own.oid
      LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
      WHERE c.relkind = 'r'
      ORDER BY c.relname
      """;

  /**
   * How long the sizes wait for a table's lock: {@code pg_relation_size} takes an ACCESS SHARE
   * lock, which waits behind an ACCESS EXCLUSIVE one (LOCK TABLE, VACUUM FULL, most ALTER TABLEs).
   * The statistics connection must not wait with it: it samples the server twice a second, and a
   * dip's causes are read from those samples.
   */
  static final String LOCK_TIMEOUT = "200ms";

  /**
   * Reads it now, on a server of {@code versionNum}; empty when a table of the workload was locked
   * for longer than {@link #LOCK_TIMEOUT}. The connection is in autocommit before and after.
   */
  static Optional<HealthSample> read(Connection connection, OwnTables own, int versionNum)
      throws SQLException {
    Map<String, TableHealth> tables = new LinkedHashMap<>();
    Optional<String> sql = own.statement(connection, TABLES);
    if (sql.isPresent() && !readTables(connection, sql.get(), tables)) {
      return Optional.empty();
    }
    return Optional.of(readDatabase(connection, versionNum, tables));
  }

  /**
   * The tables' figures, in a transaction of their own so that {@code SET LOCAL} bounds the lock
   * wait to it (a session SET would outlive the statement on a transaction pooler's server
   * connection, which other clients share); false when a table's lock was not granted in time.
   */
  private static boolean readTables(
      Connection connection, String sql, Map<String, TableHealth> tables) throws SQLException {
    connection.setAutoCommit(false);
    try (Statement timeout = connection.createStatement();
        PreparedStatement s = connection.prepareStatement(sql)) {
      timeout.execute("SET LOCAL lock_timeout = '" + LOCK_TIMEOUT + "'");
      try (ResultSet rows = s.executeQuery()) {
        while (rows.next()) {
          tables.put(
              rows.getString(1),
              new TableHealth(
                  rows.getLong(2),
                  rows.getLong(3),
                  rows.getLong(4),
                  rows.getLong(5),
                  rows.getLong(6)));
        }
      }
      connection.commit();
      return true;
    } catch (SQLException e) {
      if (!SqlStateClass.isLockNotAvailable(e.getSQLState())) {
        throw e;
      }
      connection.rollback();
      return false;
    } finally {
      connection.setAutoCommit(true);
    }
  }

  private static HealthSample readDatabase(
      Connection connection, int versionNum, Map<String, TableHealth> tables) throws SQLException {
    try (PreparedStatement s = connection.prepareStatement(database(versionNum));
        ResultSet row = s.executeQuery()) {
      if (!row.next()) {
        throw new SQLException("the run's database is missing from pg_database");
      }
      long lag = row.getLong(6);
      Long lagBytes = row.wasNull() ? null : lag;
      return new HealthSample(
          row.getLong(1),
          row.getLong(2),
          row.getLong(3),
          row.getLong(4),
          row.getLong(5),
          lagBytes,
          tables);
    }
  }
}
