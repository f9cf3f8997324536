package org.tpccpg.driver.serverstats;

/**
 * The one statement that reads a server's statistics for {@link ServerSample}, chosen by server
 * version (PostgreSQL 12 to 18; 10 and 11 take 12's, later ones 18's). It reads only cumulative
 * statistics views and, of {@code pg_stat_activity}, the backend type, state and wait event: the
 * columns the server shows for other users' sessions are never asked for.
 *
 * <p>One statement, so it needs no transaction of its own and works through a pooler in any pooling
 * mode; it makes one (read-only) commit per sample, which the run's database counts.
 *
 * @param versionNum the server's {@code server_version_num} it was chosen for
 * @param checkpoints where the checkpoint counts come from
 * @param wal where the WAL bytes come from
 * @param sql the statement; its columns are those {@link ServerSample#read} reads
 */
public record StatsQuery(int versionNum, CheckpointSource checkpoints, WalSource wal, String sql) {
  /** The oldest server the statement works on ({@code backend_type} came in 10). */
  public static final int OLDEST_VERSION_NUM = 100000;

  /** Where completed and requested checkpoints are counted. */
  public enum CheckpointSource {
    /** Up to 16: {@code pg_stat_bgwriter}'s {@code checkpoints_timed + checkpoints_req}. */
    BGWRITER("b.checkpoints_timed + b.checkpoints_req", "b.checkpoints_req", "pg_stat_bgwriter b"),
    /** 17: {@code pg_stat_checkpointer}'s {@code num_timed + num_requested}. */
    CHECKPOINTER("b.num_timed + b.num_requested", "b.num_requested", "pg_stat_checkpointer b"),
    /** From 18: {@code pg_stat_checkpointer.num_done}, the checkpoints actually performed. */
    CHECKPOINTER_DONE("b.num_done", "b.num_requested", "pg_stat_checkpointer b");

    private final String completed;
    private final String requested;
    private final String from;

    CheckpointSource(String completed, String requested, String from) {
      this.completed = completed;
      this.requested = requested;
      this.from = from;
    }
  }

  /** Where the WAL written is counted. */
  public enum WalSource {
    /** From 14: {@code pg_stat_wal.wal_bytes}. */
    PG_STAT_WAL,
    /**
     * Up to 13: the difference of {@code pg_current_wal_lsn()} between samples (page headers
     * included, so slightly more than {@code pg_stat_wal} would say); null on a standby.
     */
    LSN
  }

  /**
   * The statement for a server.
   *
   * @param versionNum its {@code server_version_num}, e.g. 150004
   * @throws IllegalArgumentException below {@link #OLDEST_VERSION_NUM}
   */
  public static StatsQuery forVersion(int versionNum) {
    if (versionNum < OLDEST_VERSION_NUM) {
      throw new IllegalArgumentException(
          "server statistics need PostgreSQL 10 or later but the server is " + versionNum);
    }
    CheckpointSource checkpoints =
        versionNum >= 180000
            ? CheckpointSource.CHECKPOINTER_DONE
            : versionNum >= 170000 ? CheckpointSource.CHECKPOINTER : CheckpointSource.BGWRITER;
    WalSource wal = versionNum >= 140000 ? WalSource.PG_STAT_WAL : WalSource.LSN;
    return new StatsQuery(versionNum, checkpoints, wal, sql(checkpoints, wal));
  }

  private static String sql(CheckpointSource checkpoints, WalSource wal) {
    String walColumns =
        wal == WalSource.PG_STAT_WAL
            ? "w.wal_bytes::bigint AS wal_bytes, w.stats_reset::text AS wal_reset"
            : "CASE WHEN pg_is_in_recovery() THEN NULL"
                + " ELSE pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint END AS wal_bytes,"
                + " NULL::text AS wal_reset";
    String walFrom = wal == WalSource.PG_STAT_WAL ? ", pg_stat_wal w" : "";
    return "SELECT "
        + checkpoints.completed
        + " AS checkpoints, "
        + checkpoints.requested
        + " AS checkpoints_requested, b.stats_reset::text AS checkpoint_reset, "
        + walColumns
        + ", d.xact_commit AS commits, d.xact_rollback AS rollbacks, d.deadlocks,"
        + " d.temp_bytes, d.stats_reset::text AS database_reset,"
        + " (SELECT count(*) FROM pg_stat_activity"
        + " WHERE backend_type = 'autovacuum worker') AS autovacuum_workers,"
        // "Type:Event=n,..." of the run's database's client sessions other than this one that are
        // not idle (an idle session waits for its client, not for the server)
        + " (SELECT string_agg(e.name || '=' || e.n, ',') FROM"
        + " (SELECT wait_event_type || ':' || wait_event AS name, count(*) AS n"
        + " FROM pg_stat_activity WHERE backend_type = 'client backend'"
        + " AND datname = current_database() AND pid <> pg_backend_pid()"
        + " AND state <> 'idle' AND wait_event IS NOT NULL"
        + " GROUP BY wait_event_type, wait_event) e) AS wait_events"
        + " FROM "
        + checkpoints.from
        + walFrom
        + ", pg_stat_database d WHERE d.datname = current_database()";
  }
}
