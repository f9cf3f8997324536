package org.tpccpg.driver.serverstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StatsQueryTest {
  @ParameterizedTest(name = "PostgreSQL {0}: checkpoints from {1}, WAL from {2}")
  @CsvSource({
    "90624, BGWRITER, XLOG_LOCATION",
    "100023, BGWRITER, LSN",
    "110022, BGWRITER, LSN",
    "120017, BGWRITER, LSN",
    "130013, BGWRITER, LSN",
    "140010, BGWRITER, PG_STAT_WAL",
    "150004, BGWRITER, PG_STAT_WAL",
    "160002, BGWRITER, PG_STAT_WAL",
    "170000, CHECKPOINTER, PG_STAT_WAL",
    "180001, CHECKPOINTER_DONE, PG_STAT_WAL"
  })
  void eachVersionFrom96To18ReadsItsOwnViews(
      int versionNum, StatsQuery.CheckpointSource checkpoints, StatsQuery.WalSource wal) {
    StatsQuery query = StatsQuery.forVersion(versionNum);
    assertEquals(checkpoints, query.checkpoints());
    assertEquals(wal, query.wal());
    String sql = query.sql();
    int major = versionNum / 10000;
    assertEquals(major >= 17, sql.contains("pg_stat_checkpointer"), sql);
    assertEquals(major < 17, sql.contains("pg_stat_bgwriter b"), sql);
    assertEquals(major < 17, sql.contains("checkpoints_timed"), sql);
    assertEquals(major >= 18, sql.contains("num_done"), sql);
    assertEquals(major >= 14, sql.contains("pg_stat_wal w"), sql);
    assertEquals(major >= 10 && major < 14, sql.contains("pg_current_wal_lsn()"), sql);
    assertEquals(major < 10, sql.contains("pg_current_xlog_location()"), sql);
    assertEquals(major >= 10, sql.contains("backend_type"), sql);
    assertEquals(major < 10, query.leftOut().isPresent(), "told what is left out: " + sql);
  }

  @ParameterizedTest
  @ValueSource(
      ints = {
        90600, 100000, 110000, 120000, 130000, 140000, 150000, 160000, 170000, 180000, 190000
      })
  void everyStatementNamesTheColumnsTheSampleReads(int versionNum) {
    String sql = StatsQuery.forVersion(versionNum).sql();
    for (String column :
        new String[] {
          "AS checkpoints,",
          "AS checkpoints_requested",
          "AS checkpoint_reset",
          "AS wal_bytes",
          "AS wal_reset",
          "AS commits",
          "AS rollbacks",
          "d.deadlocks",
          "d.temp_bytes",
          "AS database_reset",
          "AS autovacuum_workers",
          "AS wait_events"
        }) {
      assertTrue(sql.contains(column), column + " in " + sql);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {90624, 100000, 150000, 180000})
  void itReadsOnlyStatisticsAndTheWaitEventColumnsOfOtherSessions(int versionNum) {
    String sql = StatsQuery.forVersion(versionNum).sql();
    assertFalse(sql.contains("query"), sql);
    assertFalse(sql.contains("usename"), sql);
    assertFalse(sql.contains("client_addr"), sql);
    assertTrue(sql.contains("pid <> pg_backend_pid()"), "leaves its own session out: " + sql);
    assertTrue(sql.contains("datname = current_database()"), sql);
  }

  @Test
  void onPostgres96AutovacuumWorkersAreLeftOutAndWaitEventsComeFromClientPorts() {
    StatsQuery query = StatsQuery.forVersion(90624);
    assertEquals(StatsQuery.SessionSource.CLIENT_PORT, query.sessions());
    assertTrue(query.sql().contains("NULL::bigint AS autovacuum_workers"), query.sql());
    assertTrue(query.sql().contains("WHERE client_port IS NOT NULL"), query.sql());
    assertEquals(
        "PostgreSQL 9.6 has no pg_stat_activity.backend_type (10+): autovacuum workers left out"
            + " (null), wait events are those of sessions with a client port",
        query.leftOut().orElseThrow());
    assertEquals(StatsQuery.SessionSource.BACKEND_TYPE, StatsQuery.forVersion(100000).sessions());
  }

  @Test
  void aServerBefore96IsRefusedWithItsVersion() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StatsQuery.forVersion(90524));
    assertEquals(
        "server statistics need PostgreSQL 9.6 or later but the server is 90524", e.getMessage());
  }

  @Test
  void aServerAfter18TakesThe18Statement() {
    assertEquals(StatsQuery.forVersion(180000).sql(), StatsQuery.forVersion(190000).sql());
  }
}
