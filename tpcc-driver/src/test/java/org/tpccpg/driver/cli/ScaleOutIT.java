package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * Issue 19's done-when: two driver processes (the packaged jar) on one box against one server, each
 * on half of the 2 warehouses: {@code prepare --only=schema}, both range loads at once, {@code
 * prepare --only=finish}; the result is what one whole prepare with the same seed makes (the same
 * constraints, indexes and rows, compared with a whole prepare in a second database). Then both run
 * together ({@code --start-at}), {@code merge} gives one result whose transactions are the sum and
 * whose percentiles are those of the union of both drivers' histograms, {@code compare} reads it,
 * and {@code check} passes.
 */
// Not beside other classes: merge needs the two drivers' intervals to end within 1 s of each
// other, which a loaded machine broke (#29.5's first parallel run).
@Isolated
class ScaleOutIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String SEED = "--rand-seed=4242";

  @TempDir static Path results;

  private static String wholeName() {
    return POSTGRES.database().name() + "_whole";
  }

  @AfterAll
  static void dropWhole() throws SQLException {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + wholeName() + " WITH (FORCE)");
    }
  }

  private static List<String> options(String database, String... more) {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--pgsql-host=" + db.host(),
                "--pgsql-port=" + db.port(),
                "--pgsql-user=" + db.user(),
                "--pgsql-db=" + database,
                "--tables=1",
                "--scale=2",
                "--threads=2"));
    args.addAll(List.of(more));
    return args;
  }

  private static CliRun tpcc(String database, String... args) {
    return CliRun.of(
        Map.of("PGPASSWORD", POSTGRES.database().password()),
        options(database, args).toArray(String[]::new));
  }

  private static DriverProcess driver(String... args) throws Exception {
    return DriverProcess.start(
        options(POSTGRES.database().name(), args),
        Map.of("PGPASSWORD", POSTGRES.database().password()),
        Path.of("."));
  }

  @Test
  void twoDriversLoadAndRunHalfTheWarehousesEachAndMergeIntoOneResult() throws Exception {
    String db = POSTGRES.database().name();
    CliRun early = tpcc(db, "prepare", "--only=finish");
    assertTrue(early.err().contains("no load record here"), early.err());

    CliRun schema = tpcc(db, SEED, "prepare", "--only=schema");
    assertEquals(0, schema.exitCode(), schema.err());
    CliRun missing = tpcc(db, "prepare", "--only=finish");
    assertEquals(1, missing.exitCode(), missing.err());
    assertTrue(
        missing.err().contains("warehouse1 lacks warehouses 1-2 of 2; item1 is empty"),
        missing.err());

    try (DriverProcess low = driver("prepare", "--warehouses=1-1", "--load-items");
        DriverProcess high = driver("prepare", "--warehouses=2-2")) {
      assertEquals(0, low.finish(), low.output());
      assertEquals(0, high.finish(), high.output());
    }
    CliRun again = tpcc(db, "prepare", "--warehouses=2-2");
    assertEquals(1, again.exitCode(), again.err());
    assertTrue(again.err().contains("in warehouse1 already"), again.err());
    CliRun finish = tpcc(db, "prepare", "--only=finish");
    assertEquals(0, finish.exitCode(), finish.err());

    sameAsAWholePrepare(db);

    Path a = results.resolve("a");
    Path b = results.resolve("b");
    String startAt = Instant.now().plusSeconds(15).truncatedTo(ChronoUnit.SECONDS).toString();
    try (DriverProcess low =
            driver(
                "run",
                "--warehouses=1-1",
                "--time=6",
                "--report-interval=2",
                "--start-at=" + startAt,
                "--results=" + a);
        DriverProcess high =
            driver(
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

    CliRun check = tpcc(db, "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  /**
   * {@code report} renders the merged directory as a run's: its timeline charts from the merged
   * intervals, each kind's latency curve from the merged .hlog, drawn in headless Chromium.
   */
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

  /**
   * The constraints, indexes, load record and rows of the scale-out prepare are those of a whole
   * prepare with the same seed (the rows compared without their load-time timestamps).
   */
  private static void sameAsAWholePrepare(String scaledOut) throws SQLException {
    try (Connection c = POSTGRES.database().connectAdmin();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + wholeName());
    }
    CliRun whole = tpcc(wholeName(), SEED, "prepare");
    assertEquals(0, whole.exitCode(), whole.err());
    List<String> queries =
        List.of(
            "SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), '; ' ORDER BY conname)"
                + " FROM pg_constraint WHERE connamespace = 'public'::regnamespace",
            "SELECT string_agg(indexdef, '; ' ORDER BY indexname) FROM pg_indexes"
                + " WHERE schemaname = 'public'",
            "SELECT string_agg(set_number || ' ' || table_name, ', ' ORDER BY table_name)"
                + " FROM tpcc_metadata_table",
            "SELECT table_sets || ' ' || warehouses_per_set || ' ' || seed || ' ' || c_last_load"
                + " || ' ' || use_fk || ' ' || state FROM tpcc_metadata",
            "SELECT md5(string_agg(concat_ws(' ', c_w_id, c_d_id, c_id, c_last, c_credit,"
                + " c_balance, c_data), ',' ORDER BY c_w_id, c_d_id, c_id)) FROM customer1",
            "SELECT md5(string_agg(concat_ws(' ', s_w_id, s_i_id, s_quantity, s_data), ','"
                + " ORDER BY s_w_id, s_i_id)) FROM stock1",
            "SELECT md5(string_agg(concat_ws(' ', i_id, i_name, i_price, i_data), ','"
                + " ORDER BY i_id)) FROM item1",
            "SELECT md5(string_agg(concat_ws(' ', o_w_id, o_d_id, o_id, o_c_id, o_ol_cnt), ','"
                + " ORDER BY o_w_id, o_d_id, o_id)) FROM orders1",
            "SELECT concat_ws(' ', count(*), sum(ol_amount)) FROM order_line1");
    for (String query : queries) {
      assertEquals(single(wholeName(), query), single(scaledOut, query), query);
    }
  }

  private static String single(String database, String query) throws SQLException {
    TestDatabase db = POSTGRES.database();
    String url = "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + database;
    try (Connection c = DriverManager.getConnection(url, db.credentials());
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(query)) {
      r.next();
      return r.getString(1);
    }
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
