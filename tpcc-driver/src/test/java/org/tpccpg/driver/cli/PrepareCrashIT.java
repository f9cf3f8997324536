package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.cluster.OwnServerFixture;
import org.tpccpg.testkit.Background;

/**
 * The server crashes in the middle of a prepare: the prepare cannot remove its half-loaded set, so
 * it must say so and say to run cleanup, as Ctrl-C does; once the server is back, cleanup finds
 * every table the load created through the load record and drops it. The server is a throwaway
 * cluster of the class's own.
 */
class PrepareCrashIT {
  @RegisterExtension static final OwnServerFixture POSTGRES = new OwnServerFixture();

  private static CliRun tpcc(String... args) {
    return CliRun.of(CliRun.connectedTo(POSTGRES.database(), args).toArray(String[]::new));
  }

  /**
   * The test cluster runs with {@code synchronous_commit = off}, so a crash may lose the last
   * commits (the tables the load just created) that a production server would have kept; one
   * synchronous commit writes them out first, so the crash hits committed work as it would there.
   * That commit must write WAL of its own (here a temporary table's catalog rows): PostgreSQL does
   * not wait for the flush of a transaction that wrote none, such as one that only took an xid, and
   * then the crash lost the set's tables whenever it came within the WAL writer's delay.
   */
  private static void flushCommittedWork() throws SQLException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      statement.execute("SET synchronous_commit = on");
      statement.execute("CREATE TEMPORARY TABLE flush_before_the_crash ()");
    }
  }

  private static boolean loading() throws SQLException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT to_regclass('stock1') IS NOT NULL AND EXISTS (SELECT FROM pg_stat_activity"
                    + " WHERE query LIKE 'COPY%' AND datname = current_database())")) {
      rows.next();
      return rows.getBoolean(1);
    }
  }

  @Test
  void aPrepareCutShortByACrashSaysRunCleanupAndCleanupThenRemovesTheSet() throws Exception {
    CompletableFuture<CliRun> prepare =
        Background.supply(() -> tpcc("--tables=1", "--scale=3", "--threads=2", "prepare"));
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!loading()) {
      assertTrue(System.nanoTime() < deadline, "the load never started");
      Thread.sleep(50);
    }
    flushCommittedWork();
    POSTGRES.control().crash();
    CliRun cut;
    try {
      cut = prepare.get();
    } finally {
      POSTGRES.control().start();
    }
    assertEquals(1, cut.exitCode(), cut.out());
    assertTrue(cut.err().contains("could not be removed"), cut.err());
    assertTrue(cut.err().contains("): run cleanup"), cut.err());
    CliRun check = tpcc("--tables=1", "--scale=3", "check");
    assertEquals(1, check.exitCode());
    assertTrue(check.err().contains("incomplete"), check.err());
    CliRun cleanup = tpcc("--tables=1", "cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(
        cleanup.out().contains("dropped table sets 1 (9 tables) and the load record"),
        cleanup.out());
  }
}
