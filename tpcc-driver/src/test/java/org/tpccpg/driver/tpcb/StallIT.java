package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.engine.Engine;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PostgresFixture;

/**
 * The engine's watchdog on a real server: clients kept waiting on a lock held outside the run for
 * longer than {@link Engine#STALL_NANOS} are told in one line each and counted as an outage, in the
 * printed block and in {@code summary.json}; one client queued on a row lock while another commits
 * is told but is no outage.
 */
// Beside other classes: a lock is held from the moment the clients wait on it, however long they
// took to connect on a loaded machine, for the watchdog's threshold plus 2 s.
class StallIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  /**
   * Returns once {@code clients} sessions of the run wait on a lock, and then the watchdog's
   * threshold plus 2 s later: the run's clients have waited past it.
   */
  private static void holdPastTheThreshold(int clients) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      while (waiting(s) < clients) {
        assertTrue(System.nanoTime() < deadline, "the run's clients never waited on the lock");
        TimeUnit.MILLISECONDS.sleep(50);
      }
    }
    TimeUnit.NANOSECONDS.sleep(Engine.STALL_NANOS + TimeUnit.SECONDS.toNanos(2));
  }

  private static int waiting(Statement s) throws SQLException {
    try (ResultSet r =
        s.executeQuery(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND wait_event_type = 'Lock'")) {
      r.next();
      return r.getInt(1);
    }
  }

  @Test
  void clientsWaitingOnALockHeldOutsideTheRunAreToldAndCountedAsAnOutage(@TempDir Path dir)
      throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
    Path results = dir.resolve("results");
    // the lock is let go about the threshold plus 2 s into the run: 4 s of running after it
    long runSeconds = TimeUnit.NANOSECONDS.toSeconds(Engine.STALL_NANOS) + 6;
    RealPgbench.Output output;
    try (Connection holder = POSTGRES.database().connect();
        Statement statement = holder.createStatement()) {
      holder.setAutoCommit(false);
      // Every tpcb-like transaction updates a branch: all clients wait on this lock.
      statement.execute("LOCK TABLE pgbench_branches IN EXCLUSIVE MODE");
      CompletableFuture<RealPgbench.Output> run =
          Background.supply(
              () ->
                  TpcbCli.run(
                      POSTGRES.database(),
                      "-n",
                      "-c",
                      "2",
                      "-j",
                      "2",
                      "-T",
                      Long.toString(runSeconds),
                      "--results",
                      results.toString()));
      holdPastTheThreshold(2);
      holder.commit();
      output = run.get(60, TimeUnit.SECONDS);
    }
    String stalled =
        "has waited \\d+\\.\\d s for the server in one transaction: no progress, counted as an"
            + " outage";
    for (int client = 0; client < 2; client++) {
      assertTrue(
          Pattern.compile("tpcc tpcb: client " + client + " " + stalled)
              .matcher(output.err())
              .find(),
          "client " + client + " is told:\n" + output.err());
    }
    assertEquals(
        2, output.err().lines().filter(l -> l.contains("no progress")).count(), output.err());
    assertTrue(
        Pattern.compile("outages = 1: at 0\\.\\d s for \\d+\\.\\d s \\(2 clients")
            .matcher(output.out())
            .find(),
        "one outage of both clients from the start:\n" + output.out());
    Map<String, Object> summary =
        JsonParser.object(Files.readString(results.resolve(ResultsFiles.SUMMARY)));
    assertEquals(1, ((List<?>) summary.get("outages")).size(), summary.toString());
    assertTrue(output.out().contains("number of transactions actually processed: "));
  }

  @Test
  void aClientQueuedOnARowLockWhileAnotherCommitsIsToldButIsNoOutage(@TempDir Path dir)
      throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
    Path script = dir.resolve("one-waits.sql");
    Files.writeString(
        script,
        "\\if :client_id = 0\n"
            + "UPDATE pgbench_branches SET bbalance = bbalance WHERE bid = 1;\n"
            + "\\else\n"
            + "SELECT 1;\n"
            + "\\endif\n");
    Path results = dir.resolve("results");
    // the lock is let go about the threshold plus 2 s into the run: 4 s of running after it
    long runSeconds = TimeUnit.NANOSECONDS.toSeconds(Engine.STALL_NANOS) + 6;
    RealPgbench.Output output;
    try (Connection holder = POSTGRES.database().connect();
        Statement statement = holder.createStatement()) {
      holder.setAutoCommit(false);
      statement.execute("SELECT bid FROM pgbench_branches WHERE bid = 1 FOR UPDATE");
      CompletableFuture<RealPgbench.Output> run =
          Background.supply(
              () ->
                  TpcbCli.run(
                      POSTGRES.database(),
                      "-n",
                      "-c",
                      "2",
                      "-j",
                      "2",
                      "-f",
                      script.toString(),
                      "-T",
                      Long.toString(runSeconds),
                      "--results",
                      results.toString()));
      holdPastTheThreshold(1);
      holder.commit();
      output = run.get(60, TimeUnit.SECONDS);
    }
    assertTrue(
        Pattern.compile(
                "tpcc tpcb: client 0 has waited \\d+\\.\\d s for the server in one transaction:"
                    + " other clients commit meanwhile, not an outage")
            .matcher(output.err())
            .find(),
        "client 0 is told:\n" + output.err());
    assertEquals(
        1, output.err().lines().filter(l -> l.contains("has waited")).count(), output.err());
    assertTrue(!output.out().contains("outages = "), "no outage:\n" + output.out());
    Map<String, Object> summary =
        JsonParser.object(Files.readString(results.resolve(ResultsFiles.SUMMARY)));
    assertEquals(List.of(), summary.get("outages"), summary.toString());
  }
}
