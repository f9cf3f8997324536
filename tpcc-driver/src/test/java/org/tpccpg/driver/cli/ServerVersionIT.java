package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.core.jdbc.ServerVersion;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * The whole cycle of both workloads through the command line, quickly, on whatever server version
 * the test server is (scripts/test-versions.sh runs it on every major from 9.6 to 18): TPC-C's
 * prepare with foreign keys, a run in each transaction mode with the server's statistics recorded,
 * check, cleanup; TPC-B's init, select-only and tpcb-like runs with the statistics, {@code
 * --check}; and a one-cell sweep. {@code TPCC_TEST_SERVER_MAJOR}, when set, is the major the server
 * must be.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServerVersionIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir static Path tmp;

  private static ServerVersion version;

  @BeforeAll
  static void sayWhichServer() throws SQLException {
    try (Connection c = POSTGRES.database().connect()) {
      version = ServerVersion.of(c);
    }
    System.out.println("ServerVersionIT: PostgreSQL " + version.major() + " (" + version + ")");
    String expected = System.getenv("TPCC_TEST_SERVER_MAJOR");
    if (expected != null && !expected.isEmpty()) {
      assertEquals(expected, version.major(), "the server under test");
    }
  }

  private static List<String> tpcc(String... more) {
    List<String> args = new ArrayList<>(List.of("--tables=1", "--scale=1", "--threads=2"));
    args.addAll(List.of(more));
    return CliRun.connectedTo(POSTGRES.database(), args.toArray(String[]::new));
  }

  private static CliRun cli(List<String> args) {
    return CliRun.of(args.toArray(String[]::new));
  }

  private static CliRun tpcb(String... options) {
    TestDatabase db = POSTGRES.database();
    List<String> args = new ArrayList<>(List.of("tpcb", "-h", db.host(), "-p", "" + db.port()));
    args.addAll(List.of("-U", db.user()));
    args.addAll(List.of(options));
    args.add(db.name());
    return cli(args);
  }

  /**
   * Every interval of the run carries the server's figures (but perhaps the first), commits among
   * them, and WAL when the run {@code writes} (a select-only run may write none); nothing was told
   * of the server statistics but, on a version that cannot give them all, the one line of what is
   * left out.
   */
  private static void assertServerStatistics(Path dir, CliRun run, boolean writes)
      throws IOException {
    String output = run.out() + run.err();
    ResultsSchema.assertConforms(dir);
    List<Map<?, ?>> servers = new ArrayList<>();
    List<String> lines = Files.readAllLines(dir.resolve(ResultsFiles.INTERVALS));
    for (String line : lines) {
      if (JsonParser.object(line).get("server") instanceof Map<?, ?> server) {
        servers.add(server);
      }
    }
    assertTrue(lines.size() >= 2 && servers.size() >= lines.size() - 1, lines + "\n" + output);
    assertTrue(
        servers.stream().anyMatch(s -> ((Number) s.get("commits")).longValue() > 0),
        "commits: " + servers);
    assertTrue(
        servers.stream().allMatch(s -> s.get("wal_bytes") instanceof Number), "WAL: " + servers);
    if (writes) {
      assertTrue(
          servers.stream().anyMatch(s -> ((Number) s.get("wal_bytes")).longValue() > 0),
          "WAL written: " + servers);
    }
    assertEquals(
        version.atLeast(10),
        servers.stream().allMatch(s -> s.get("autovacuum_workers") instanceof Number),
        "autovacuum workers are counted from 10 on: " + servers);
    List<String> told = output.lines().filter(l -> l.contains("server stats:")).toList();
    assertEquals(version.atLeast(10) ? 0 : 1, told.size(), output);
    assertTrue(told.stream().allMatch(l -> l.contains("left out")), output);
  }

  /**
   * The durability audit names the server on every major (9.6's WAL functions have the xlog names):
   * one server, never promoted, as it sees the connection.
   */
  private static void assertTheServerIsIdentified(Path dir) throws IOException {
    Map<?, ?> durability =
        (Map<?, ?>)
            JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)))
                .get("durability");
    List<?> servers = (List<?>) durability.get("servers");
    assertEquals(1, servers.size(), durability.toString());
    Map<?, ?> server = (Map<?, ?>) servers.get(0);
    assertEquals(1L, ((Number) server.get("timeline")).longValue(), server.toString());
    assertTrue(
        String.valueOf(server.get("address")).endsWith(":" + POSTGRES.database().port()),
        server.toString());
    assertEquals(Boolean.FALSE, durability.get("failed_over"));
  }

  @Test
  @Order(1)
  void prepareWithForeignKeysThenEachTransactionModeRunsWithServerStatisticsAndChecks()
      throws IOException {
    CliRun prepare = cli(tpcc("--use-fk=1", "prepare"));
    assertEquals(0, prepare.exitCode(), prepare.out() + prepare.err());
    for (String mode : List.of("statements", "batched", "procedures")) {
      Path dir = tmp.resolve("tpcc-" + mode);
      CliRun run =
          cli(
              tpcc(
                  "--txn-mode=" + mode,
                  "--time=3",
                  "--report-interval=1",
                  "--results=" + dir,
                  "run"));
      assertEquals(0, run.exitCode(), mode + ": " + run.out() + run.err());
      assertTrue(run.out().contains("tpmC"), mode + ": " + run.out());
      assertServerStatistics(dir, run, true);
      assertTheServerIsIdentified(dir);
    }
    CliRun check = cli(tpcc("check"));
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("conditions checked hold"), check.out());
  }

  @Test
  @Order(2)
  void cleanupDropsWhatPrepareMade() throws SQLException {
    CliRun cleanup = cli(tpcc("cleanup"));
    assertEquals(0, cleanup.exitCode(), cleanup.out() + cleanup.err());
    try (Connection c = POSTGRES.database().connect();
        var s = c.createStatement();
        var rows =
            s.executeQuery(
                "SELECT count(*) FROM pg_class WHERE relname IN ('warehouse1', 'tpcc_metadata')")) {
      rows.next();
      assertEquals(0, rows.getInt(1), "tables left");
    }
  }

  @Test
  @Order(3)
  void tpcbInitializesRunsBothBuiltinsWithServerStatisticsAndChecks() throws IOException {
    CliRun init = tpcb("-i", "-s", "1", "-q", "--foreign-keys");
    assertEquals(0, init.exitCode(), init.err());
    assertTrue(init.err().contains("creating foreign keys..."), init.err());
    for (String script : List.of("select-only", "tpcb-like")) {
      Path dir = tmp.resolve("tpcb-" + script);
      CliRun run = tpcb("-b", script, "-c", "2", "-T", "3", "-P", "1", "--results=" + dir);
      assertEquals(0, run.exitCode(), script + ": " + run.out() + run.err());
      assertTrue(run.out().contains("tps = "), run.out());
      assertServerStatistics(dir, run, script.equals("tpcb-like"));
    }
    CliRun check = tpcb("--check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  @Test
  @Order(4)
  void tpcbInitializesServerSideAndPartitionedWhereTheServerCanPartition() throws SQLException {
    CliRun serverSide = tpcb("-i", "-s", "1", "-q", "-I", "dtGvp");
    assertEquals(0, serverSide.exitCode(), serverSide.err());
    assertTrue(serverSide.err().contains("server-side generate"), serverSide.err());
    // partitioned tables came with 10, a primary key on one with 11, a foreign key to one with 12
    String before11 =
        version.atLeast(10)
            ? "has no primary key on a partitioned table (11 or later), which -I's p adds; leave p"
                + " out of -I, or the partitions"
            : "has no partitioned tables (10 or later)";
    CliRun withKeys = tpcb("-i", "-s", "1", "-q", "--partitions=2", "--foreign-keys");
    if (version.atLeast(12)) {
      assertEquals(0, withKeys.exitCode(), withKeys.err());
      assertTrue(withKeys.err().contains("creating foreign keys..."), withKeys.err());
    } else {
      assertRefusedBeforeDropping(
          withKeys,
          version.atLeast(11)
              ? "has no foreign key referencing a partitioned table (12 or later), which -I's f"
                  + " (--foreign-keys) adds; leave f out, or the partitions"
              : before11);
    }
    CliRun partitioned = tpcb("-i", "-s", "1", "-q", "--partitions=2");
    if (version.atLeast(11)) {
      assertEquals(0, partitioned.exitCode(), partitioned.err());
      CliRun run = tpcb("-S", "-c", "1", "-T", "1");
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().contains("partition method: range\npartitions: 2"), run.out());
    } else {
      assertRefusedBeforeDropping(partitioned, before11);
    }
  }

  /**
   * The initialization was refused in one line naming --partitions and the server's major, before
   * anything was dropped: the unpartitioned tables of the previous initialization are all there.
   */
  private static void assertRefusedBeforeDropping(CliRun init, String reason) throws SQLException {
    assertEquals(1, init.exitCode(), init.err());
    assertEquals(
        "tpcc tpcb: error: --partitions=2: PostgreSQL "
            + version.major()
            + " "
            + reason
            + "; nothing was dropped or created\n",
        init.err());
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet rows =
            s.executeQuery(
                "SELECT (SELECT count(*) FROM pgbench_accounts),"
                    + " (SELECT relkind FROM pg_class WHERE relname = 'pgbench_accounts')")) {
      rows.next();
      assertEquals(100_000, rows.getInt(1), "the accounts of the last initialization");
      assertEquals("r", rows.getString(2), "still an ordinary table");
    }
  }

  @Test
  @Order(5)
  void aOneCellSweepRecordsTheServersVersion() throws Exception {
    TestDatabase db = POSTGRES.database();
    Path file = tmp.resolve("version.sweep");
    Files.writeString(
        file,
        String.join(
            "\n",
            "[sweep]",
            "clients = 1",
            "duration = 1",
            "",
            "[target t]",
            "host = " + db.host(),
            "port = " + db.port(),
            "dbname = " + db.name(),
            "user = " + db.user(),
            "",
            "[workload select]",
            "kind = tpcb",
            "options = -S",
            "prepare = true",
            "prepare_options = -s 1 -q",
            ""),
        StandardCharsets.UTF_8);
    Path bundle = tmp.resolve("bundle");
    try (DriverProcess sweep =
        DriverProcess.start(
            List.of("sweep", file.toString(), "--bundle", bundle.toString()), Map.of(), tmp)) {
      int exitCode = sweep.finish();
      assertEquals(0, exitCode, sweep.output());
    }
    String manifest = Files.readString(bundle.resolve("manifest.json"));
    assertTrue(
        manifest.contains("\"server_version\": \"" + version.major() + ".")
            || manifest.contains("\"server_version\":\"" + version.major() + "."),
        manifest);
    assertTrue(manifest.contains("\"done\""), manifest);
  }
}
