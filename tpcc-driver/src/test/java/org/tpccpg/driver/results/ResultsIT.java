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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/** {@code run --results}: what the files hold after a run, a SIGKILL and a SIGTERM. */
class ResultsIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

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
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err), Map.of());
    out.write(err.toString());
    return code;
  }

  @BeforeAll
  static void prepare() {
    StringWriter out = new StringWriter();
    assertEquals(0, tpcc(out, options("prepare")), out.toString());
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
    int code = tpcc(out, options("--time=4", "--report-interval=1", "--results=" + dir, "run"));
    assertEquals(0, code, out.toString());
    long printed = out.toString().lines().filter(ResultsIT::isReportLine).count();
    List<Map<String, Object>> lines = intervals(dir);
    assertEquals(printed, lines.size(), out.toString());
    assertTrue(((Map<?, ?>) lines.get(0).get("types")).containsKey("new_order"));
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
    assertEquals(10.0, lines.get(0).get("seconds"));
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
