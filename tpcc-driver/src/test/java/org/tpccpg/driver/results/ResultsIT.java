package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.driver.cli.TpccDataSets;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/** {@code run --results}: what the files hold after a run, a SIGKILL and a SIGTERM. */
class ResultsIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  private static final String TYPES = "new_order payment order_status delivery stock_level";

  @TempDir Path tmp;

  private static List<String> options(String... more) {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + db.name(),
                "--tables=1",
                "--scale=1",
                "--threads=2"));
    args.addAll(List.of(more));
    return args;
  }

  private static int tpcc(StringWriter out, List<String> args) {
    return tpcc(out, args, Map.of());
  }

  private static int tpcc(StringWriter out, List<String> args, Map<String, String> environment) {
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err), environment);
    out.write(err.toString());
    return code;
  }

  private static List<Map<String, Object>> intervals(Path dir) throws IOException {
    List<Map<String, Object>> lines = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve(RunResults.INTERVALS))) {
      lines.add(JsonParser.object(line));
    }
    return lines;
  }

  private static boolean isReportLine(String line) {
    return line.startsWith("[ ") && line.contains(" tps: ");
  }

  @Test
  void aRunRecordsEveryPrintedIntervalTheHlogsAndTheSummary() throws IOException {
    Path dir = tmp.resolve("a/b");
    StringWriter out = new StringWriter();
    // 6 s: three intervals or more on a loaded machine, where a late wake-up skips one
    int code = tpcc(out, options("--time=6", "--report-interval=1", "--results=" + dir, "run"));
    assertEquals(0, code, out.toString());
    long printed = out.toString().lines().filter(ResultsIT::isReportLine).count();
    List<Map<String, Object>> lines = intervals(dir);
    assertEquals(printed, lines.size(), out.toString());
    assertTrue(((Map<?, ?>) lines.get(0).get("kinds")).containsKey("new_order"));
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(RunResults.SUMMARY)));
    String server = (String) ((Map<?, ?>) summary.get("server")).get("version");
    assertTrue(server.startsWith("PostgreSQL"), server);
    assertTrue(((Double) summary.get("tpmC")) > 0, summary.toString());
    assertEquals(false, summary.get("stopped_early"));
    for (String type : TYPES.split(" ")) {
      HistogramLogReader reader = new HistogramLogReader(dir.resolve(type + ".hlog").toFile());
      int histograms = 0;
      while (reader.nextIntervalHistogram() != null) {
        histograms++;
      }
      assertEquals(lines.size(), histograms, type);
    }
    assertTrue(out.toString().contains("Recording results in " + dir), out.toString());
    // one stability window per interval in a run this short, adding up to at most the total
    List<?> windows = (List<?>) ((Map<?, ?>) summary.get("stability")).get("windows");
    assertTrue(windows.size() >= 3, windows.toString());
    double inWindows =
        windows.stream().mapToDouble(w -> (Double) ((Map<?, ?>) w).get("transactions")).sum();
    double total = (Double) ((Map<?, ?>) summary.get("totals")).get("transactions");
    assertTrue(inWindows > 0 && inWindows <= total, inWindows + " of " + total);
    // each line's rollbacks on purpose are among its errors, and add up to the New-Orders'
    double rolledBack = 0;
    for (Map<String, Object> line : lines) {
      double rollbacks = (Double) line.get("rollbacks");
      assertTrue(rollbacks <= (Double) line.get("errors"), line.toString());
      rolledBack += rollbacks;
    }
    Map<?, ?> newOrder = (Map<?, ?>) ((Map<?, ?>) summary.get("kinds")).get("new_order");
    assertTrue(rolledBack <= (Double) newOrder.get("rollbacks"), rolledBack + " " + newOrder);
    ResultsSchema.assertConforms(dir);
  }

  /** A password the server accepts: its own, or any when it trusts local connections. */
  private static String password() {
    String own = POSTGRES.database().password();
    return own.isEmpty() ? "S3cret-never-shown" : own;
  }

  /**
   * The summary's "config" and --verbose's lines list the run as it ran, defaults included, with
   * the password given by option or by PGPASSWORD masked in both. {@code --verbose} is given before
   * or after {@code run}, as {@code verboseAndRun} says.
   */
  private void assertConfigShownWithPasswordMasked(
      String name, List<String> args, Map<String, String> env, List<String> verboseAndRun)
      throws IOException {
    Path dir = tmp.resolve(name);
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("--time=2", "--results=" + dir));
    all.addAll(verboseAndRun);
    StringWriter out = new StringWriter();
    assertEquals(0, tpcc(out, all, env), out.toString());
    String output = out.toString();
    String summaryText = Files.readString(dir.resolve(RunResults.SUMMARY));
    assertFalse(output.contains(password()), output);
    assertFalse(summaryText.contains(password()), summaryText);

    int shown = output.indexOf("Effective configuration:");
    assertTrue(shown >= 0 && shown < output.indexOf("Threads started!"), output);
    List<String> lines = output.lines().toList();
    TestDatabase db = POSTGRES.database();
    for (String line :
        List.of(
            "host: " + db.host(),
            "port: " + db.port(),
            "database: " + db.name(),
            "user: " + db.user(),
            "password: ********",
            "threads: 2",
            "time_seconds: 2",
            "report_interval_seconds: 0",
            "percentile: 95",
            "isolation: RC",
            "connection_mode: dedicated")) {
      assertTrue(lines.contains(line), line + " in\n" + output);
    }

    Map<?, ?> config = (Map<?, ?>) JsonParser.object(summaryText).get("config");
    assertEquals(db.host(), config.get("host"));
    assertEquals((double) db.port(), config.get("port"));
    assertEquals(db.name(), config.get("database"));
    assertEquals(db.user(), config.get("user"));
    assertEquals("********", config.get("password"));
    assertEquals(2.0, config.get("threads"));
    assertEquals(2.0, config.get("time_seconds"));
    assertEquals("prepared", config.get("statement_mode"));
    String seed = output.lines().filter(l -> l.startsWith("seed: ")).findFirst().orElseThrow();
    assertEquals(Double.parseDouble(seed.substring(6)), config.get("seed"));
  }

  @Test
  void verboseAndTheSummaryShowTheConfigWithAPasswordOptionMasked() throws IOException {
    assertConfigShownWithPasswordMasked(
        "password-option",
        options("--pgsql-password=" + password()),
        Map.of(),
        List.of("--verbose", "run"));
  }

  @Test
  void verboseAndTheSummaryShowTheConfigWithPgpasswordMasked() throws IOException {
    assertConfigShownWithPasswordMasked(
        "pgpassword", options(), Map.of("PGPASSWORD", password()), List.of("run", "--verbose"));
  }

  @Test
  void withoutReportLinesIntervalsAreRecordedEveryTenSeconds() throws IOException {
    Path dir = tmp.resolve("quiet");
    StringWriter out = new StringWriter();
    int code = tpcc(out, options("--time=11", "--results=" + dir, "run"));
    assertEquals(0, code, out.toString());
    assertEquals(0, out.toString().lines().filter(ResultsIT::isReportLine).count());
    List<Map<String, Object>> lines = intervals(dir);
    assertEquals(1, lines.size());
    // The interval's end, when the timer woke for its grid point: a little after it, more on a
    // loaded machine
    double seconds = (Double) lines.get(0).get("seconds");
    double interval = (Double) lines.get(0).get("interval_s");
    assertTrue(seconds >= 10 && seconds < 11, "seconds: " + seconds);
    assertTrue(interval >= 10 && interval < 11, "interval_s: " + interval);
  }

  @Test
  void aKilledDriverLeavesEveryCompletedIntervalAsValidJson() throws Exception {
    Path dir = tmp.resolve("killed");
    try (DriverProcess driver =
        DriverProcess.start(
            options("--time=60", "--report-interval=1", "--results=" + dir, "run"))) {
      assertTrue(driver.awaitLines(ResultsIT::isReportLine, 3), driver.output());
      driver.signal("KILL");
      driver.finish();
      List<Map<String, Object>> lines = intervals(dir);
      assertTrue(lines.size() >= 3, "every printed interval is in the file: " + lines.size());
      assertFalse(Files.exists(dir.resolve(RunResults.SUMMARY)));
    }
  }

  @Test
  void sigtermWritesTheSummaryAndClosesTheFiles() throws Exception {
    Path dir = tmp.resolve("terminated");
    try (DriverProcess driver =
        DriverProcess.start(
            options("--time=60", "--report-interval=1", "--results=" + dir, "run"))) {
      assertTrue(driver.awaitLines(ResultsIT::isReportLine, 2), driver.output());
      driver.signal("TERM");
      assertEquals(0, driver.finish(), driver.output());
    }
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(RunResults.SUMMARY)));
    assertEquals(true, summary.get("stopped_early"));
    assertTrue(intervals(dir).size() >= 2);
    HistogramLogReader reader = new HistogramLogReader(dir.resolve("payment.hlog").toFile());
    assertTrue(reader.nextIntervalHistogram() != null);
  }
}
