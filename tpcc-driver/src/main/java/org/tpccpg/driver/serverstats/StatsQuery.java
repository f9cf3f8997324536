package org.tpccpg.driver.serverstats;

import java.util.Optional;

/**
 * The one statement that reads a server's statistics for {@link ServerSample}, chosen by server
 * version (PostgreSQL 9.6 to 18, as their catalogs are; later ones take 18's). It reads only
 * cumulative statistics views, {@code pg_stat_progress_vacuum} with the names and frozen-XID ages
 * of the tables it vacuums, and, of {@code pg_stat_activity}, the backend type (from 10), client
 * port (before 10), state and wait event: the query text and the user of other sessions are never
 * asked for. What a version cannot give is null, and {@link #leftOut()} says so in one line.
 *
 * <p>One statement, so it needs no transaction of its own and works through a pooler in any pooling
 * mode; it makes one (read-only) commit per sample, which the run's database counts.
 *
 * @param versionNum the server's {@code server_version_num} it was chosen for
 * @param checkpoints where the checkpoint counts come from
 * @param wal where the WAL bytes come from
 * @param sessions how client sessions and autovacuum workers are told apart
 * @param sql the statement; its columns are those {@link ServerSample#read} reads
 */
public record StatsQuery(
    int versionNum,
    CheckpointSource checkpoints,
    WalSource wal,
    SessionSource sessions,
    String sql) {
  /**
   * The oldest server the statement works on: {@code pg_stat_activity.wait_event} came in 9.6
   * (before it a boolean {@code waiting}), and {@code current_setting(name, missing_ok)}.
   */
  public static final int OLDEST_VERSION_NUM = 90600;

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
     * 10 to 13: the difference of {@code pg_current_wal_lsn()} between samples (page headers
     * included, so slightly more than {@code pg_stat_wal} would say); null on a standby.
     */
    LSN,
    /** 9.6: the same from {@code pg_current_xlog_location()}, as 10 renamed it. */
    XLOG_LOCATION
  }

  /** How {@code pg_stat_activity} tells the run's client sessions from other processes. */
  public enum SessionSource {
    /** From 10: {@code backend_type}, which also counts the autovacuum workers. */
    BACKEND_TYPE,
    /**
     * 9.6: no {@code backend_type}, and an autovacuum worker looks like a session of the bootstrap
     * superuser; a client session is one with a {@code client_port} (-1 on a unix socket), which
     * the server shows of the role's own sessions. Autovacuum workers are not counted.
     */
    CLIENT_PORT
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
          "server statistics need PostgreSQL 9.6 or later but the server is " + versionNum);
    }
    CheckpointSource checkpoints =
        versionNum >= 180000
            ? CheckpointSource.CHECKPOINTER_DONE
            : versionNum >= 170000 ? CheckpointSource.CHECKPOINTER : CheckpointSource.BGWRITER;
    WalSource wal =
        versionNum >= 140000
            ? WalSource.PG_STAT_WAL
            : versionNum >= 100000 ? WalSource.LSN : WalSource.XLOG_LOCATION;
    SessionSource sessions =
        versionNum >= 100000 ? SessionSource.BACKEND_TYPE : SessionSource.CLIENT_PORT;
    return new StatsQuery(versionNum, checkpoints, wal, sessions, sql(checkpoints, wal, sessions));
  }

  /**
   * What this server's statistics leave out, in one line to tell once before the first sample
   * ({@code PostgreSQL 9.6 has no backend_type (10+): autovacuum workers left out}), or empty.
   */
  public Optional<String> leftOut() {
    if (sessions == SessionSource.CLIENT_PORT) {
      return Optional.of(
          "PostgreSQL "
              + (versionNum / 10000)
              + "."
              + (versionNum / 100 % 100)
              + " has no pg_stat_activity.backend_type (10+): autovacuum workers left out (null),"
              + " wait events are those of sessions with a client port");
    }
    return Optional.empty();
  }

  private static String sql(CheckpointSource checkpoints, WalSource wal, SessionSource sessions) {
    String walColumns =
        switch (wal) {
          case PG_STAT_WAL -> "w.wal_bytes::bigint AS wal_bytes, w.stats_reset::text AS wal_reset";
          case LSN -> lsnBytes("pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')");
          case XLOG_LOCATION ->
              lsnBytes("pg_xlog_location_diff(pg_current_xlog_location(), '0/0')");
        };
    String client =
        sessions == SessionSource.BACKEND_TYPE
            ? "backend_type = 'client backend'"
            : "client_port IS NOT NULL";
    String autovacuum =
        sessions == SessionSource.BACKEND_TYPE
            ? "(SELECT count(*) FROM pg_stat_activity"
                + " WHERE backend_type = 'autovacuum worker')"
            : "NULL::bigint";
    String walFrom = wal == WalSource.PG_STAT_WAL ? ", pg_stat_wal w" : "";
    return "SELECT "
        + checkpoints.completed
        + " AS checkpoints, "
        + checkpoints.requested
        + " AS checkpoints_requested, b.stats_reset::text AS checkpoint_reset, "
        + walColumns
        + ", d.xact_commit AS commits, d.xact_rollback AS rollbacks, d.deadlocks,"
        + " d.temp_bytes, d.stats_reset::text AS database_reset,"
        + " "
        + autovacuum
        + " AS autovacuum_workers,"
        // "Type:Event=n,..." of the run's database's client sessions other than this one that are
        // not idle (an idle session waits for its client, not for the server)
        + " (SELECT string_agg(e.name || '=' || e.n, ',') FROM"
        + " (SELECT wait_event_type || ':' || wait_event AS name, count(*) AS n"
        + " FROM pg_stat_activity WHERE "
        + client
        + " AND datname = current_database() AND pid <> pg_backend_pid()"
        + " AND state <> 'idle' AND wait_event IS NOT NULL"
        + " GROUP BY wait_event_type, wait_event) e) AS wait_events, "
        + vacuums(sessions)
        + " AS vacuums"
        + " FROM "
        + checkpoints.from
        + walFrom
        + ", pg_stat_database d WHERE d.datname = current_database()";
  }

  /**
   * {@code "table=n,..."} of the run's database's running VACUUMs (9.6+): {@code (manual)} when a
   * client session runs it (9.6: one with a client port, which the server shows of the role's own
   * sessions only, so another role's manual VACUUM counts as autovacuum there), else {@code
   * (wraparound)} when the table's frozen XID is older than {@code autovacuum_freeze_max_age}, the
   * age at which autovacuum must vacuum it to prevent wraparound (a table's own reloption aside). A
   * role that may not see the vacuuming backend's progress gets no table name (relid is null).
   */
  private static String vacuums(SessionSource sessions) {
    String auto =
        sessions == SessionSource.BACKEND_TYPE
            ? "a.backend_type = 'autovacuum worker'"
            : "a.client_port IS NULL";
    return "(SELECT string_agg(v.name || '=' || v.n, ',') FROM"
        + " (SELECT replace(coalesce(c.relname, 'a table this role may not see'), ',', '_')"
        + " || CASE WHEN NOT coalesce("
        + auto
        + ", true) THEN ' (manual)' WHEN age(c.relfrozenxid)"
        + " > current_setting('autovacuum_freeze_max_age')::bigint"
        + " THEN ' (wraparound)' ELSE '' END AS name, count(*) AS n"
        + " FROM pg_stat_progress_vacuum p LEFT JOIN pg_class c ON c.oid = p.relid"
        + " LEFT JOIN pg_stat_activity a ON a.pid = p.pid"
        + " WHERE p.datname = current_database() GROUP BY 1) v)";
  }

  private static String lsnBytes(String difference) {
    return "CASE WHEN pg_is_in_recovery() THEN NULL ELSE "
        + difference
        + "::bigint END AS wal_bytes, NULL::text AS wal_reset";
  }
}
