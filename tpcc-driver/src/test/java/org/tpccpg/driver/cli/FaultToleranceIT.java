package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.cluster.OwnServerFixture;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.ServerControl;

/**
 * A TPC-C run while its backends are terminated every few seconds and the server restarts once; and
 * one whose server goes down and stays down past its end. The tests stop and restart the server
 * themselves: a throwaway cluster of the class's own.
 */
// Beside other classes, on a server of its own: a fault is injected only once the run's clients
// are connected, which on a loaded machine (beside other classes on Java 25, CI at 2c58b5f) took
// more than the 3 s the test used to allow.
class FaultToleranceIT {
  @RegisterExtension static final OwnServerFixture POSTGRES = new OwnServerFixture();

  private static List<String> options(String... more) {
    List<String> args = new ArrayList<>(List.of("--tables=1", "--scale=2"));
    args.addAll(List.of(more));
    return CliRun.connectedTo(POSTGRES.database(), args.toArray(String[]::new));
  }

  @BeforeAll
  static void prepare() {
    CliRun prepare = CliRun.of(options("--threads=2", "prepare").toArray(String[]::new));
    assertEquals(0, prepare.exitCode(), prepare.err());
  }

  @Test
  void aRunSurvivesKilledBackendsAndARestartAndTheDataStaysConsistent() throws Exception {
    CompletableFuture<CliRun> run =
        Background.supply(
            () ->
                CliRun.of(
                    options("--threads=4", "--time=24", "--report-interval=1", "run")
                        .toArray(String[]::new)));
    ServerControl.awaitBackends(POSTGRES.database(), "tpcc", 4);
    for (int i = 0; i < 3; i++) {
      TimeUnit.SECONDS.sleep(3);
      ServerControl.terminateBackends(POSTGRES.database(), "tpcc");
    }
    TimeUnit.SECONDS.sleep(2);
    POSTGRES.control().restart();
    CliRun result = run.get(90, TimeUnit.SECONDS);
    String out = result.out();
    assertEquals(0, result.exitCode(), result.err() + out);
    double totalTime = decimal(out, "total time: +(\\d+\\.\\d+)s");
    assertTrue(totalTime >= 23.5, "the run finished its --time: " + totalTime);
    long reconnects = (long) decimal(out, "reconnects: +(\\d+) ");
    assertTrue(reconnects >= 4 + 3, "reconnects after each kill and the restart: " + out);
    assertTrue(decimal(out, "connection lost: (\\d+)") >= 4, out);
    Matcher outages = Pattern.compile("(?m)^ +\\d+\\.\\d +\\d+\\.\\d +\\d+  ").matcher(out);
    assertTrue(outages.results().count() >= 2, "each outage is reported:\n" + out);
    CliRun check = CliRun.of(options("--threads=2", "check").toArray(String[]::new));
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  @Test
  void aRunEndsAtItsTimeWhileTheServerIsDownAndReportsTheOutage() throws Exception {
    String out = runWhileTheServerGoesDown(6 + 9, 4);
    double totalTime = decimal(out, "total time: +(\\d+\\.\\d+)s");
    assertTrue(totalTime >= 5.9 && totalTime < 6.5, "total time: " + totalTime);
    assertTrue(decimal(out, "connection lost: (\\d+)") >= 4, out);
    assertTrue(
        Pattern.compile("(?m)^ +\\d+\\.\\d +\\d+\\.\\d +4  not within the run$")
            .matcher(out)
            .find(),
        "the outage of all 4 workers is reported, not over by the end:\n" + out);
  }

  /**
   * With a pool, workers waiting to borrow a connection from a pool that cannot open one are freed
   * {@link org.tpccpg.driver.run.TpccRun}'s grace of 2 s after the end, then the pool closes.
   */
  @Test
  void aPooledRunEndsSoonAfterItsTimeWhileTheServerIsDown() throws Exception {
    String out = runWhileTheServerGoesDown(6 + 2 + 12, 2, "--pool-size=2");
    double totalTime = decimal(out, "total time: +(\\d+\\.\\d+)s");
    // 6 s, the 2 s grace, and room for a loaded machine (8.23 s in CI at 8376919); a run that
    // waited for the server would take a minute
    assertTrue(totalTime >= 5.9 && totalTime < 10, "total time: " + totalTime);
    assertTrue(decimal(out, "connection lost: (\\d+)") >= 1, out);
    assertTrue(
        Pattern.compile("(?m)^ +\\d+\\.\\d +\\d+\\.\\d +\\d  not within the run$")
            .matcher(out)
            .find(),
        "the outage is reported, not over by the end:\n" + out);
  }

  /**
   * Issue #32.8: while its clients reconnect, the server refuses them for a while with 53300 (too
   * many connections, here the role's limit set to 0 after its backends are ended); the run waits
   * it out as it waits out a server that is down, and goes on to its end.
   */
  @Test
  void aRunWaitsOutTooManyConnectionsWhileReconnecting() throws Exception {
    String role = "tpcc_it_limited_" + ProcessHandle.current().pid();
    admin("CREATE ROLE " + role + " LOGIN", "GRANT ALL ON ALL TABLES IN SCHEMA public TO " + role);
    // 20 s: a reconnection tried while the limit is lifted may fail, and the next comes 6.3 s after
    // the loss (Client's backoff); the run must then go on working
    List<String> args = options("--threads=2", "--time=20", "--report-interval=1", "run");
    args.replaceAll(arg -> arg.startsWith("--pgsql-user=") ? "--pgsql-user=" + role : arg);
    try (DriverProcess run = DriverProcess.start(args)) {
      assertTrue(run.awaitLines(line -> line.startsWith("[ "), 2), run.output());
      admin("ALTER ROLE " + role + " CONNECTION LIMIT 0");
      ServerControl.terminateBackends(POSTGRES.database(), "tpcc");
      TimeUnit.SECONDS.sleep(3);
      admin("ALTER ROLE " + role + " CONNECTION LIMIT -1");
      int exitCode = run.finish();
      String out = run.output();
      assertEquals(0, exitCode, out);
      assertTrue(decimal(out, "total time: +(\\d+\\.\\d+)s") >= 19.9, out);
      assertTrue(decimal(out, "reconnects: +(\\d+) ") >= 2, "both clients reconnected:\n" + out);
      assertTrue(
          Pattern.compile("(?m)^ +\\d+\\.\\d +[2-9]\\.\\d +\\d+  ").matcher(out).find(),
          "an outage of 2 s or more is reported:\n" + out);
      String lastReport = out.lines().filter(l -> l.startsWith("[ 20s ]")).findFirst().orElse("");
      assertFalse(lastReport.isEmpty() || lastReport.contains(" tps: 0.00 "), out);
    } finally {
      admin("DROP OWNED BY " + role, "DROP ROLE " + role);
    }
  }

  /**
   * Returns once the run has committed a New-Order (the districts' next order ids moved); fails
   * with the run's output when it ended first, or after 60 s.
   */
  private static void awaitNewOrders(CompletableFuture<CliRun> run) throws Exception {
    String query = "SELECT sum(d_next_o_id) FROM district1";
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (java.sql.Connection connection = POSTGRES.database().connect();
        java.sql.Statement statement = connection.createStatement()) {
      long first = scalar(statement, query);
      while (scalar(statement, query) == first) {
        if (run.isDone()) {
          CliRun ended = run.get();
          throw new AssertionError(
              "the run ended without a New-Order: " + ended.out() + ended.err());
        }
        assertTrue(System.nanoTime() < deadline, "no New-Order in 60 s");
        TimeUnit.MILLISECONDS.sleep(50);
      }
    }
  }

  private static long scalar(java.sql.Statement statement, String query) throws Exception {
    try (java.sql.ResultSet rows = statement.executeQuery(query)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  private static void admin(String... statements) throws Exception {
    try (java.sql.Connection connection = POSTGRES.database().connect();
        java.sql.Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  /**
   * A 6 s run of 4 threads whose server stops 3 s in and starts again only after the run; asserts
   * it ended within {@code maxSeconds} with exit code 0 and its summary, and returns its output.
   * The server stays down for a minute, so a run that waited for it would take that long; the bound
   * leaves room for a loaded machine: the pooled run took 8.4 s alone, and 12.1 and 14.3 s beside
   * the other classes on a slow day (CI at 339ca29 and e3075f3, 2026-12-06), its summary saying 8.1
   * and 8.2 s: the rest is closing the pool and the JVM's work after the run, under load.
   */
  private static String runWhileTheServerGoesDown(int maxSeconds, int connections, String... more)
      throws Exception {
    List<String> args =
        new ArrayList<>(List.of("--threads=4", "--time=6", "--report-interval=1", "run"));
    args.addAll(0, List.of(more));
    CompletableFuture<CliRun> run =
        Background.supply(
            () -> CliRun.of(options(args.toArray(String[]::new)).toArray(String[]::new)));
    CliRun result;
    double elapsed;
    // the run's time starts once its connections are open: from there it must end in time
    ServerControl.awaitBackends(POSTGRES.database(), "tpcc", connections);
    long start = System.nanoTime();
    boolean stopped = false;
    try {
      // and the server goes down while the clients work, not while they still wait for their
      // first transaction: a loaded machine (CI at 8376919) took 3 s to start them
      awaitNewOrders(run);
      long stopAt = Math.max(start + TimeUnit.SECONDS.toNanos(3), System.nanoTime() + 500_000_000);
      TimeUnit.NANOSECONDS.sleep(stopAt - System.nanoTime());
      POSTGRES.control().stop(); // and down until after the run: past its --time
      stopped = true;
      result = run.get(60, TimeUnit.SECONDS);
      elapsed = (System.nanoTime() - start) / 1e9;
    } finally {
      if (stopped) {
        POSTGRES.control().start();
      }
    }
    String out = result.out();
    assertEquals(0, result.exitCode(), result.err() + out);
    // The end may be late by a transaction.
    assertTrue(
        elapsed < maxSeconds,
        "the run ended at its --time, not when the server came back: " + elapsed + " s\n" + out);
    assertTrue(out.contains("tpmC: "), "the summary is printed:\n" + out);
    return out;
  }

  private static double decimal(String text, String regex) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    assertTrue(matcher.find(), () -> regex + " in\n" + text);
    return Double.parseDouble(matcher.group(1));
  }
}
