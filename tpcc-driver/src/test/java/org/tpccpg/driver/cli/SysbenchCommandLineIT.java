package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/**
 * The sysbench-tpcc command lines of a published week-long PostgreSQL run, pasted with {@code
 * ./tpcc.lua} replaced by the command and a smaller scale. The unix-socket host of the original
 * ({@code --pgsql-host=/tmp --pgsql-port=1921}) is replaced by the test server's TCP address, and
 * by its socket directory in one test.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SysbenchCommandLineIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static List<String> pasted(String... tail) {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name(),
                "--threads=2",
                "--tables=2",
                "--scale=1",
                "--trx_level=RC",
                "--db-ps-mode=auto",
                "--db-driver=pgsql"));
    args.addAll(List.of(tail));
    return args;
  }

  private static CliRun run(Map<String, String> environment, List<String> args) {
    return CliRun.of(environment, args.toArray(String[]::new));
  }

  @Test
  @Order(1)
  void cleanupAsPastedSucceedsOnAnEmptyDatabase() {
    CliRun cleanup = run(Map.of(), pasted("cleanup"));
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(cleanup.out().contains("cleanup: no table sets found"), cleanup.out());
  }

  @Test
  @Order(2)
  void prepareAsPastedWithStorageOptionsFromTheEnvironmentLoadsWithoutForeignKeys()
      throws SQLException {
    Map<String, String> environment =
        Map.of(
            "pgsql_table_options", "tablespace pg_default",
            "pgsql_index_options", "tablespace pg_default");
    CliRun prepare = run(environment, pasted("--use_fk=0", "prepare"));
    assertEquals(0, prepare.exitCode(), prepare.err());
    assertTrue(prepare.out().contains("prepare: done in "), prepare.out());
    assertEquals(2, count("SELECT count(*) FROM pg_class WHERE relname ~ '^warehouse[12]$'"));
    assertEquals(0, count("SELECT count(*) FROM pg_constraint WHERE contype = 'f'"));
  }

  @Test
  @Order(3)
  void runOptionsAreAcceptedByCheckSoOneOptionSetServesEveryCommand() {
    CliRun check =
        run(Map.of(), pasted("--time=604800", "--report-interval=1", "--enable_purge=no", "check"));
    assertEquals(0, check.exitCode(), check.err() + check.out());
    assertTrue(check.out().contains("check: all 12 conditions checked hold"), check.out());
  }

  @Test
  @Order(4)
  void theCommandWordMayComeFirstAndAnExistingDataSetIsRefused() {
    List<String> args = new ArrayList<>(List.of("prepare"));
    args.addAll(pasted());
    CliRun prepare = run(Map.of(), args);
    assertEquals(1, prepare.exitCode());
    assertEquals(1, prepare.err().lines().count(), prepare.err());
    assertTrue(prepare.err().contains("run cleanup --tables=2 first"), prepare.err());
  }

  @Test
  @Order(5)
  void anOptionTryingToInjectSqlIsRefusedBeforeTouchingTheDatabase() throws SQLException {
    long tablesBefore = count("SELECT count(*) FROM pg_class WHERE relkind = 'r'");
    CliRun prepare =
        run(
            Map.of(),
            pasted("--table-options=tablespace x; DROP TABLE warehouse1", "--force", "prepare"));
    assertEquals(2, prepare.exitCode());
    assertTrue(prepare.err().startsWith("tpcc prepare: --table-options="), prepare.err());
    assertFalse(prepare.err().contains("\tat "), prepare.err());
    assertEquals(tablesBefore, count("SELECT count(*) FROM pg_class WHERE relkind = 'r'"));
  }

  @Test
  @Order(6)
  void theOriginalUnixSocketHostWorksWithTheTestServersSocketDirectory() {
    TestDatabase db = POSTGRES.database();
    String socketDirectory = TestServer.instance().socketDirectory().orElse(null);
    assumeTrue(socketDirectory != null, TestServer.SOCKET_VARIABLE + " is not set");
    List<String> args = new ArrayList<>(pasted("--time=604800", "check"));
    args.set(0, "--pgsql-host=" + socketDirectory);
    CliRun check = run(Map.of(), args);
    assertEquals(0, check.exitCode(), check.err() + check.out());
    assertTrue(check.out().contains("on " + db.user() + "@socket " + socketDirectory), check.out());
    assertTrue(check.out().contains("check: all 12 conditions checked hold"), check.out());
  }

  @Test
  @Order(7)
  void anOldCommandLineRunsWithSysbenchsWarningsItsConfigFileAndItsLastValues(@TempDir Path dir)
      throws IOException {
    // the file's threads=1 loses to the deprecated --num-threads=3, as the --threads=2 before it
    Path config = Files.writeString(dir.resolve("sb.cfg"), "threads=1\nreport_interval=1 # s\n");
    CliRun run =
        run(
            Map.of(),
            pasted(
                "--config-file=" + config,
                "--num-threads=3",
                "--max-time=0",
                "--max-requests=60",
                "--tx-rate=0",
                "--time=0",
                "--rand-type=uniform",
                "--rand-spec-pct=1",
                "--debug=off",
                "--db-debug",
                "--verbosity=3",
                "--thread-stack-size=64K",
                "--mysql_storage_engine=innodb",
                "--force_pk=0",
                "--forced-shutdown=off",
                "--percentile=99",
                "--percentile=95",
                "--results=" + dir.resolve("results"), // --time=0 records by default
                "run"));
    assertEquals(0, run.exitCode(), run.err() + run.out());
    List<String> lines = run.out().lines().toList();
    assertEquals(
        List.of(
            "WARNING: --num-threads is deprecated, use --threads instead",
            "WARNING: --max-requests is deprecated, use --events instead",
            "Running the test with following options:",
            "Number of threads: 3",
            "Report intermediate results every 1 second(s)"),
        lines.subList(0, 5));
    assertTrue(run.out().contains("total number of events:              60\n"), run.out());
    assertTrue(run.out().contains("95th percentile:"), run.out());
  }

  @Test
  @Order(8)
  void aRunHeldUpPastItsTimeIsForcedToEndAsSysbenchEndsIt() throws SQLException {
    CliRun run;
    try (Connection holder = POSTGRES.database().connect();
        Statement statement = holder.createStatement()) {
      holder.setAutoCommit(false);
      // New-Order and Payment update their district: both threads soon wait for these locks
      statement.execute("SELECT * FROM district1 FOR UPDATE");
      statement.execute("SELECT * FROM district2 FOR UPDATE");
      run = run(Map.of(), pasted("--time=1", "--forced-shutdown=1", "--rate=50", "run"));
      holder.rollback();
    }
    assertEquals(2, run.exitCode(), run.err() + run.out());
    List<String> lines = run.out().lines().toList();
    assertTrue(lines.contains("Target transaction rate: 50/sec"), run.out());
    assertTrue(lines.contains("Forcing shutdown in 2 seconds"), run.out());
    int fatal = lines.indexOf("FATAL: The --max-time limit has expired, forcing shutdown...");
    assertTrue(fatal > 0 && lines.get(fatal + 1).equals("SQL statistics:"), run.out());
    assertTrue(
        run.out().contains("2 of 2 threads were still waiting for the server 1 s after the end"),
        run.out());
    assertEquals("", run.err());
  }

  @Test
  @Order(9)
  void belowNoticeVerbosityARunPrintsOnlyItsWarningsAndIntervalLinesAndStillRecords(
      @TempDir Path dir) {
    // sysbench 1.0.20 with tpcc.lua at --verbosity=2: no header, no "Threads started!", no
    // report; tpcc.lua prints its interval lines itself, and the warnings come before the level
    CliRun run =
        run(
            Map.of(),
            pasted(
                "--verbosity=2",
                "--num-threads=2",
                "--time=3",
                "--report-interval=1",
                "--results=" + dir.resolve("results"),
                "run"));
    assertEquals(0, run.exitCode(), run.err() + run.out());
    List<String> lines = run.out().lines().toList();
    assertEquals("WARNING: --num-threads is deprecated, use --threads instead", lines.get(0));
    List<String> rest = lines.subList(1, lines.size());
    assertTrue(rest.size() >= 2, run.out());
    assertTrue(rest.stream().allMatch(l -> l.matches("\\[ \\d+s \\] thds: 2 tps: .*")), run.out());
    assertEquals("", run.err());
    assertTrue(Files.isRegularFile(dir.resolve("results/summary.json")), "summary.json recorded");
  }

  @Test
  @Order(10)
  void debugPrintsSysbenchsDebugLinesAroundTheUsualOutputAndVerbosityFourItsInfoLines(
      @TempDir Path dir) {
    // sysbench 1.0.20 running tpcc.lua with --debug --validate --db-debug --events=20 --threads=2
    CliRun run =
        run(
            Map.of(),
            pasted(
                "--debug",
                "--validate=on",
                "--db-debug=on",
                "--verbosity=2", // --debug raises it to 5 all the same
                "--time=0",
                "--events=20",
                "--results=" + dir.resolve("debug"),
                "run"));
    assertEquals(0, run.exitCode(), run.err() + run.out());
    List<String> lines = run.out().lines().toList();
    int debug = lines.indexOf("Debug mode enabled.");
    assertEquals(List.of("", "Validation checks: on.", ""), lines.subList(debug + 1, debug + 4));
    int started = lines.indexOf("Threads started!");
    assertEquals(
        List.of(
            "DEBUG: Worker thread (#0) started",
            "DEBUG: Worker thread (#0) initialized",
            "DEBUG: Worker thread (#1) started",
            "DEBUG: Worker thread (#1) initialized"),
        lines.subList(started - 4, started));
    assertEquals(
        List.of(
            "Event limit exceeded, exiting...",
            "(last message repeated 1 times)",
            "Done.",
            "",
            "SQL statistics:"),
        lines.subList(started + 2, started + 7));
    int reconnects =
        lines.indexOf("    reconnects:                          0      (0.00 per sec.)");
    assertEquals("DEBUG: Query execution statistics:", lines.get(reconnects + 2));
    int perThread = lines.indexOf("DEBUG: Verbose per-thread statistics:");
    assertTrue(perThread > lines.indexOf("Threads fairness:"), run.out());
    for (int thread = 0; thread < 2; thread++) {
      String line = lines.get(perThread + 2 + 2 * thread);
      assertTrue(
          line.matches(
              "DEBUG:     thread #  "
                  + thread
                  + ": min: \\d\\.\\d{4}s  avg: \\d\\.\\d{4}s  max: \\d\\.\\d{4}s  events: \\d+"),
          line);
    }

    CliRun info =
        run(
            Map.of(),
            pasted("--verbosity=4", "--time=2", "--results=" + dir.resolve("info"), "run"));
    assertEquals(0, info.exitCode(), info.err() + info.out());
    List<String> infoLines = info.out().lines().toList();
    int sql = infoLines.indexOf("SQL statistics:");
    assertEquals(
        List.of("Time limit exceeded, exiting...", "(last message repeated 1 times)", "Done.", ""),
        infoLines.subList(sql - 4, sql));
    assertFalse(info.out().contains("DEBUG:"), info.out());
  }

  @Test
  @Order(11)
  void reportCheckpointsPrintSysbenchsBlockForEachWindowAndTheWindowsAddUpToTheRun(
      @TempDir Path dir) throws IOException {
    // sysbench 1.0.20 with tpcc.lua, --report-checkpoints=2,1: the header names them sorted; at
    // each, "[ 1s ] Checkpoint report:" and the closing block of the time since the previous one
    // ("total time" since the start); the closing block then covers the time after the last
    CliRun run =
        run(
            Map.of(),
            pasted(
                "--time=4",
                "--report-interval=1",
                "--report-checkpoints=2,1",
                "--results=" + dir.resolve("results"),
                "run"));
    assertEquals(0, run.exitCode(), run.err() + run.out());
    String out = run.out();
    assertTrue(
        out.contains(
            "Report intermediate results every 1 second(s)\nReport checkpoint(s) at 1, 2 seconds\n"),
        out);
    List<String> lines = out.lines().toList();
    List<Integer> reports = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).matches("\\[ \\d+s \\] Checkpoint report:")) {
        reports.add(i);
        assertEquals("SQL statistics:", lines.get(i + 1), out);
      }
    }
    assertEquals(2, reports.size(), out);
    List<Double> totalTimes = figures(lines, "    total time: +([0-9.]+)s");
    assertEquals(3, totalTimes.size(), out);
    assertTrue(totalTimes.get(0) >= 1.0 && totalTimes.get(1) >= 2.0, out);
    assertTrue(totalTimes.get(1) > totalTimes.get(0) && totalTimes.get(2) > totalTimes.get(1), out);
    List<Double> events = figures(lines, "    total number of events: +(\\d+)");
    Map<String, Object> summary =
        JsonReader.object(Files.readString(dir.resolve("results/summary.json")));
    Object transactions = ((Map<?, ?>) summary.get("totals")).get("transactions");
    assertEquals(
        ((Number) transactions).doubleValue(),
        events.stream().mapToDouble(Double::doubleValue).sum(),
        "the three windows' events are the run's: " + out);
    assertTrue(events.stream().allMatch(n -> n > 0), out);
    assertTrue(lines.stream().filter(l -> l.matches("\\[ \\d+s \\] thds: 2 .*")).count() >= 3, out);
  }

  /** The first group of {@code regex} in every line that matches it, in order. */
  private static List<Double> figures(List<String> lines, String regex) {
    Pattern pattern = Pattern.compile(regex);
    List<Double> figures = new ArrayList<>();
    for (String line : lines) {
      Matcher m = pattern.matcher(line);
      if (m.matches()) {
        figures.add(Double.parseDouble(m.group(1)));
      }
    }
    return figures;
  }

  @Test
  @Order(12)
  void cleanupAsPastedRemovesEverything() throws SQLException {
    CliRun cleanup = run(Map.of(), pasted("cleanup"));
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertTrue(
        cleanup.out().contains("dropped table sets 1, 2 (18 tables) and the load record"),
        cleanup.out());
    assertEquals(
        0,
        count(
            "SELECT count(*) FROM pg_class WHERE relname ~ '^(warehouse|item|stock)[0-9]+$'"
                + " OR relname LIKE 'tpcc_metadata%'"));
  }

  @Test
  @Order(13)
  void aSchemaGivenAsPerconasTpccLuaTakesItIsWorkedInEverywhereAndPublicIsLeftAlone()
      throws SQLException {
    // Percona-Lab's tpcc.lua runs SET search_path TO <--pgsql_schema> on every connection of
    // every command; a table of the user's in public with one of our names must not be touched
    execute(
        "CREATE SCHEMA sb_schema; CREATE TABLE public.warehouse1 (mine int); INSERT INTO"
            + " public.warehouse1 VALUES (7)");
    List<String> inSchema = List.of("--pgsql_schema=sb_schema", "--tables=1");
    CliRun prepare = run(Map.of(), pasted(with(inSchema, "prepare").toArray(String[]::new)));
    assertEquals(0, prepare.exitCode(), prepare.err() + prepare.out());
    assertEquals(
        9,
        count(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'sb_schema'"
                + " AND tablename ~ '[0-9]$'"));
    CliRun run = run(Map.of(), pasted(with(inSchema, "--time=2", "run").toArray(String[]::new)));
    assertEquals(0, run.exitCode(), run.err() + run.out());
    assertTrue(run.out().matches("(?s).*transactions: +[1-9].*"), run.out());
    CliRun check = run(Map.of(), pasted(with(inSchema, "check").toArray(String[]::new)));
    assertEquals(0, check.exitCode(), check.err() + check.out());

    CliRun missing =
        run(Map.of(), pasted("--pgsql-schema=no_such", "--tables=1", "--time=1", "run"));
    assertEquals(
        "tpcc run: no schema to work in: the search_path (no_such) names no schema that exists in"
            + " this database",
        missing.err().strip());
    CliRun empty = run(Map.of(), pasted("--tables=1", "check"));
    assertTrue(
        empty.err().contains("no TPC-C data set in schema public: run prepare first"), empty.err());

    CliRun cleanup = run(Map.of(), pasted(with(inSchema, "cleanup").toArray(String[]::new)));
    assertEquals(0, cleanup.exitCode(), cleanup.err());
    assertEquals(0, count("SELECT count(*) FROM pg_tables WHERE schemaname = 'sb_schema'"));
    assertEquals(7, count("SELECT mine FROM public.warehouse1"));
    execute("DROP TABLE public.warehouse1; DROP SCHEMA sb_schema");
  }

  private static List<String> with(List<String> options, String... more) {
    List<String> all = new ArrayList<>(options);
    all.addAll(List.of(more));
    return all;
  }

  private static void execute(String sql) throws SQLException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private static long count(String sql) throws SQLException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
