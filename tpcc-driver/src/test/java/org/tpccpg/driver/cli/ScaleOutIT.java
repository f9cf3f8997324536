package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * Issue 19's done-when, its runs: two driver processes (the packaged jar) on one box, each on half
 * of the 2 warehouses of a data set ({@link ScaleOutLoadIT} shows a scale-out load makes the same
 * one), run together ({@code --start-at}); {@code merge} gives one result whose transactions are
 * the sum and whose percentiles are those of the union of both drivers' histograms, {@code compare}
 * reads it, and {@code check} passes.
 */
class ScaleOutIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.twoWarehouses());

  @TempDir static Path results;

  @Test
  void twoDriversRunHalfTheWarehousesEachAndMergeIntoOneResult() throws Exception {
    TestDatabase db = POSTGRES.database();
    Path a = results.resolve("a");
    Path b = results.resolve("b");
    // time for two JVMs to start, check the data set and connect beside three other test classes
    // on two cores: 10 s was too little once (SpecMergeIT's drivers, on a slow day)
    String startAt = Instant.now().plusSeconds(20).truncatedTo(ChronoUnit.SECONDS).toString();
    try (DriverProcess low =
            ScaleOutLoadIT.driver(
                db,
                "run",
                "--warehouses=1-1",
                "--time=6",
                "--report-interval=2",
                "--start-at=" + startAt,
                "--results=" + a);
        DriverProcess high =
            ScaleOutLoadIT.driver(
                db,
                "run",
                "--warehouses=2-2",
                "--time=6",
                "--report-interval=2",
                "--start-at=" + startAt,
                "--results=" + b)) {
      assertEquals(0, low.finish(), low.output());
      assertEquals(0, high.finish(), high.output());
      assertTrue(low.output().contains("Home warehouses: 1-1 of 1-2"), low.output());
      assertTrue(low.output().contains("Waiting until " + startAt), low.output());
      assertTrue(high.output().contains("Waiting until " + startAt), high.output());
    }

    Path merged = results.resolve("merged");
    CliRun merge = CliRun.of("merge", a.toString(), b.toString(), "--results=" + merged);
    assertEquals(0, merge.exitCode(), merge.err());
    assertTrue(merge.out().contains("driver 1: warehouses 1-1"), merge.out());
    assertTrue(merge.out().contains("driver 2: warehouses 2-2"), merge.out());
    // a single run's closing summary, from the merged figures
    for (String block :
        List.of(
            "SQL statistics:",
            "General statistics:",
            "Latency (ms):",
            "Threads fairness:",
            "Transactions by type:",
            "tpmC: ",
            "mix (TPC-C 5.2.3): ",
            "Errors by cause: ",
            "Outages: none",
            "threads fairness over all 4 threads")) {
      assertTrue(merge.out().contains(block), block + " in:\n" + merge.out());
    }
    ResultsSchema.assertConforms(merged);

    Map<String, Object> sa = summary(a);
    Map<String, Object> sb = summary(b);
    Map<String, Object> sm = summary(merged);
    assertEquals(
        count(member(sa, "totals"), "transactions") + count(member(sb, "totals"), "transactions"),
        count(member(sm, "totals"), "transactions"));
    assertTrue(count(member(sm, "totals"), "transactions") > 0);
    Histogram all = histogram();
    for (String kind : member(sm, "kinds").keySet()) {
      Histogram union = histogram();
      union.add(hlog(a.resolve(kind + ".hlog")));
      union.add(hlog(b.resolve(kind + ".hlog")));
      all.add(union);
      Map<String, Object> k = member(member(sm, "kinds"), kind);
      assertEquals(
          count(member(member(sa, "kinds"), kind), "completed")
              + count(member(member(sb, "kinds"), kind), "completed"),
          count(k, "completed"),
          kind);
      assertLatencyOf(union, member(k, "latency"), kind);
    }
    assertLatencyOf(all, member(member(sm, "totals"), "latency"), "all kinds");
    assertTrue(
        merge
            .out()
            .contains(
                "    total number of events:              "
                    + count(member(sm, "totals"), "transactions")
                    + "\n"),
        merge.out());
    // sysbench's events per thread over all 4 threads of both drivers
    assertTrue(
        merge
            .out()
            .contains(
                "    events (avg/stddev):           "
                    + String.format(
                        Locale.ROOT, "%.4f/", count(member(sm, "totals"), "transactions") / 4.0)),
        merge.out());

    CliRun refused = CliRun.of("merge", a.toString(), a.toString());
    assertEquals(1, refused.exitCode(), refused.err());
    assertTrue(refused.err().contains("which overlap"), refused.err());
    assertEquals(1, refused.err().lines().count(), refused.err());

    CliRun compare = CliRun.of("compare", a.toString(), merged.toString());
    assertEquals(0, compare.exitCode(), compare.err());

    reportDrawsTheMergedResult(merged);

    CliRun check = ScaleOutLoadIT.tpcc(db, db.name(), "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  /**
   * {@code report} renders the merged directory as a run's: its timeline charts from the merged
   * intervals, each kind's latency curve from the merged .hlog, drawn in headless Chromium.
   */
  /**
   * Every connection waits 2 s after authenticating ({@code post_auth_delay} through {@code
   * PGOPTIONS}), so a start time 1 s ahead has passed when the connections are open: the driver
   * starts at once and says how late, instead of waiting or failing silently out of step.
   */
  @Test
  void aDriverReadyAfterItsStartTimeStartsAtOnceAndSaysHowLate() {
    TestDatabase db = POSTGRES.database();
    Map<String, String> environment = new HashMap<>(db.libpqEnvironment());
    environment.put("PGOPTIONS", "-c post_auth_delay=2");
    String startAt = Instant.now().plusSeconds(1).toString();
    CliRun late =
        CliRun.of(
            environment,
            CliRun.connectedTo(
                    db,
                    "--tables=1",
                    "--scale=2",
                    "--threads=1",
                    "--time=1",
                    "--start-at=" + startAt,
                    "run")
                .toArray(String[]::new));
    assertEquals(0, late.exitCode(), late.err());
    assertTrue(
        Pattern.compile(
                "tpcc run: --start-at="
                    + Pattern.quote(startAt)
                    + " had passed when the connections were open; starting [0-9]+\\.[0-9] s late")
            .matcher(late.err())
            .find(),
        late.err());
    assertFalse(late.out().contains("Waiting until"), late.out());
  }

  private static void reportDrawsTheMergedResult(Path merged) throws Exception {
    Path html = results.resolve("report").resolve("merged.html").toAbsolutePath();
    Files.createDirectories(html.getParent());
    CliRun report = CliRun.of("report", merged.toString(), "-o", html.toString());
    assertEquals(0, report.exitCode(), report.err());
    String page = Files.readString(html);
    assertTrue(page.contains(merged.toString()), "the merged directory is the run's title");
    for (String kind : List.of("new_order", "payment")) {
      assertTrue(page.contains("\"label\":\"" + kind + "\""), kind + "'s latency curve");
      assertTrue(page.contains("\"label\":\"" + kind + " p95\""), kind + "'s p95 over time");
    }
    // no page error, every chart drawn on a canvas of non-zero size
    HeadlessChromium.Page loaded = new HeadlessChromium(results).load(html);
    // throughput, latency and errors over time and the latency distribution, and with the
    // server's figures (the first driver's, in every merged interval) WAL and sessions
    boolean server =
        Files.readAllLines(merged.resolve("intervals.jsonl")).get(0).contains("\"server\":");
    assertEquals(4 + (server ? 2 : 0), loaded.charts(), HeadlessChromium.head(loaded.dom()));
  }

  private static void assertLatencyOf(Histogram union, Map<String, Object> latency, String what) {
    assertEquals(union.getTotalCount(), count(latency, "count"), what);
    assertEquals(union.getValueAtPercentile(50) / 1e3, latency.get("p50_ms"), what);
    assertEquals(union.getValueAtPercentile(90) / 1e3, latency.get("p90_ms"), what);
    assertEquals(union.getValueAtPercentile(95) / 1e3, latency.get("p95_ms"), what);
    assertEquals(union.getValueAtPercentile(99) / 1e3, latency.get("p99_ms"), what);
    assertEquals(union.getMaxValue() / 1e3, latency.get("max_ms"), what);
  }

  private static Histogram histogram() {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    return h;
  }

  /** Every interval histogram of an hlog added up. */
  private static Histogram hlog(Path file) throws Exception {
    Histogram sum = histogram();
    HistogramLogReader reader = new HistogramLogReader(file.toFile());
    try {
      for (EncodableHistogram h = reader.nextIntervalHistogram();
          h != null;
          h = reader.nextIntervalHistogram()) {
        sum.add((Histogram) h);
      }
    } finally {
      reader.close();
    }
    return sum;
  }

  private static Map<String, Object> summary(Path dir) throws Exception {
    return JsonReader.object(Files.readString(dir.resolve("summary.json")));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> member(Map<String, Object> parent, String name) {
    return (Map<String, Object>) parent.get(name);
  }

  private static long count(Map<String, Object> parent, String name) {
    return ((Double) parent.get(name)).longValue();
  }
}
