package org.tpccpg.driver.serverstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.core.jdbc.ServerVersion;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.driver.cluster.OwnServerFixture;
import org.tpccpg.driver.live.Scrape;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PgBouncer;
import org.tpccpg.testkit.TestDatabase;

/**
 * The server's figures in intervals.jsonl, for TPC-C and TPC-B runs on the test server: present and
 * valid against docs/schema/interval.schema.json, a CHECKPOINT issued during the run counted,
 * summed into summary.json's server_activity and the run's "server during the run" line, and absent
 * with {@code --server-stats=off}.
 */
class ServerStatsIT {
  // its own server: the checkpoint counters it asserts are server-wide
  @RegisterExtension static final OwnServerFixture POSTGRES = new OwnServerFixture();

  @TempDir Path tmp;

  /** A finished command: its exit code, and stdout and stderr together. */
  private record Outcome(int code, String output) {}

  private static List<String> tpcc(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> all =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name(),
                "--tables=1",
                "--scale=1",
                "--threads=2"));
    all.addAll(List.of(args));
    return all;
  }

  private static List<String> tpcb(String... args) {
    List<String> all = new ArrayList<>(List.of("tpcb"));
    all.addAll(List.of(args));
    all.add(POSTGRES.database().name());
    return all;
  }

  /** Runs in-process; {@code live} sees stdout and stderr as they are written. */
  private static Outcome execute(List<String> args, StringWriter live) {
    int code =
        TpccCli.execute(
            args.toArray(String[]::new),
            new PrintWriter(live),
            new PrintWriter(live),
            POSTGRES.database().libpqEnvironment());
    return new Outcome(code, live.toString());
  }

  @BeforeAll
  static void prepare() {
    Outcome tpcc = execute(tpcc("prepare"), new StringWriter());
    assertEquals(0, tpcc.code(), tpcc.output());
    Outcome tpcb = execute(tpcb("-i", "-s", "1", "-q"), new StringWriter());
    assertEquals(0, tpcb.code(), tpcb.output());
    try {
      checkpoint(); // writes what loading dirtied, so that the tests' own checkpoints are quick
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
  }

  private static List<Map<String, Object>> intervals(Path dir) throws IOException {
    List<Map<String, Object>> lines = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve(ResultsFiles.INTERVALS))) {
      lines.add(JsonParser.object(line));
    }
    return lines;
  }

  /**
   * Starts the run on a thread of its own, waits for its first recorded interval, runs {@code
   * duringRun}, issues a CHECKPOINT as a superuser, checks that the run is still going (else the
   * intervals cannot show it), and waits for the run to end.
   */
  private static Outcome runWithCheckpoint(
      List<String> args, Path dir, StringWriter live, Runnable duringRun) throws Exception {
    CompletableFuture<Outcome> run = Background.supply(() -> execute(args, live));
    Path intervals = dir.resolve(ResultsFiles.INTERVALS);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!run.isDone() && System.nanoTime() - deadline < 0) {
      if (Files.exists(intervals) && Files.size(intervals) > 0) {
        break;
      }
      TimeUnit.MILLISECONDS.sleep(50);
    }
    assertFalse(run.isDone(), "the run ended before its first interval: " + live);
    duringRun.run();
    checkpoint();
    assertFalse(run.isDone(), "the run ended before the CHECKPOINT did: " + live);
    return run.get(60, TimeUnit.SECONDS);
  }

  /** The sessions of the test database with this application_name. */
  private static int sessionsNamed(String applicationName) {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        var rows =
            s.executeQuery(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND application_name = '"
                    + applicationName
                    + "'")) {
      rows.next();
      return rows.getInt(1);
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
  }

  private static void checkpoint() throws SQLException {
    try (Connection admin = POSTGRES.database().connectAdmin();
        Statement s = admin.createStatement()) {
      s.execute("CHECKPOINT");
    }
  }

  /**
   * Every line conforms; (nearly) every line has the server's figures (on a busy machine the
   * sampler may miss an interval); the checkpoint is in one of them; the run's transactions are
   * among the commits.
   */
  private static void assertServerFigures(Path dir, String output) throws IOException {
    ResultsSchema.assertConforms(dir);
    List<Map<String, Object>> lines = intervals(dir);
    List<Map<?, ?>> servers = new ArrayList<>();
    for (Map<String, Object> line : lines) {
      if (line.get("server") instanceof Map<?, ?> server) {
        servers.add(server);
      }
    }
    assertTrue(lines.size() >= 3, output);
    assertTrue(servers.size() >= lines.size() - 1, lines + "\n" + output);
    double checkpoints =
        servers.stream().mapToDouble(s -> ((Number) s.get("checkpoints")).doubleValue()).sum();
    double requested =
        servers.stream()
            .mapToDouble(s -> ((Number) s.get("checkpoints_requested")).doubleValue())
            .sum();
    assertTrue(checkpoints >= 1, "the CHECKPOINT: " + servers);
    assertTrue(requested >= 1, "CHECKPOINT is a requested one: " + servers);
    assertTrue(
        servers.stream().anyMatch(s -> ((Number) s.get("commits")).doubleValue() > 0),
        "commits: " + servers);
    assertTrue(
        servers.stream().anyMatch(s -> ((Number) s.get("wal_bytes")).doubleValue() > 0),
        "WAL: " + servers);
    // the run's totals: summary.json's server_activity sums the intervals, and the text says it
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    Map<?, ?> activity = (Map<?, ?>) summary.get("server_activity");
    assertEquals(servers.size(), ((Number) activity.get("intervals")).intValue(), summary + "");
    assertEquals(checkpoints, ((Number) activity.get("checkpoints")).doubleValue(), 0);
    assertEquals(requested, ((Number) activity.get("checkpoints_requested")).doubleValue(), 0);
    double wal =
        servers.stream().mapToDouble(s -> ((Number) s.get("wal_bytes")).doubleValue()).sum();
    assertEquals(wal, ((Number) activity.get("wal_bytes")).doubleValue(), 0);
    assertTrue(
        Pattern.compile(
                "(?m)^server during the run: "
                    + (long) checkpoints
                    + " checkpoints? \\("
                    + (long) requested
                    + " requested\\), \\d+\\.\\d MB of WAL$")
            .matcher(output)
            .find(),
        "the line: " + output);
    // the health: read with the first sample, so in a line of even a short run, and summed up
    List<Map<?, ?>> healths = new ArrayList<>();
    for (Map<String, Object> line : lines) {
      if (line.get("health") instanceof Map<?, ?> health) {
        healths.add(health);
      }
    }
    assertFalse(healths.isEmpty(), "a health reading with the first sample: " + lines);
    Map<?, ?> tables = (Map<?, ?>) healths.get(0).get("tables");
    assertTrue(
        tables.containsKey("warehouse1") || tables.containsKey("pgbench_accounts"),
        "the workload's own tables: " + tables.keySet());
    assertTrue(((Number) healths.get(0).get("database_bytes")).doubleValue() > 0, healths + "");
    Map<?, ?> health = (Map<?, ?>) summary.get("health");
    assertEquals(healths.size(), ((Number) health.get("readings")).intValue(), health + "");
    assertTrue(
        output.lines().anyMatch(l -> l.startsWith("server health: database ")),
        "the line: " + output);
    // a failure told, not what an old version leaves out (told once, with "left out")
    assertFalse(
        output.lines().anyMatch(l -> l.contains("server stats:") && !l.contains("left out")),
        "no failure told: " + output);
  }

  @Test
  void aTpccRunRecordsTheServerEachIntervalAndServesItsKindsLive() throws Exception {
    Path dir = tmp.resolve("tpcc");
    StringWriter live = new StringWriter();
    Scrape[] scrape = new Scrape[1];
    Outcome outcome =
        runWithCheckpoint(
            // 8 s: before 15 the statistics collector tells a checkpoint a moment after it ends,
            // which a loaded machine stretches; the run must still be sampling then
            tpcc("--time=8", "--report-interval=1", "--results=" + dir, "--metrics-port=0", "run"),
            dir,
            live,
            () -> {
              try {
                scrape[0] = Scrape.of(Scrape.url(live.toString()));
              } catch (IOException e) {
                throw new AssertionError(e);
              }
            });
    assertEquals(0, outcome.code(), outcome.output());
    assertServerFigures(dir, outcome.output());
    for (String kind : List.of("new_order", "payment", "order_status", "delivery", "stock_level")) {
      assertNotNull(
          scrape[0].get("tpcc_transactions_total{kind=\"" + kind + "\"}"),
          kind + " in " + scrape[0]);
    }
  }

  @Test
  void aTpcbRunRecordsTheServerEachInterval() throws Exception {
    Path dir = tmp.resolve("tpcb");
    StringWriter live = new StringWriter();
    Outcome outcome =
        runWithCheckpoint(
            tpcb("-c", "2", "-T", "6", "-P", "1", "--results=" + dir),
            dir,
            live,
            () -> assertEquals(1, sessionsNamed("tpcc server stats"), "one extra connection"));
    assertEquals(0, outcome.code(), outcome.output());
    assertServerFigures(dir, outcome.output());
  }

  /**
   * Through pgbouncer in transaction pooling the stats connection goes where the clients' go (the
   * run knows no other address of the server): its one-statement samples in autocommit, in the
   * run's statement mode, suit a transaction pooler, so every interval still carries the figures.
   */
  @Test
  void aTpccRunThroughPgBouncerInTransactionModeRecordsTheServerEachInterval() throws Exception {
    TestDatabase db = POSTGRES.database();
    int[] version = PgBouncer.version();
    boolean tracks = version[0] > 1 || version[1] >= 21;
    try (PgBouncer pool =
        PgBouncer.start(
            "transaction",
            db.host(),
            db.port(),
            tracks ? Map.of("max_prepared_statements", "0") : Map.of())) {
      Path dir = tmp.resolve("tpcc-pgbouncer");
      List<String> args = new ArrayList<>();
      for (String arg :
          tpcc("--time=8", "--report-interval=1", "--db-ps-mode=disable", "--results=" + dir)) {
        args.add(arg.startsWith("--pgsql-port=") ? "--pgsql-port=" + pool.port() : arg);
      }
      args.add("run");
      Outcome outcome = runWithCheckpoint(args, dir, new StringWriter(), () -> {});
      assertEquals(0, outcome.code(), outcome.output());
      String summary = Files.readString(dir.resolve(ResultsFiles.SUMMARY));
      assertTrue(
          summary.matches("(?s).*\"port\"\\s*:\\s*" + pool.port() + "\\b.*"),
          "through the pooler: " + summary);
      assertServerFigures(dir, outcome.output());
    }
  }

  @Test
  void serverStatsOffLeavesTheServerOut() throws Exception {
    Path dir = tmp.resolve("off");
    Outcome outcome =
        execute(
            tpcb("-c", "1", "-T", "2", "-P", "1", "--server-stats=off", "--results=" + dir),
            new StringWriter());
    assertEquals(0, outcome.code(), outcome.output());
    List<Map<String, Object>> lines = intervals(dir);
    assertFalse(lines.isEmpty(), outcome.output());
    assertTrue(lines.stream().noneMatch(l -> l.containsKey("server")), lines.toString());
    ResultsSchema.assertConforms(dir);
  }

  @Test
  void theStatementOfThisServersVersionReadsItsStatistics() throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      int version = ServerVersion.of(c).num();
      ServerSample sample;
      try (var rows = s.executeQuery(StatsQuery.forVersion(version).sql())) {
        assertTrue(rows.next());
        sample = ServerSample.read(rows);
      }
      assertNotNull(sample.checkpoints());
      assertNotNull(sample.walBytes());
      assertNotNull(sample.commits());
      assertTrue(sample.commits() > 0, sample.toString());
    }
  }

  @Test
  void theStatementNamesATableAClientIsVacuuming() throws Exception {
    try (Connection vacuuming = POSTGRES.database().connect();
        Statement vacuum = vacuuming.createStatement();
        Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      // a VACUUM slowed to a page or so every 100 ms, so that the samples see it; cancelled below
      vacuum.execute("SET vacuum_cost_delay = 100");
      vacuum.execute("SET vacuum_cost_limit = 1");
      vacuum.execute("SET statement_timeout = '60s'");
      CompletableFuture<String> running =
          Background.supply(
              () -> {
                try {
                  vacuum.execute("VACUUM (FREEZE) stock1");
                  return "ended before the cancel";
                } catch (SQLException e) {
                  return e.getSQLState() + " " + e.getMessage(); // 57014 after the cancel
                }
              });
      String sql = StatsQuery.forVersion(ServerVersion.of(c).num()).sql();
      Map<String, Long> seen = Map.of();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!seen.containsKey("stock1 (manual)") && System.nanoTime() - deadline < 0) {
        try (var rows = s.executeQuery(sql)) {
          assertTrue(rows.next());
          seen = ServerSample.read(rows).vacuums();
        }
        TimeUnit.MILLISECONDS.sleep(100);
      }
      vacuum.cancel();
      String ended = running.get(30, TimeUnit.SECONDS);
      assertEquals(
          1L, seen.get("stock1 (manual)"), "the VACUUM of stock1 (" + ended + "): " + seen);
      assertFalse(seen.containsKey("stock1"), "not taken for autovacuum: " + seen);
    }
  }

  @Test
  void theStatementsOfTheHealthReadTheWorkloadsOwnTables() throws SQLException {
    try (Connection c = POSTGRES.database().connect()) {
      int version = ServerVersion.of(c).num();
      HealthSample tpcc = HealthSample.read(c, OwnTables.TPCC, version).orElseThrow();
      HealthSample tpcb = HealthSample.read(c, OwnTables.TPCB, version).orElseThrow();
      assertTrue(
          tpcc.tables().keySet().containsAll(List.of("warehouse1", "stock1", "order_line1")));
      assertFalse(tpcc.tables().containsKey("pgbench_accounts"), tpcc.tables().keySet() + "");
      assertTrue(tpcb.tables().containsKey("pgbench_accounts"), tpcb.tables().keySet() + "");
      assertFalse(tpcb.tables().containsKey("warehouse1"), tpcb.tables().keySet() + "");
      HealthSample.TableHealth stock = tpcc.tables().get("stock1");
      assertTrue(stock.tableBytes() > 0 && stock.indexesBytes() > 0, stock.toString());
      assertTrue(tpcc.databaseBytes() > 0 && tpcc.freezeMaxAge() > 0, tpcc.toString());
      assertEquals(0, tpcc.standbys(), "no standby here");
      assertEquals(null, tpcc.replicationLagBytes());
    }
  }

  /**
   * A table of the workload locked ACCESS EXCLUSIVE by another session (LOCK TABLE, VACUUM FULL)
   * makes the health's sizes wait: the reading gives up after its lock timeout instead of holding
   * the statistics connection, whose samples name a dip's causes, for as long as the lock lasts.
   * The connection is left in autocommit with no lock timeout of its own, and reads again once the
   * lock is gone.
   */
  @Test
  @Timeout(60) // without its lock timeout the reading waits as long as the lock: fail, not hang
  void theStatementsOfTheHealthSkipALockedTableInsteadOfWaiting() throws Exception {
    try (Connection locker = POSTGRES.database().connect();
        Connection c = POSTGRES.database().connect()) {
      int version = ServerVersion.of(c).num();
      locker.setAutoCommit(false);
      try (Statement lock = locker.createStatement()) {
        lock.execute("LOCK TABLE pgbench_branches IN ACCESS EXCLUSIVE MODE");
        long start = System.nanoTime();
        assertTrue(HealthSample.read(c, OwnTables.TPCB, version).isEmpty(), "skipped while locked");
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(waitedMillis < 5_000, "gave up after its lock timeout, not " + waitedMillis);
        assertTrue(
            HealthSample.read(c, OwnTables.TPCC, version).isPresent(), "another workload's tables");
      } finally {
        locker.rollback();
      }
      assertTrue(c.getAutoCommit());
      try (Statement s = c.createStatement();
          var row = s.executeQuery("SELECT current_setting('lock_timeout')")) {
        row.next();
        assertEquals("0", row.getString(1), "the lock timeout was the reading's transaction's");
      }
      assertTrue(HealthSample.read(c, OwnTables.TPCB, version).isPresent(), "read again");
    }
  }
}
