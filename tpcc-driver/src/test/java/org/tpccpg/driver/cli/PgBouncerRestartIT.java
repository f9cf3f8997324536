package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PgBouncer;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.ServerControl;
import org.tpccpg.testkit.TestDatabase;

/**
 * The durability audit through pgbouncer restarts: a TPC-C run through a real pgbouncer that is
 * killed (SIGKILL) and started again three times. Every client connection is cut at once, a COMMIT
 * on its way may have committed without its answer; the server stays up, so no acknowledged
 * New-Order may be lost, each outage is audited, and every unknown outcome is resolved. Then with
 * every New-Order's COMMIT made slow (a deferred trigger of the test's own sleeps 1.5 s in it, room
 * for the kill on a loaded machine), so that a restart cuts COMMITs on their way: their outcome is
 * unknown to the client, the server finishes them, and the audit (waiting for their district rows)
 * finds them committed.
 */
class PgBouncerRestartIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  @TempDir Path tmp;

  private static CliRun tpcc(int port, String... more) {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=127.0.0.1",
                "--pgsql-port=" + port,
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name(),
                "--tables=1",
                "--scale=1"));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void restartsLoseNoAcknowledgedNewOrderAndEveryUnknownOutcomeIsResolved() throws Exception {
    Map<?, ?> durability = runThroughRestarts(tmp.resolve("restarts"), 3, 24, () -> {});
    assertTrue(number(durability, "acknowledged") > 100, durability.toString());
    assertTrue(number(durability, "audits_after_outages") >= 2, durability.toString());
  }

  @Test
  void aCommitCutOnItsWayIsUnknownAndTheAuditFindsItCommitted() throws Exception {
    admin(
        """
        CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql
          AS $$ BEGIN PERFORM pg_sleep(1.5); RETURN NULL; END $$""",
        """
        CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON orders1
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()""");
    Map<?, ?> durability;
    try {
      // the restart waits for a New-Order's COMMIT in the trigger's sleep: one is cut on its way
      // (at a random moment every client may be waiting for a district row instead)
      durability =
          runThroughRestarts(
              tmp.resolve("slow"), 1, 10, PgBouncerRestartIT::awaitACommitInTheSlowTrigger);
    } finally {
      admin("DROP TRIGGER slow_commit ON orders1", "DROP FUNCTION slow_commit()");
    }
    assertTrue(number(durability, "unknown") >= 1, durability.toString());
    assertTrue(number(durability, "unknown_committed") >= 1, durability.toString());
  }

  /** What must be so before each restart. */
  @FunctionalInterface
  private interface Precondition {
    void await() throws Exception;
  }

  /** Until a session of the run is in a COMMIT, sleeping in the slow trigger (at most 10 s). */
  private static void awaitACommitInTheSlowTrigger() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      while (System.nanoTime() < deadline) {
        try (ResultSet row =
            s.executeQuery(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND query = 'COMMIT' AND wait_event = 'PgSleep'")) {
          row.next();
          if (row.getInt(1) > 0) {
            return;
          }
        }
        TimeUnit.MILLISECONDS.sleep(5);
      }
    }
    throw new AssertionError("no COMMIT in the slow trigger within 10 s");
  }

  /**
   * A run through pgbouncer restarted {@code restarts} times, each once {@code beforeRestart}
   * holds; its checked durability figures.
   */
  private static Map<?, ?> runThroughRestarts(
      Path dir, int restarts, int seconds, Precondition beforeRestart) throws Exception {
    TestDatabase db = POSTGRES.database();
    try (PgBouncer bouncer = PgBouncer.start("session", "127.0.0.1", db.port(), Map.of())) {
      CompletableFuture<CliRun> running =
          Background.supply(
              () ->
                  tpcc(
                      bouncer.port(),
                      "--threads=4",
                      "--time=" + seconds,
                      "--report-interval=1",
                      "--results=" + dir,
                      "run"));
      // the restarts are timed from the clients' connections (through the pooler, as its
      // server connections), not from a start that may still be checking the data set
      ServerControl.awaitBackends(db, "tpcc", 4);
      for (int i = 0; i < restarts; i++) {
        TimeUnit.SECONDS.sleep(seconds / (restarts + 1));
        beforeRestart.await();
        bouncer.restart();
      }
      CliRun run = running.get(120, TimeUnit.SECONDS);
      assertEquals(0, run.exitCode(), run.out() + run.err());
      run.out().lines().filter(l -> l.contains("durab")).forEach(System.out::println);
      ResultsSchema.assertConforms(dir);
      Map<String, Object> summary =
          JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
      Map<?, ?> durability = (Map<?, ?>) summary.get("durability");
      assertEquals(Boolean.TRUE, durability.get("audited"), durability.toString());
      assertEquals(0, number(durability, "acknowledged_and_lost"), run.out());
      assertEquals(0, number(durability, "unknown_unresolved"), durability.toString());
      assertEquals(
          number(durability, "unknown"),
          number(durability, "unknown_committed") + number(durability, "unknown_not_committed"));
      Map<?, ?> verdict = (Map<?, ?>) ((Map<?, ?>) summary.get("verdict")).get("durable");
      assertEquals("yes", verdict.get("verdict"), verdict.toString());
    }
    CliRun check = tpcc(db.port(), "--threads=2", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
    return durability(dir);
  }

  private static Map<?, ?> durability(Path dir) throws Exception {
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    return (Map<?, ?>) summary.get("durability");
  }

  private static void admin(String... statements) throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }

  private static long number(Map<?, ?> map, String name) {
    return ((Number) map.get(name)).longValue();
  }
}
