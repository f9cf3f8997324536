package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Custom scripts ({@code -f}) run by {@code tpcc tpcb} and by the real pgbench 15 with the same
 * options: the same transactions, the same rows written, the same report lines. Each script writes
 * {@code :tool} (1 for pgbench, 2 for us, from {@code -D}) with its rows, so one table holds both.
 */
class CustomScriptIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final int PGBENCH = 1;
  private static final int OURS = 2;

  @TempDir Path tmp;

  private static void sql(String... statements) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    }
  }

  /** The rows of {@code query} for one tool (its first parameter is the tool), as text. */
  private static List<String> rows(String query, int tool) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(query.replace("?", Integer.toString(tool)))) {
      int columns = r.getMetaData().getColumnCount();
      while (r.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= columns; i++) {
          row.append(i > 1 ? "|" : "").append(r.getString(i));
        }
        rows.add(row.toString());
      }
    }
    return rows;
  }

  private Path script(String name, String text) throws Exception {
    Path file = tmp.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  /** Runs pgbench, then us, with {@code args} plus {@code -D tool=1} or {@code 2}. */
  private static RealPgbench.Output[] both(String... args) throws Exception {
    RealPgbench.Output pgbench =
        RealPgbench.run(
            POSTGRES.database(),
            Stream.concat(Stream.of(args), Stream.of("-D", "tool=" + PGBENCH))
                .toArray(String[]::new));
    RealPgbench.Output ours =
        TpcbCli.run(
            POSTGRES.database(),
            Stream.concat(Stream.of(args), Stream.of("-D", "tool=" + OURS)).toArray(String[]::new));
    return new RealPgbench.Output[] {pgbench, ours};
  }

  private static String line(String report, String prefix) {
    return report
        .lines()
        .filter(l -> l.startsWith(prefix))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no line " + prefix + " in\n" + report));
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "extended", "prepared", "prepared -C"})
  void seededSetDrawsTheRowsPgbenchInserts(String protocol) throws Exception {
    String mode = protocol.split(" ")[0];
    String[] connect = protocol.contains("-C") ? new String[] {"-C"} : new String[0];
    sql(
        "DROP TABLE IF EXISTS drawn",
        "CREATE TABLE drawn (n serial, tool int, client int, x int, g int)");
    Path file =
        script(
            "draw.sql",
            "\\set x random(1, 1000)\n"
                + "\\set g random_gaussian(1, 100, 2.5) + :x\n"
                + "INSERT INTO drawn (tool, client, x, g) VALUES (:tool, :client_id, :x, :g);\n");
    RealPgbench.Output[] outputs =
        both(
            Stream.concat(
                    Stream.of(connect),
                    Stream.of(
                        "-n",
                        "-M",
                        mode,
                        "-t",
                        "10",
                        "-c",
                        "2",
                        "--random-seed=5",
                        "-f",
                        file.toString()))
                .toArray(String[]::new));
    String query = "SELECT client, x, g FROM drawn WHERE tool = ? ORDER BY client, n";
    List<String> pgbench = rows(query, PGBENCH);
    assertEquals(20, pgbench.size());
    assertEquals(pgbench, rows(query, OURS));
    for (RealPgbench.Output output : outputs) {
      assertEquals(
          "number of transactions actually processed: 20/20",
          line(output.out(), "number of transactions actually processed"));
      assertEquals("transaction type: " + file, line(output.out(), "transaction type:"));
      assertEquals("query mode: " + mode, line(output.out(), "query mode:"));
    }
  }

  @Test
  void aTimedRunOfASleepingScriptEndsOnTimeAndCountsWhatItRan() throws Exception {
    sql("DROP TABLE IF EXISTS slept", "CREATE TABLE slept (tool int, client int)");
    Path file =
        script(
            "slept.sql",
            "\\sleep 200 ms\nINSERT INTO slept VALUES (:tool, :client_id);\n\\sleep :pause ms\n");
    long start = System.nanoTime();
    RealPgbench.Output ours =
        TpcbCli.run(
            POSTGRES.database(),
            "-n",
            "-T",
            "2",
            "-c",
            "2",
            "-D",
            "tool=2",
            "-D",
            "pause=100",
            "-f",
            file.toString());
    double seconds = (System.nanoTime() - start) / 1e9;
    // 2 s and the run's set-up: a script that kept running past -T would take much longer
    assertTrue(seconds < 10, "took " + seconds + " s");
    String processed = line(ours.out(), "number of transactions actually processed:");
    long count = Long.parseLong(processed.replaceAll("\\D", ""));
    // 300 ms per transaction, two clients, 2 s: about 12, fewer when a loaded machine adds to
    // each; an interrupted one may have inserted
    assertTrue(count >= 6 && count <= 14, processed);
    int rows = rows("SELECT * FROM slept WHERE tool = ?", OURS).size();
    assertTrue(
        rows == count || rows == count + 1 || rows == count + 2, rows + " rows, " + processed);
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "prepared"})
  void gsetFeedsLaterCommandsAndIfTakesPgbenchsBranches(String mode) throws Exception {
    sql(
        "DROP TABLE IF EXISTS branches_taken",
        "CREATE TABLE branches_taken (n serial, tool int, client int, v int, branch text)");
    Path file =
        script(
            "branches.sql",
            "\\set r random(1, 300)\n"
                + "SELECT :r::int + :base::int AS v, 'unused' AS w \\gset\n"
                + "\\if :v % 2 = 0\n"
                + "INSERT INTO branches_taken (tool, client, v, branch)"
                + " VALUES (:tool, :client_id, :v, 'even');\n"
                + "\\elif :v > 150\n"
                + "INSERT INTO branches_taken (tool, client, v, branch)"
                + " VALUES (:tool, :client_id, :v, 'odd-high');\n"
                + "\\else\n"
                + "\\sleep 1 ms\n"
                + "INSERT INTO branches_taken (tool, client, v, branch)"
                + " VALUES (:tool, :client_id, :v, 'odd-low');\n"
                + "\\endif\n");
    both(
        "-n",
        "-M",
        mode,
        "-t",
        "15",
        "-c",
        "2",
        "--random-seed=42",
        "-D",
        "base=1", // a later -D wins, as in pgbench
        "-D",
        "base=1000",
        "-f",
        file.toString());
    String query = "SELECT client, v, branch FROM branches_taken WHERE tool = ? ORDER BY client, n";
    List<String> pgbench = rows(query, PGBENCH);
    assertEquals(30, pgbench.size());
    assertTrue(pgbench.stream().allMatch(r -> Integer.parseInt(r.split("\\|")[1]) > 1000));
    assertTrue(pgbench.stream().anyMatch(r -> r.endsWith("|even")));
    assertTrue(pgbench.stream().anyMatch(r -> r.endsWith("|odd-high")));
    assertEquals(pgbench, rows(query, OURS));
  }

  @Test
  void asetStoresTheLastRowOfEveryResultAsPgbenchDoes() throws Exception {
    sql("DROP TABLE IF EXISTS asets", "CREATE TABLE asets (tool int, a int, b int, c text)");
    Path file =
        script(
            "aset.sql",
            "SELECT 1 AS a \\; SELECT 2 AS b UNION ALL SELECT 3 \\; SELECT 'x' AS c WHERE false"
                + " \\aset\n"
                + "INSERT INTO asets VALUES (:tool, :a, :b, 'c is :c');\n");
    both("-n", "-t", "1", "-f", file.toString());
    String query = "SELECT a, b, c FROM asets WHERE tool = ?";
    assertEquals(List.of("1|3|c is :c"), rows(query, PGBENCH));
    assertEquals(rows(query, PGBENCH), rows(query, OURS));
  }

  @Test
  void defineOverridesAnAutomaticVariableAndSetshellReadsItsOutput() throws Exception {
    sql(
        "DROP TABLE IF EXISTS defined",
        "CREATE TABLE defined (tool int, client int, scale int, shell int)");
    Path file =
        script(
            "defined.sql",
            "\\setshell from_shell echo 7\n"
                + "\\shell true\n"
                + "INSERT INTO defined VALUES (:tool, :client_id, :scale, :from_shell);\n");
    both("-n", "-t", "2", "-c", "2", "-D", "scale=33", "-f", file.toString());
    String query = "SELECT client, scale, shell FROM defined WHERE tool = ? ORDER BY 1, 2";
    List<String> pgbench = rows(query, PGBENCH);
    assertEquals(List.of("0|33|7", "0|33|7", "1|33|7", "1|33|7"), pgbench);
    assertEquals(pgbench, rows(query, OURS));
  }

  @Test
  void weightsMixBuiltinsAndFilesInCommandLineOrder() throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-q");
    sql("DROP TABLE IF EXISTS weighted", "CREATE TABLE weighted (tool int, client int)");
    Path file = script("weighted.sql", "INSERT INTO weighted VALUES (:tool, :client_id);\n");
    Path never = script("never.sql", "INSERT INTO weighted VALUES (-1, :client_id);\n");
    RealPgbench.Output[] outputs =
        both(
            "-n",
            "-t",
            "10",
            "-c",
            "2",
            "-j",
            "2",
            "--random-seed=11",
            "-f",
            never + "@0",
            "-b",
            "select-only@1",
            "-f",
            file + "@3");
    for (RealPgbench.Output output : outputs) {
      String report = output.out();
      assertEquals("transaction type: multiple scripts", line(report, "transaction type:"));
      assertEquals("SQL script 1: " + never, line(report, "SQL script 1:"));
      assertEquals("SQL script 2: <builtin: select only>", line(report, "SQL script 2:"));
      assertEquals("SQL script 3: " + file, line(report, "SQL script 3:"));
      List<String> weights = report.lines().filter(l -> l.startsWith(" - weight:")).toList();
      assertEquals(
          List.of(
              " - weight: 0 (targets 0.0% of total)",
              " - weight: 1 (targets 25.0% of total)", " - weight: 3 (targets 75.0% of total)"),
          weights);
      assertEquals(
          "number of transactions actually processed: 20/20",
          line(report, "number of transactions actually processed"));
    }
    assertEquals(List.of(), rows("SELECT * FROM weighted WHERE tool = -1", 0));
    // With a thread per client the draw is pgbench's: the same scripts for each client
    String perClient = "SELECT client, count(*) FROM weighted WHERE tool = ? GROUP BY 1 ORDER BY 1";
    assertEquals(rows(perClient, PGBENCH), rows(perClient, OURS));
    int pgbenchRuns = rows("SELECT * FROM weighted WHERE tool = ?", PGBENCH).size();
    assertTrue(pgbenchRuns > 0 && pgbenchRuns < 20, "pgbench ran the file " + pgbenchRuns);
    for (int script = 1; script <= 3; script++) {
      assertEquals(
          transactionsOf(outputs[0].out(), script),
          transactionsOf(outputs[1].out(), script),
          "script " + script);
    }
    assertEquals(pgbenchRuns, transactionsOf(outputs[1].out(), 3));
  }

  /** The transactions the report counts for script {@code number} (from 1). */
  private static long transactionsOf(String report, int number) {
    List<String> lines = report.lines().toList();
    int at =
        lines.indexOf(
            lines.stream()
                .filter(l -> l.startsWith("SQL script " + number + ":"))
                .findFirst()
                .orElseThrow());
    Matcher m = Pattern.compile("^ - (\\d+) transactions").matcher(lines.get(at + 2));
    assertTrue(m.find(), lines.get(at + 2));
    return Long.parseLong(m.group(1));
  }

  @Test
  void perCommandReportListsTheCommandsAsPgbenchShowsThem() throws Exception {
    sql("DROP TABLE IF EXISTS listed", "CREATE TABLE listed (tool int, v int)");
    Path file =
        script(
            "listed.sql",
            "-- a comment pgbench drops\n"
                + "\\set v random(1, 10)\n"
                + "SELECT :v AS w\n"
                + "  \\gset\n"
                + "\\if :w > 5\n"
                + "INSERT INTO listed\n  VALUES (:tool, :w);\n"
                + "\\else\n"
                + "BEGIN;\nINSERT INTO listed VALUES (:tool, -:w);\nEND;\n"
                + "\\endif\n");
    RealPgbench.Output[] outputs =
        both("-n", "-r", "-t", "5", "--random-seed=3", "-f", file.toString());
    Pattern command = Pattern.compile("^\\s+\\d+\\.\\d{3}\\s+\\d+\\s{2}(.*)$");
    List<List<String>> listed = new ArrayList<>();
    for (RealPgbench.Output output : outputs) {
      List<String> commands = new ArrayList<>();
      for (String l : output.out().lines().toList()) {
        Matcher m = command.matcher(l);
        if (m.matches()) {
          commands.add(m.group(1));
        }
      }
      listed.add(commands);
    }
    assertEquals(9, listed.get(0).size(), outputs[0].out());
    assertEquals(listed.get(0), listed.get(1));
    assertEquals(
        rows("SELECT v FROM listed WHERE tool = ? ORDER BY v", PGBENCH),
        rows("SELECT v FROM listed WHERE tool = ? ORDER BY v", OURS));
  }

  @Test
  void aRetryRunsTheScriptAgainWithTheRandomStateItStartedWith() throws Exception {
    sql(
        "DROP TABLE IF EXISTS retried",
        "CREATE TABLE retried (n serial, tool int, x bigint)",
        "DROP SEQUENCE IF EXISTS tries",
        "CREATE SEQUENCE tries",
        // every other call fails with a serialization failure (a sequence is not rolled back)
        "CREATE OR REPLACE FUNCTION fail_every_other() RETURNS void LANGUAGE plpgsql AS $$"
            + " BEGIN IF nextval('tries') % 2 = 1 THEN"
            + " RAISE EXCEPTION 'made up' USING ERRCODE = '40001'; END IF; END $$");
    Path file =
        script(
            "retried.sql",
            "\\set x random(1, 1000000000)\n"
                + "INSERT INTO retried (tool, x) VALUES (:tool, :x);\n"
                + "SELECT fail_every_other();\n");
    RealPgbench.Output pgbench =
        RealPgbench.run(
            POSTGRES.database(),
            "-n",
            "-t",
            "4",
            "--max-tries=2",
            "--random-seed=9",
            "-D",
            "tool=1",
            "-f",
            file.toString());
    sql("ALTER SEQUENCE tries RESTART");
    RealPgbench.Output ours =
        TpcbCli.run(
            POSTGRES.database(),
            "-n",
            "-t",
            "4",
            "--max-tries=2",
            "--random-seed=9",
            "-D",
            "tool=2",
            "-f",
            file.toString());
    String query = "SELECT x FROM retried WHERE tool = ? ORDER BY n";
    List<String> pgbenchRows = rows(query, PGBENCH);
    assertEquals(8, pgbenchRows.size()); // each transaction inserted once per try
    assertEquals(pgbenchRows.get(0), pgbenchRows.get(1)); // the retry drew the same x
    assertEquals(pgbenchRows, rows(query, OURS));
    for (RealPgbench.Output output : List.of(pgbench, ours)) {
      assertEquals(
          "number of transactions retried: 4 (100.000%)",
          line(output.out(), "number of transactions retried"));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "\\set x :nosuch + 1",
        "\\set x 1 / 0",
        "\\sleep :nosuch ms",
        "\\set x debug(2 * 21)\n\\set y debug(:x / 4.0)",
        "SELECT 1 AS a WHERE false \\gset",
        "SELECT 1 AS a UNION SELECT 2 \\gset",
        "\\setshell v echo nope",
        "\\shell false",
        "\\if :nosuch\n\\endif",
      })
  void aFailingMetaCommandAbortsWithPgbenchsLines(String text) throws Exception {
    Path file = script("failing.sql", "SELECT 1;\n" + text + "\n");
    String[] args = {"-n", "-t", "1", "-f", file.toString()};
    RealPgbench.Output pgbench = RealPgbench.runAny(POSTGRES.database(), args);
    boolean aborts = pgbench.exitCode() != 0;
    RealPgbench.Output ours = TpcbCli.runExpecting(aborts ? 2 : 0, POSTGRES.database(), args);
    assertEquals(
        errorLines(pgbench.err(), "pgbench: "), errorLines(ours.err(), "tpcc tpcb: "), text);
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "extended", "prepared"})
  void theServersNoticesGoToStderrAsLibpqPrintsThemUnderPgbench(String mode) throws Exception {
    Path file =
        script(
            "notices.sql",
            "SET LOCAL statement_timeout = '1h';\n"
                + "DO $$BEGIN RAISE NOTICE 'hello' USING DETAIL = 'the detail', HINT = 'the hint';"
                + " END$$;\n");
    String[] args = {"-n", "-t", "2", "-M", mode, "-f", file.toString()};
    RealPgbench.Output pgbench = RealPgbench.run(POSTGRES.database(), args);
    RealPgbench.Output ours = TpcbCli.run(POSTGRES.database(), args);
    List<String> once =
        List.of(
            "WARNING:  SET LOCAL can only be used in transaction blocks",
            "NOTICE:  hello",
            "DETAIL:  the detail",
            "HINT:  the hint");
    List<String> twice = Stream.concat(once.stream(), once.stream()).toList();
    assertEquals(twice, pgbench.err().lines().toList(), "the real pgbench 15");
    assertEquals(pgbench.err().lines().toList(), ours.err().lines().toList());
  }

  /** The lines about the script (without the closing "Run was aborted"), our prefix removed. */
  private static List<String> errorLines(String err, String prefix) {
    return err.lines()
        .map(l -> l.startsWith(prefix) ? l.substring(prefix.length()) : l)
        .filter(l -> !l.startsWith("error: Run was aborted"))
        .toList();
  }

  @Test
  void aMissingFileGetsPgbenchsError() throws Exception {
    String missing = tmp.resolve("nosuch.sql").toString();
    RealPgbench.Output pgbench = RealPgbench.runAny(POSTGRES.database(), "-f", missing);
    RealPgbench.Output ours = TpcbCli.runExpecting(1, POSTGRES.database(), "-f", missing);
    assertEquals(1, pgbench.exitCode());
    String expected = "error: could not open file \"" + missing + "\": No such file or directory";
    assertEquals("pgbench: " + expected, pgbench.err().strip());
    assertEquals("tpcc tpcb: " + expected, ours.err().strip());
  }

  @ParameterizedTest
  @ValueSource(strings = {"extended", "prepared"})
  void aPipelineSendsEachCommandWithTheValuesItsVariablesHadWhenReached(String mode)
      throws Exception {
    sql("DROP TABLE IF EXISTS piped", "CREATE TABLE piped (tool int, client int, x int)");
    Path file =
        script(
            "piped.sql",
            "\\startpipeline\n"
                + "\\set x 1\n"
                + "INSERT INTO piped VALUES (:tool, :client_id, :x);\n"
                + "\\set x :x + 1\n"
                + "INSERT INTO piped VALUES (:tool, :client_id, :x)\n"
                + "\\endpipeline\n");
    RealPgbench.Output[] outputs =
        both("-n", "-M", mode, "-t", "2", "-c", "2", "-f", file.toString());
    String query = "SELECT client, x FROM piped WHERE tool = ? ORDER BY 1, 2";
    List<String> pgbench = rows(query, PGBENCH);
    assertEquals(List.of("0|1", "0|1", "0|2", "0|2", "1|1", "1|1", "1|2", "1|2"), pgbench);
    assertEquals(pgbench, rows(query, OURS));
    assertEquals(
        line(outputs[0].out(), "number of transactions actually processed"),
        line(outputs[1].out(), "number of transactions actually processed"));
  }

  @Test
  void aFailureInAPipelineUndoesItsCommandsAndAbortsTheClientAtEndpipeline() throws Exception {
    sql("DROP TABLE IF EXISTS piped", "CREATE TABLE piped (tool int, client int, x int)");
    Path file =
        script(
            "failing.sql",
            "\\startpipeline\n"
                + "INSERT INTO piped VALUES (:tool, 0, 1);\n"
                + "SELECT 1 / 0;\n"
                + "INSERT INTO piped VALUES (:tool, 0, 2);\n"
                + "\\endpipeline\n");
    String[] args = {"-n", "-M", "extended", "-t", "1", "-f", file.toString()};
    RealPgbench.Output pgbench =
        RealPgbench.runAny(POSTGRES.database(), append(args, "-D", "tool=" + PGBENCH));
    RealPgbench.Output ours =
        TpcbCli.runExpecting(2, POSTGRES.database(), append(args, "-D", "tool=" + OURS));
    assertEquals(2, pgbench.exitCode());
    String abort = "client 0 script 0 aborted in command 4 query 0: ERROR:  division by zero";
    assertTrue(pgbench.err().contains("pgbench: error: " + abort), pgbench.err());
    assertTrue(ours.err().contains("tpcc tpcb: error: " + abort), ours.err());
    assertEquals(List.of(), rows("SELECT x FROM piped WHERE tool = ?", PGBENCH));
    assertEquals(List.of(), rows("SELECT x FROM piped WHERE tool = ?", OURS));

    // and pgbench refuses a pipeline under -M simple when it reaches it
    String simple = "cannot use pipeline mode with the simple query protocol";
    args[2] = "simple";
    assertTrue(RealPgbench.runAny(POSTGRES.database(), args).err().contains(simple));
    assertTrue(TpcbCli.runExpecting(2, POSTGRES.database(), args).err().contains(simple));
  }

  @Test
  void underPreparedEveryCommandIsPreparedFirstAndOneTheServerRefusesAbortsWithPgbenchsName()
      throws Exception {
    TpcbCli.run(POSTGRES.database(), "-i", "-q");
    Path file = script("refused.sql", "SELECT 1;\nSELECT 1 + ;\nSELECT 2;\n");
    // the builtin (weight 0, never run) numbers its 7 statements P_0 to P_6 first, as in pgbench
    String[] args = {"-n", "-t", "1", "-M", "prepared", "-b", "tpcb-like@0", "-f", file.toString()};
    RealPgbench.Output pgbench = RealPgbench.runAny(POSTGRES.database(), args);
    RealPgbench.Output ours = TpcbCli.runExpecting(2, POSTGRES.database(), args);
    assertEquals(2, pgbench.exitCode());
    String expected =
        "error: ERROR:  syntax error at or near \";\"\n"
            + "LINE 1: SELECT 1 + ;\n"
            + "                   ^\n"
            + "$PROGRAM: error: client 0 script 1 aborted in command 1 query 0: ERROR:  prepared"
            + " statement \"P_8\" does not exist\n"
            + "$PROGRAM: error: Run was aborted; the above results are incomplete.\n";
    assertEquals("pgbench: " + expected.replace("$PROGRAM", "pgbench"), pgbench.err());
    // PgJDBC sends the statement without its ';', so the server finds the end of the input there
    assertEquals(
        "tpcc tpcb: "
            + expected
                .replace("$PROGRAM", "tpcc tpcb")
                .replace("at or near \";\"", "at end of input"),
        ours.err());
  }

  private static String[] append(String[] args, String... more) {
    return Stream.concat(Stream.of(args), Stream.of(more)).toArray(String[]::new);
  }
}
