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
    "120017, BGWRITER, LSN",
    "130013, BGWRITER, LSN",
    "140010, BGWRITER, PG_STAT_WAL",
    "150004, BGWRITER, PG_STAT_WAL",
    "160002, BGWRITER, PG_STAT_WAL",
    "170000, CHECKPOINTER, PG_STAT_WAL",
    "180001, CHECKPOINTER_DONE, PG_STAT_WAL"
  })
  void eachVersionFrom12To18ReadsItsOwnViews(
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
    assertEquals(major < 14, sql.contains("pg_current_wal_lsn()"), sql);
  }

  @ParameterizedTest
  @ValueSource(ints = {120000, 130000, 140000, 150000, 160000, 170000, 180000, 190000})
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
  @ValueSource(ints = {120000, 150000, 180000})
  void itReadsOnlyStatisticsAndTheWaitEventColumnsOfOtherSessions(int versionNum) {
    String sql = StatsQuery.forVersion(versionNum).sql();
    assertFalse(sql.contains("query"), sql);
    assertFalse(sql.contains("usename"), sql);
    assertFalse(sql.contains("client_addr"), sql);
    assertTrue(sql.contains("pid <> pg_backend_pid()"), "leaves its own session out: " + sql);
    assertTrue(sql.contains("datname = current_database()"), sql);
  }

  @Test
  void aServerBefore10IsRefusedWithItsVersion() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StatsQuery.forVersion(90624));
    assertEquals(
        "server statistics need PostgreSQL 10 or later but the server is 90624", e.getMessage());
  }

  @Test
  void aServerAfter18TakesThe18Statement() {
    assertEquals(StatsQuery.forVersion(180000).sql(), StatsQuery.forVersion(190000).sql());
  }
}
