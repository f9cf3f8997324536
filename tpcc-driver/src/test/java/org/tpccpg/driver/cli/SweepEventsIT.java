package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.DriverProcess;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * The published version table's sweep, small: a fixed number of transactions per client ({@code
 * events}, {@code tpcb -t}, {@code run --events}) on two targets naming the test server, {@code
 * tpcb} with {@code -j 2}. Each cell records the database's and the workload's tables' sizes before
 * and after its run and the run's elapsed time, and the report's table shows them (Markdown, CSV,
 * and HTML opened in headless Chromium; the Markdown kept as target/sweep-events-it/report.md for
 * docs/sweep.md).
 */
class SweepEventsIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir static Path work;

  private static Path bundle;
  private static Map<String, Object> manifest;
  private static String output;

  private static String target(String name, TestDatabase db, boolean prepare) {
    return String.join(
        "\n",
        "[target " + name + "]",
        "host = " + db.host(),
        "port = " + db.port(),
        "dbname = " + db.name(),
        "user = " + db.user(),
        "prepare = " + prepare,
        "");
  }

  @BeforeAll
  static void sweep() throws Exception {
    TestDatabase db = POSTGRES.database();
    Path file = work.resolve("versions.sweep");
    Files.writeString(
        file,
        String.join(
            "\n",
            "[sweep]",
            "clients = 2",
            "events = 50          # transactions per client: tpcb -t 50",
            "seed = 5",
            "",
            target("a", db, true),
            target("a2", db, false),
            "[workload tpcb]",
            "kind = tpcb",
            "options = -j 2 -n",
            "prepare = true",
            "prepare_options = -s 1 -q",
            "",
            "[workload tpcc]",
            "kind = tpcc",
            "options = --tables=1 --scale=1 --use-fk=0",
            "prepare = true",
            "prepare_options = --threads=2",
            "events = 20          # per client: run --events=40",
            ""),
        StandardCharsets.UTF_8);
    bundle = work.resolve("bundle");
    List<String> args = List.of("sweep", file.toString(), "--bundle", bundle.toString());
    try (DriverProcess sweep =
        DriverProcess.start(args, Map.of("PGPASSWORD", db.password()), work)) {
      int exitCode = sweep.finish();
      output = sweep.output();
      assertEquals(0, exitCode, output);
    }
    manifest = JsonReader.object(Files.readString(bundle.resolve("manifest.json")));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cell(String id) {
    return ((List<Map<String, Object>>) manifest.get("cells"))
        .stream().filter(c -> id.equals(c.get("id"))).findFirst().orElseThrow();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Map<String, Object> parent, String... path) {
    Map<String, Object> object = parent;
    for (String name : path) {
      object = (Map<String, Object>) object.get(name);
    }
    return object;
  }

  private static long number(Map<String, Object> object, String name) {
    return ((Number) object.get(name)).longValue();
  }

  @Test
  void eachWriteCellRecordsTheDatabaseAndItsTablesGrowingAndItsElapsedTime() throws IOException {
    for (String id : List.of("a.tpcb.c2.r1", "a2.tpcb.c2.r1", "a.tpcc.c2.r1", "a2.tpcc.c2.r1")) {
      Map<String, Object> cell = cell(id);
      assertEquals("done", cell.get("status"), cell.toString());
      Map<String, Object> before = object(cell, "sizes", "before");
      Map<String, Object> after = object(cell, "sizes", "after");
      assertTrue(
          number(before, "database_bytes") < number(after, "database_bytes"),
          id + ": the database grew: " + cell);
      double elapsed = ((Number) cell.get("elapsed_s")).doubleValue();
      Map<String, Object> summary =
          JsonReader.object(
              Files.readString(bundle.resolve("runs").resolve(id).resolve("summary.json")));
      double ran = ((Number) object(summary, "totals").get("elapsed_s")).doubleValue();
      assertTrue(
          ran > 0 && ran <= elapsed, id + ": run " + ran + " s within the child's " + elapsed);
    }
    for (String id : List.of("a.tpcb.c2.r1", "a2.tpcb.c2.r1")) {
      Map<String, Object> cell = cell(id);
      Map<String, Object> tables = object(cell, "sizes", "before", "tables");
      assertEquals(
          List.of("pgbench_accounts", "pgbench_branches", "pgbench_history", "pgbench_tellers"),
          List.copyOf(tables.keySet()));
      long historyBefore = number(object(tables, "pgbench_history"), "total_bytes");
      long historyAfter =
          number(object(cell, "sizes", "after", "tables", "pgbench_history"), "total_bytes");
      assertTrue(historyBefore < historyAfter, id + ": 100 history rows more: " + cell);
      assertTrue(
          number(object(tables, "pgbench_accounts"), "indexes_bytes") > 0, "its primary key");
    }
    Map<String, Object> tpccTables = object(cell("a.tpcc.c2.r1"), "sizes", "after", "tables");
    assertTrue(
        tpccTables.keySet().containsAll(List.of("warehouse1", "order_line1", "new_orders1")),
        tpccTables.keySet().toString());
    assertTrue(
        tpccTables.keySet().stream().noneMatch(name -> name.startsWith("pgbench_")),
        "only the workload's own tables: " + tpccTables.keySet());
  }

  @Test
  void eventsAndJobsReachTheRuns() throws IOException {
    Path logs = bundle.resolve("logs");
    String tpcb = Files.readString(logs.resolve("a2.tpcb.c2.r1.log"));
    assertTrue(tpcb.contains(" -j 2 -n -c 2 -t 50 "), tpcb);
    assertTrue(tpcb.contains("number of threads: 2\n"), tpcb);
    assertTrue(tpcb.contains("number of transactions actually processed: 100/100\n"), tpcb);
    String tpcc = Files.readString(logs.resolve("a.tpcc.c2.r1.log"));
    assertTrue(tpcc.contains(" --threads=2 --time=0 --events=40 "), tpcc);
    Map<String, Object> summary =
        JsonReader.object(
            Files.readString(
                bundle.resolve("runs").resolve("a.tpcc.c2.r1").resolve("summary.json")));
    assertEquals(40, number(object(summary, "totals"), "transactions"), summary.toString());
    assertEquals(50L, number(manifest, "events"), "the sweep's events in the manifest");
  }

  @Test
  void theReportShowsTimeTpsLatencyAndSizesPerTargetAndClientCount() throws Exception {
    CliRun md = CliRun.of("report", bundle.toString(), "--format=md");
    assertEquals(0, md.exitCode(), md.out() + md.err());
    assertTrue(
        md.out()
            .contains(
                "| target | clients | time (s) | tps | latency avg (ms) | p95 (ms) | connection"
                    + " (ms) | size before (MiB) | size after (MiB) | growth (MiB) | checkpoints |"
                    + " WAL (MiB) |\n"),
        md.out());
    for (String row : List.of("| a | 2 | ", "| a2 | 2 | ")) {
      String line =
          md.out()
              .lines()
              .filter(l -> l.startsWith(row))
              .findFirst()
              .orElseThrow(() -> new AssertionError(md.out()));
      // the server's columns are missing for a cell whose run ended before its sampler's first
      // interval; every other figure of a done cell is there
      List<String> columns = List.of(line.split(" \\| "));
      assertTrue(
          columns.subList(0, columns.size() - 2).stream().noneMatch(c -> c.equals("missing")),
          "every figure of a done cell: " + line);
    }
    Path kept = Path.of("target", "sweep-events-it");
    Files.createDirectories(kept);
    Files.writeString(kept.resolve("report.md"), md.out());
    CliRun csv = CliRun.of("report", bundle.toString(), "--format=csv");
    assertEquals(0, csv.exitCode(), csv.out() + csv.err());
    String header = csv.out().lines().findFirst().orElseThrow();
    for (String column :
        List.of(
            "a latency_avg_ms_median",
            "a elapsed_s_median",
            "a2 db_bytes_before_median",
            "a2 db_bytes_after_median",
            "a2 growth_bytes_median",
            "a2 connection_ms_median")) {
      assertTrue(header.contains("," + column), column + " in " + header);
    }
    Path page = bundle.resolve("report-it.html");
    CliRun html = CliRun.of("report", bundle.toString(), "-o", page.toString());
    assertEquals(0, html.exitCode(), html.out() + html.err());
    HeadlessChromium chromium = new HeadlessChromium(work);
    HeadlessChromium.Page loaded = chromium.load(page);
    assertTrue(
        loaded.dom().contains("<th>size before (MiB)</th>"), HeadlessChromium.head(loaded.dom()));
    assertTrue(loaded.dom().contains("<table class=\"sweep rows\">"), "the rows' table");
    assertEquals(4, loaded.charts(), "tps and p95 against clients per workload");
    chromium.screenshot(page, kept.resolve("report.png"), 1600);
  }

  @Test
  void aResumedSweepKeepsTheSizesOfItsDoneCells() throws Exception {
    TestDatabase db = POSTGRES.database();
    List<String> args =
        List.of("sweep", work.resolve("versions.sweep").toString(), "--bundle", bundle.toString());
    try (DriverProcess again =
        DriverProcess.start(args, Map.of("PGPASSWORD", db.password()), work)) {
      assertEquals(0, again.finish(), again.output());
      assertTrue(again.output().contains("4 cells (4 done before)"), again.output());
    }
    Map<String, Object> resumed =
        JsonReader.object(Files.readString(bundle.resolve("manifest.json")));
    assertEquals(
        ((List<?>) manifest.get("cells")).toString(), ((List<?>) resumed.get("cells")).toString());
  }
}
