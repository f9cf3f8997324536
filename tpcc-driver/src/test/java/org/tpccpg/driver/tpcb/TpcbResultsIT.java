package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/** {@code tpcb --results}: what the files hold after a run, a SIGKILL and a SIGTERM. */
class TpcbResultsIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir Path tmp;

  @BeforeAll
  static void initialize() {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
  }

  private static List<Map<String, Object>> intervals(Path dir) throws IOException {
    List<Map<String, Object>> lines = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve(ResultsFiles.INTERVALS))) {
      lines.add(JsonParser.object(line)); // throws on a line that is not whole JSON
    }
    return lines;
  }

  private static int histograms(Path hlog) throws IOException {
    HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
    int count = 0;
    while (reader.nextIntervalHistogram() != null) {
      count++;
    }
    return count;
  }

  private static boolean isProgressLine(String line) {
    return line.startsWith("progress: ");
  }

  /**
   * The test server's password, or where it trusts local connections (and ignores what is sent) a
   * recognizable one, so that its absence from the output and files means something.
   */
  private static String password() {
    String password = POSTGRES.database().password();
    return password.isEmpty() ? "pw-that-must-never-be-printed" : password;
  }

  private static DriverProcess driver(Path workingDirectory, String... args) throws IOException {
    TestDatabase db = POSTGRES.database();
    List<String> command = new ArrayList<>(List.of("tpcb", "-c", "2"));
    command.addAll(List.of(args));
    command.add(db.name());
    return DriverProcess.start(
        command,
        Map.of(
            "PGHOST", db.host(),
            "PGPORT", Integer.toString(db.port()),
            "PGUSER", db.user(),
            "PGPASSWORD", password()),
        workingDirectory);
  }

  @Test
  void aRunRecordsEveryProgressLineTheHlogsAndTheSummary() throws IOException {
    Path dir = tmp.resolve("a/b");
    RealPgbench.Output output =
        TpcbCli.run(
            POSTGRES.database(),
            "-c",
            "2",
            "-b",
            "tpcb-like@3",
            "-S",
            "-T",
            "6", // three lines or more on a loaded machine, where a late wake-up skips one
            "-P",
            "1",
            "--results",
            dir.toString());
    long printed = output.err().lines().filter(TpcbResultsIT::isProgressLine).count();
    List<Map<String, Object>> lines = intervals(dir);
    assertTrue(printed >= 3, output.err());
    assertEquals(printed, lines.size(), output.err());
    Map<?, ?> scripts = (Map<?, ?>) lines.get(0).get("kinds");
    assertTrue(
        ((Double) ((Map<?, ?>) scripts.get("tpcb-like")).get("count")) > 0, scripts.toString());
    assertEquals(lines.size(), histograms(dir.resolve("tpcb-like.hlog")));
    assertEquals(lines.size(), histograms(dir.resolve("select-only.hlog")));
    double recorded = lines.stream().mapToDouble(l -> (Double) l.get("transactions")).sum();

    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    Matcher processed =
        Pattern.compile("number of transactions actually processed: (\\d+)").matcher(output.out());
    assertTrue(processed.find(), output.out());
    Map<?, ?> totals = (Map<?, ?>) summary.get("totals");
    assertEquals(Double.parseDouble(processed.group(1)), totals.get("transactions"));
    assertEquals(
        totals.get("transactions"),
        ((Map<?, ?>) totals.get("latency")).get("count"),
        "every transaction's latency, recorded through the script recorders");
    assertTrue(
        output.out().contains("latency percentiles: p50 = ")
            && !output.out().contains("p50 = 0.000"),
        output.out());
    assertTrue(recorded <= (Double) totals.get("transactions"), "intervals add up to the total");
    assertEquals(false, summary.get("stopped_early"));
    assertEquals("tpcb", summary.get("workload"));
    String server = (String) ((Map<?, ?>) summary.get("server")).get("version");
    assertTrue(server.startsWith("PostgreSQL"), server);
    assertTrue(output.err().contains("recording results in " + dir), output.err());
    assertStabilityWindowsAreTheIntervals(summary, lines);
    ResultsSchema.assertConforms(dir);
  }

  /** A short run's stability windows are its intervals, one each (StabilityWindows). */
  private static void assertStabilityWindowsAreTheIntervals(
      Map<String, Object> summary, List<Map<String, Object>> lines) {
    List<?> windows = (List<?>) ((Map<?, ?>) summary.get("stability")).get("windows");
    assertTrue(windows.size() >= 3, windows.toString());
    for (int i = 0; i < 3; i++) {
      assertEquals(
          lines.get(i).get("transactions"), ((Map<?, ?>) windows.get(i)).get("transactions"));
    }
  }

  @Test
  void withoutProgressLinesIntervalsAreRecordedEveryTenSeconds() throws IOException {
    Path dir = tmp.resolve("quiet");
    RealPgbench.Output output =
        TpcbCli.run(POSTGRES.database(), "-T", "11", "--results", dir.toString());
    assertEquals(0, output.err().lines().filter(TpcbResultsIT::isProgressLine).count());
    List<Map<String, Object>> lines = intervals(dir);
    assertEquals(1, lines.size());
    // when the timer woke for its grid point, a little after it (more on a loaded machine)
    double seconds = (Double) lines.get(0).get("seconds");
    assertTrue(seconds >= 10 && seconds < 11, "seconds: " + seconds);
  }

  @Test
  void aKilledDriverLeavesEveryCompletedIntervalAsValidJson() throws Exception {
    Path dir = tmp.resolve("killed");
    try (DriverProcess driver = driver(tmp, "-T", "60", "-P", "1", "--results", dir.toString())) {
      assertTrue(driver.awaitLines(TpcbResultsIT::isProgressLine, 3), driver.output());
      driver.signal("KILL");
      driver.finish();
      List<Map<String, Object>> lines = intervals(dir);
      assertTrue(lines.size() >= 3, "every printed interval is in the file: " + lines.size());
      assertFalse(Files.exists(dir.resolve(ResultsFiles.SUMMARY)));
    }
  }

  @Test
  void sigtermWritesTheSummaryOfALongRunIntoTheDefaultDirectory() throws Exception {
    try (DriverProcess driver = driver(tmp, "-T", "3600", "-P", "1")) {
      assertTrue(driver.awaitLines(TpcbResultsIT::isProgressLine, 2), driver.output());
      driver.signal("TERM");
      assertEquals(0, driver.finish(), driver.output());
      assertTrue(driver.output().contains("number of transactions actually processed"));
      assertFalse(driver.output().contains(password()), driver.output());
      assertFalse(driver.output().contains("duration: 3600 s"), "the time run, not -T");
      assertTrue(
          driver
              .output()
              .matches(
                  "(?s).*\nstopped early: ran \\d+\\.\\d{3} s of the 3600 s asked for \\(-T\\)\n.*"),
          driver.output());
    }
    List<Path> dirs;
    try (Stream<Path> found = Files.list(tmp.resolve("results"))) {
      dirs = found.toList();
    }
    assertEquals(1, dirs.size(), dirs.toString());
    Path dir = dirs.get(0);
    assertTrue(dir.getFileName().toString().endsWith("-tpcb-run"), dir.toString());
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    assertEquals(true, summary.get("stopped_early"));
    assertTrue(intervals(dir).size() >= 2);
    assertTrue(histograms(dir.resolve("tpcb-like.hlog")) >= 2);
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        assertFalse(Files.readString(file).contains(password()), file.toString());
      }
    }
  }

  @Test
  void verboseShowsTheEffectiveConfigurationWhichTheSummaryKeepsWithThePasswordMasked()
      throws Exception {
    Path dir = tmp.resolve("verbose");
    TestDatabase db = POSTGRES.database();
    String out;
    try (DriverProcess driver =
        DriverProcess.start(
            List.of(
                "--verbose", "tpcb", "-c", "2", "-t", "5", "--results", dir.toString(), db.name()),
            Map.of(
                "PGHOST", db.host(),
                "PGPORT", Integer.toString(db.port()),
                "PGUSER", db.user(),
                "PGPASSWORD", password()),
            tmp)) {
      assertEquals(0, driver.finish(), driver.output());
      out = driver.output();
    }
    assertTrue(out.contains("Effective configuration:\nhost: " + db.host() + "\n"), out);
    assertTrue(out.contains("\npassword: ********\n"), out);
    assertTrue(out.contains("\nclients: 2\n"), out);
    assertTrue(out.contains("\ntransactions_per_client: 5\n"), out);
    assertFalse(out.contains(password()), out);
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    Map<?, ?> config = (Map<?, ?>) summary.get("config");
    assertEquals("********", config.get("password"));
    assertEquals(db.user(), config.get("user"));
    assertEquals(2.0, config.get("clients"));
    assertEquals(((Map<?, ?>) summary.get("options")).get("random_seed"), config.get("seed"));
    assertTrue(summary.containsKey("commit"), summary.keySet().toString());
    assertFalse(Files.readString(dir.resolve(ResultsFiles.SUMMARY)).contains(password()));
  }
}
