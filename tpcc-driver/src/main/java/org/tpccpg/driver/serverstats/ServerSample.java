package org.tpccpg.driver.serverstats;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reading of {@link StatsQuery}: the server's cumulative counters as they were at the sample
 * (null where the server cannot say), when each group of them was last reset, and the gauges.
 *
 * @param checkpointReset {@code stats_reset} of the checkpoint counters, null when never reset
 * @param walReset {@code pg_stat_wal.stats_reset}, null when never reset or not there
 * @param databaseReset {@code pg_stat_database.stats_reset} of the run's database
 * @param autovacuumWorkers autovacuum workers running at the sample, null where the server cannot
 *     tell them (before 10)
 * @param waitEvents per {@code type:event}, the sessions waiting on it at the sample
 * @param vacuums the run's database's tables being vacuumed at the sample, each as {@link
 *     StatsQuery} labels it ({@code stock1}, {@code stock1 (manual)}, {@code stock1 (wraparound)}),
 *     with how many vacuums of it run (1 but for a table's indexes' own workers)
 */
public record ServerSample(
    Long checkpoints,
    Long checkpointsRequested,
    String checkpointReset,
    Long walBytes,
    String walReset,
    Long commits,
    Long rollbacks,
    Long deadlocks,
    Long tempBytes,
    String databaseReset,
    Integer autovacuumWorkers,
    Map<String, Long> waitEvents,
    Map<String, Long> vacuums) {

  public ServerSample {
    waitEvents = Map.copyOf(waitEvents);
    vacuums = Map.copyOf(vacuums);
  }

  /** The row of {@link StatsQuery#sql()}. */
  static ServerSample read(ResultSet row) throws SQLException {
    return new ServerSample(
        nullableLong(row, "checkpoints"),
        nullableLong(row, "checkpoints_requested"),
        row.getString("checkpoint_reset"),
        nullableLong(row, "wal_bytes"),
        row.getString("wal_reset"),
        nullableLong(row, "commits"),
        nullableLong(row, "rollbacks"),
        nullableLong(row, "deadlocks"),
        nullableLong(row, "temp_bytes"),
        row.getString("database_reset"),
        nullableInt(row, "autovacuum_workers"),
        parseCounts(row.getString("wait_events")),
        parseCounts(row.getString("vacuums")));
  }

  /**
   * {@code name=n,...} as the statement aggregates wait events and vacuums (names of wait events
   * hold neither {@code =} nor {@code ,}; the statement replaces a {@code ,} in a table's name);
   * null or empty for none.
   */
  static Map<String, Long> parseCounts(String text) {
    Map<String, Long> events = new LinkedHashMap<>();
    if (text == null || text.isEmpty()) {
      return events;
    }
    for (String item : text.split(",")) {
      int equals = item.lastIndexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException("not name=n: " + item);
      }
      events.merge(
          item.substring(0, equals), Long.parseLong(item.substring(equals + 1)), Long::sum);
    }
    return events;
  }

  private static Integer nullableInt(ResultSet row, String column) throws SQLException {
    int value = row.getInt(column);
    return row.wasNull() ? null : value;
  }

  private static Long nullableLong(ResultSet row, String column) throws SQLException {
    long value = row.getLong(column);
    return row.wasNull() ? null : value;
  }
}
