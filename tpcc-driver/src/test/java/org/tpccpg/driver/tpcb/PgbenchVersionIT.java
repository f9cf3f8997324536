package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * {@code tpcb --pgbench-version} on a real server (#30): 17's {@code -d} names the database, 15's
 * is debugging; 18's per-script lines; and 15's block for a script that ran nothing, byte for byte
 * against the real pgbench 15 here (0 / 0 is {@code NaN}, no latency lines).
 */
class PgbenchVersionIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @BeforeAll
  static void initialize() {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
  }

  /** tpcb with exactly {@code args} (no database appended), PGDATABASE naming no database. */
  private static RealPgbench.Output ours(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = new ArrayList<>(List.of("tpcb"));
    command.addAll(List.of(args));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            command.toArray(String[]::new),
            new PrintWriter(out),
            new PrintWriter(err),
            Map.of(
                "PGHOST", db.host(),
                "PGPORT", Integer.toString(db.port()),
                "PGUSER", db.user(),
                "PGPASSWORD", db.password(),
                "PGDATABASE", "no_such_database"));
    return new RealPgbench.Output(code, out.toString(), err.toString());
  }

  @Test
  void from17DashDNamesTheDatabaseAndUpTo16ItIsDebugging() {
    String db = POSTGRES.database().name();
    RealPgbench.Output v17 = ours("--pgbench-version=17", "-n", "-S", "-t", "1", "-d", db);
    assertEquals(0, v17.exitCode(), v17.out() + v17.err());
    assertTrue(v17.out().contains("processed: 1/1"), v17.out());
    assertFalse(v17.err().contains(" sending "), "no debugging: " + v17.err());
    RealPgbench.Output v15 = ours("--pgbench-version=15", "-n", "-S", "-t", "1", "-d", db);
    assertEquals(0, v15.exitCode(), v15.out() + v15.err());
    assertTrue(v15.err().contains("client 0 sending "), "debugging: " + v15.err());
    RealPgbench.Output debug = ours("--pgbench-version=17", "-n", "-S", "-t", "1", "--debug", db);
    assertTrue(debug.err().contains("client 0 sending "), "--debug in 17: " + debug.err());
    RealPgbench.Output byDefault = ours("-n", "-S", "-t", "1", "-d", db);
    assertEquals(0, byDefault.exitCode(), "the default is 19: " + byDefault.err());
    assertTrue(byDefault.out().contains("processed: 1/1"), byDefault.out());
  }

  @Test
  void theDatabaseTwiceAnUnknownVersionAndDbnameBefore17AreRefused() {
    String db = POSTGRES.database().name();
    RealPgbench.Output twice = ours("--pgbench-version=17", "-n", "-S", "-d", db, "other");
    assertEquals(1, twice.exitCode(), twice.err());
    assertTrue(
        twice
            .err()
            .startsWith(
                "tpcc tpcb: error: too many command-line arguments (first is" + " \"other\")"),
        twice.err());
    RealPgbench.Output v20 = ours("--pgbench-version=20", "-n", "-S", db);
    assertEquals(1, v20.exitCode(), v20.err());
    assertEquals(
        "tpcc tpcb: error: --pgbench-version must be one of 15, 16, 17, 18, 19 but was \"20\"\n",
        v20.err());
    RealPgbench.Output continuing = ours("--pgbench-version=18", "--continue-on-error", "-S", db);
    assertEquals(1, continuing.exitCode(), continuing.err());
    assertTrue(
        continuing.err().startsWith("tpcc tpcb: error: --continue-on-error is pgbench 19's"),
        continuing.err());
    RealPgbench.Output dbname = ours("--pgbench-version=16", "-n", "-S", "--dbname=" + db);
    assertEquals(1, dbname.exitCode(), dbname.err());
    assertTrue(dbname.err().startsWith("tpcc tpcb: error: --dbname is pgbench 17's"), dbname.err());
  }

  @Test
  void pgbench18sPerScriptLines() {
    RealPgbench.Output run =
        ours(
            "--pgbench-version=18",
            "-n",
            "-b",
            "select-only@1",
            "-b",
            "simple-update@1",
            "-t",
            "100", // both scripts drawn (10 left one of them out 1 time in 512)
            POSTGRES.database().name());
    assertEquals(0, run.exitCode(), run.out() + run.err());
    for (String pattern :
        List.of(
            "(?m)^ - \\d+ transactions \\(\\d+\\.\\d% of total\\)$",
            "(?m)^ - number of transactions actually processed: \\d+ \\(tps = \\d+\\.\\d{6}\\)$")) {
      assertEquals(
          2, Pattern.compile(pattern).matcher(run.out()).results().count(), pattern + run.out());
    }
  }

  @Test
  void pgbench15sBlockForAScriptThatRanNothingIsThatOfTheRealPgbench() throws Exception {
    String[] args = {"-n", "-b", "select-only@1", "-b", "simple-update@0", "-t", "2"};
    RealPgbench.Output real = RealPgbench.run(POSTGRES.database(), args);
    List<String> ourArgs = new ArrayList<>(List.of("--pgbench-version=15"));
    ourArgs.addAll(List.of(args));
    ourArgs.add(POSTGRES.database().name());
    RealPgbench.Output ours = ours(ourArgs.toArray(String[]::new));
    assertEquals(0, ours.exitCode(), ours.err());
    assertEquals(script2(real.out()), script2(ours.out()));
    assertTrue(script2(ours.out()).contains("number of failed transactions: 0 (NaN%)"), ours.out());
  }

  @Test
  void pgbench15sBlockWhenEveryClientAbortedIsThatOfTheRealPgbench(@TempDir Path dir)
      throws Exception {
    Path script = dir.resolve("aborts.sql");
    Files.writeString(script, "SELECT 1/0;\n");
    String[] args = {"-n", "-t", "1", "-f", script.toString()};
    RealPgbench.Output real = RealPgbench.runAny(POSTGRES.database(), args);
    assertEquals(2, real.exitCode(), real.err());
    List<String> ourArgs = new ArrayList<>(List.of("--pgbench-version=15"));
    ourArgs.addAll(List.of(args));
    ourArgs.add(POSTGRES.database().name());
    RealPgbench.Output ours = ours(ourArgs.toArray(String[]::new));
    assertEquals(2, ours.exitCode(), ours.err());
    assertEquals(afterProcessed(real.out()), afterProcessed(ours.out()));
    assertTrue(afterProcessed(ours.out()).endsWith("number of failed transactions: 0 (NaN%)\n"));
  }

  @Test
  void exitOnAbortEndsTheRunAtTheAbortNamingItsThreadWithNoClosingBlock(@TempDir Path dir)
      throws Exception {
    Path script = dir.resolve("third-aborts.sql");
    Files.writeString(
        script, "\\if :client_id = 2\nSELECT 1/0;\n\\endif\nSELECT pg_sleep(0.01);\n");
    RealPgbench.Output ours =
        ours(
            "--pgbench-version=17",
            "-n",
            "-c",
            "3",
            "-j",
            "2",
            "-t",
            "1000",
            "--exit-on-abort",
            "-f",
            script.toString(),
            POSTGRES.database().name());
    assertEquals(2, ours.exitCode(), ours.err());
    // -c 3 -j 2: pgbench deals clients 0 and 1 to thread 0, client 2 to thread 1
    assertTrue(
        ours.err().contains("tpcc tpcb: error: Run was aborted due to an error in thread 1\n"),
        ours.err());
    assertTrue(ours.err().contains("division by zero"), ours.err());
    assertFalse(ours.out().contains("transaction type:"), ours.out());
    assertFalse(ours.out().contains("number of transactions actually processed"), ours.out());
  }

  /** From pgbench's "actually processed" line to the end of its block. */
  private static String afterProcessed(String out) {
    String from = out.substring(out.indexOf("number of transactions actually processed"));
    int end = from.indexOf("latency percentiles:");
    return end < 0 ? from : from.substring(0, end);
  }

  /** From "SQL script 2" to the end of pgbench's block. */
  private static String script2(String out) {
    String from = out.substring(out.indexOf("SQL script 2"));
    int end = from.indexOf("latency percentiles:");
    return end < 0 ? from : from.substring(0, end);
  }
}
