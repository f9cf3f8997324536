package org.tpccpg.driver.serverstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.tpccpg.core.jdbc.ServerVersion;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.driver.cluster.StreamingStandby;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/**
 * The health reading's standbys and replay lag against a real streaming standby of the test server:
 * a {@code pg_basebackup -R} of it started on a port of its own, its replay paused, and WAL written
 * on the primary after the pause, so the standby has received WAL it has not replayed. The primary
 * then counts one standby and a lag above zero; on the standby itself the lag is null (it has no
 * standby of its own to measure). Needs the throwaway cluster of scripts/test.sh (TPCC_TEST_PGDATA
 * and TPCC_TEST_PGBIN), whose initdb allows replication connections from 127.0.0.1. Not in the
 * version matrix: the other majors' binaries have no pg_basebackup, and 9.6's defaults no WAL
 * senders.
 *
 * <p>The backup makes a replication slot of its own and the standby streams through it: without
 * one, the other classes' checkpoints on the busy test server can recycle the WAL segment the
 * standby starts from before it connects, and it then never streams ("requested WAL segment ... has
 * already been removed", seen in CI). The slot is dropped after the standby stops.
 */
@ResourceLock(TestServer.TABLESPACES)
class ReplicationLagIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String SLOT = "tpcc_replication_lag_it_" + ProcessHandle.current().pid();

  private static StreamingStandby standby;
  private static boolean slotCreated;

  @TempDir Path tmp;

  @BeforeAll
  static void startAPausedStandby() throws Exception {
    TestDatabase db = POSTGRES.database();
    StringWriter init = new StringWriter();
    int code =
        TpccCli.execute(
            new String[] {"tpcb", "-i", "-s", "1", "-q", db.name()},
            new PrintWriter(init),
            new PrintWriter(init),
            POSTGRES.database().libpqEnvironment());
    assertEquals(0, code, init.toString());
    Path primary = Path.of(required("TPCC_TEST_PGDATA"));
    slotCreated = true; // dropped after the standby, if the backup got as far as making it
    standby =
        StreamingStandby.start(
            Path.of(required("TPCC_TEST_PGBIN")),
            db,
            primary.resolveSibling("standby-" + ProcessHandle.current().pid()),
            List.of("--create-slot", "--slot=" + SLOT));
    awaitStreaming();
    try (Connection standby = standby();
        Statement s = standby.createStatement()) {
      int version = ServerVersion.of(standby).num();
      s.execute(
          version >= 100000 ? "SELECT pg_wal_replay_pause()" : "SELECT pg_xlog_replay_pause()");
    }
    // WAL the standby receives but, paused, does not replay
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("CHECKPOINT");
    }
  }

  @AfterAll
  static void stopTheStandby() throws Exception {
    try {
      if (standby != null) {
        standby.remove();
      }
    } finally {
      if (slotCreated) {
        dropTheSlot();
      }
    }
  }

  /** The slot stays active until its WAL sender notices the standby is gone: wait for that. */
  private static void dropTheSlot() throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    try (Connection c = POSTGRES.database().connect();
        PreparedStatement active =
            c.prepareStatement("SELECT active FROM pg_replication_slots WHERE slot_name = ?");
        PreparedStatement drop = c.prepareStatement("SELECT pg_drop_replication_slot(?)")) {
      active.setString(1, SLOT);
      while (true) {
        try (ResultSet rows = active.executeQuery()) {
          if (!rows.next()) {
            if (standby == null) {
              return; // the backup failed before it made the slot
            }
            throw new AssertionError("slot " + SLOT + ", made by the backup, is gone");
          }
          if (!rows.getBoolean(1)) {
            break;
          }
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError("slot " + SLOT + " still active 30 s after the standby stopped");
        }
        Thread.sleep(100);
      }
      drop.setString(1, SLOT);
      drop.execute();
    }
  }

  @Test
  void thePrimaryCountsTheStandbyAndTheWalItHasYetToReplay() throws SQLException {
    try (Connection c = POSTGRES.database().connect()) {
      HealthSample health =
          HealthSample.read(c, OwnTables.TPCB, ServerVersion.of(c).num()).orElseThrow();
      assertEquals(1, health.standbys(), health.toString());
      assertTrue(
          health.replicationLagBytes() != null && health.replicationLagBytes() > 0,
          "WAL written after the standby's replay paused: " + health);
    }
  }

  @Test
  void onTheStandbyTheLagIsNull() throws SQLException {
    try (Connection c = standby()) {
      HealthSample health =
          HealthSample.read(c, OwnTables.TPCB, ServerVersion.of(c).num()).orElseThrow();
      assertEquals(0, health.standbys(), health.toString());
      assertNull(health.replicationLagBytes(), health.toString());
      assertTrue(health.tables().containsKey("pgbench_accounts"), health.tables().keySet() + "");
    }
  }

  @Test
  void aRunsHealthLineAndResultsNameTheStandbyAndItsLag() throws Exception {
    Path dir = tmp.resolve("run");
    StringWriter out = new StringWriter();
    int code =
        TpccCli.execute(
            new String[] {
              "tpcb",
              "-c",
              "1",
              "-T",
              "2",
              "-P",
              "1",
              "--results=" + dir,
              POSTGRES.database().name()
            },
            new PrintWriter(out),
            new PrintWriter(out),
            POSTGRES.database().libpqEnvironment());
    assertEquals(0, code, out.toString());
    ResultsSchema.assertConforms(dir);
    assertTrue(
        out.toString()
            .lines()
            .anyMatch(l -> l.matches("server health: .*; 1 standby\\(s\\), replay lag [0-9.]+ MB")),
        out.toString());
    Map<?, ?> health = firstHealthReading(dir);
    assertEquals(1, ((Number) health.get("standbys")).intValue(), health.toString());
    assertTrue(((Number) health.get("replication_lag_bytes")).longValue() > 0, health.toString());
    Map<?, ?> summary =
        (Map<?, ?>) JsonParser.parse(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    Map<?, ?> totals = (Map<?, ?>) summary.get("health");
    assertEquals(1, ((Number) totals.get("standbys")).intValue(), totals.toString());
    long latest = ((Number) totals.get("replication_lag_bytes")).longValue();
    long most = ((Number) totals.get("most_replication_lag_bytes")).longValue();
    assertTrue(latest > 0 && most >= latest, totals.toString());
  }

  private static Map<?, ?> firstHealthReading(Path dir) throws IOException {
    for (String line : Files.readAllLines(dir.resolve(ResultsFiles.INTERVALS))) {
      if (JsonParser.object(line).get("health") instanceof Map<?, ?> health) {
        return health;
      }
    }
    throw new AssertionError("no health reading in " + dir.resolve(ResultsFiles.INTERVALS));
  }

  private static Connection standby() throws SQLException {
    return standby.connect();
  }

  /** Waits until the primary sees the standby streaming and reporting its replay position. */
  private static void awaitStreaming() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      String replay = ServerVersion.of(c).num() >= 100000 ? "replay_lsn" : "replay_location";
      while (System.nanoTime() < deadline) {
        try (ResultSet rows =
            s.executeQuery(
                "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming' AND "
                    + replay
                    + " IS NOT NULL")) {
          rows.next();
          if (rows.getInt(1) == 1) {
            return;
          }
        }
        Thread.sleep(100);
      }
    }
    throw new AssertionError(
        "the standby did not stream within 60 s; the end of its log:\n" + standby.tail(20));
  }

  private static String required(String variable) {
    String value = System.getenv(variable);
    if (value == null) {
      throw new IllegalStateException(
          variable + " is not set: run the tests through scripts/test.sh, which owns the cluster");
    }
    return value;
  }
}
