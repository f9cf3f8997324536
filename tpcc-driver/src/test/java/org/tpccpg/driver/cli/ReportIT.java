package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.htmlreport.ReportFixture;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * {@code report} on real results (a 4 s {@code tpcb -S} run and a 4 s TPC-C run on the test server)
 * and, built by hand per the sweep contract, a bundle and a run whose intervals carry the server
 * object, rendered in headless Chromium (Debian's {@code chromium}, which .ci/run installs): the
 * page loads without an error, every chart draws on a canvas of non-zero size, and the screenshot
 * is kept as target/report-it/report.png.
 */
class ReportIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  private static final Path OUT = Path.of("target", "report-it");

  @TempDir static Path results;

  @BeforeAll
  static void makeResults() throws IOException {
    CliRun init = tpcb("-i", "-s", "1", "-q");
    assertEquals(0, init.exitCode(), init.err());
    CliRun select =
        tpcb("-S", "-c", "2", "-T", "4", "-P", "1", "--results=" + results.resolve("tpcb"));
    assertEquals(0, select.exitCode(), select.err());
    CliRun run =
        tpcc(
            "--threads=2",
            "--time=4",
            "--report-interval=1",
            "--results=" + results.resolve("tpcc"),
            "run");
    assertEquals(0, run.exitCode(), run.err());
    ReportFixture.bundle(results.resolve("bundle"), List.of("pg-a", "<i>pg-b</i>"));
    ReportFixture.bundle(
        results.resolve("settings"),
        List.of("pg-a", "pg-b"),
        List.of(Map.of("synchronous_commit", "on"), Map.of("synchronous_commit", "off")));
    // until runs record it, the intervals' server object per the contract, by hand
    ReportFixture.run(results.resolve("server"), "tpcb", List.of("builtin"), 100, 120, true);
    Files.createDirectories(OUT);
  }

  private static CliRun tpcc(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = CliRun.connectedTo(db, "--tables=1", "--scale=1");
    command.addAll(List.of(args));
    return CliRun.of(Map.of("PGPASSWORD", db.password()), command.toArray(String[]::new));
  }

  private static CliRun tpcb(String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = new ArrayList<>(List.of("tpcb"));
    command.addAll(List.of(args));
    command.add(db.name());
    Map<String, String> environment = new HashMap<>();
    environment.put("PGHOST", db.host());
    environment.put("PGPORT", Integer.toString(db.port()));
    environment.put("PGUSER", db.user());
    environment.put("PGPASSWORD", db.password());
    return CliRun.of(environment, command.toArray(String[]::new));
  }

  @Test
  void theReportOfABundleAndTwoRealRunsDrawsEveryChartInChromiumWithoutAnError()
      throws IOException, InterruptedException {
    Path html = OUT.resolve("report.html").toAbsolutePath();
    CliRun report =
        CliRun.of(
            "report",
            results.resolve("bundle").toString(),
            results.resolve("tpcb").toString(),
            results.resolve("tpcc").toString(),
            results.resolve("server").toString(),
            "-o",
            html.toString());
    assertEquals(0, report.exitCode(), report.err());
    assertEquals(
        "wrote "
            + html
            + "\nwrote "
            + OUT.resolve("report.md").toAbsolutePath()
            + "\nwrote "
            + OUT.resolve("report.csv").toAbsolutePath()
            + "\n",
        report.out());
    String page = Files.readString(html);
    // the rarer kinds (4 % each) may not complete in a 4 s run on a busy machine
    for (String kind : List.of("new_order", "payment")) {
      assertTrue(page.contains("\"label\":\"" + kind + "\""), kind + "'s latency curve");
      assertTrue(page.contains("\"label\":\"" + kind + " p95\""), kind + "'s p95 over time");
    }

    HeadlessChromium chromium = new HeadlessChromium(results);
    HeadlessChromium.Page loaded = chromium.load(html);
    // the bundle's two, then per run throughput, latency, errors and the latency distribution,
    // and with server statistics (which every real run records by default) WAL and sessions; the
    // hand-made run's two health readings add its sizes, dead tuples and XID age
    assertEquals(
        2 + (4 + 2) + (4 + 2) + (6 + 3), loaded.charts(), HeadlessChromium.head(loaded.dom()));
    assertFalse(loaded.dom().contains("<i>pg-b</i>"), "a target's name is text, not markup");
    // the real runs' verdict, first under their facts
    assertTrue(loaded.dom().contains("<h3>Verdict</h3>"), "the verdict on the first screen");
    assertTrue(loaded.dom().contains("durable"), HeadlessChromium.head(loaded.dom()));
    chromium.screenshot(html, OUT.resolve("report.png"), 4000);
  }

  @Test
  void aBundlesTablesPrintAsMarkdownWithMissingCellsMarked() {
    CliRun md = CliRun.of("report", "--format=md", results.resolve("bundle").toString());
    assertEquals(0, md.exitCode(), md.err());
    assertTrue(md.out().contains("| 4 | 402 (401–402) | missing |"), md.out());
    assertTrue(md.out().contains("| clients | pg-a | \\<i\\>pg-b\\</i\\> |"), md.out());
  }

  @Test
  void aSweepsCombinationsOfSettingsAreOneTableAndOneChartEachSideBySideInChromium()
      throws IOException, InterruptedException {
    Path html = OUT.resolve("settings.html").toAbsolutePath();
    CliRun report =
        CliRun.of("report", results.resolve("settings").toString(), "-o", html.toString());
    assertEquals(0, report.exitCode(), report.err());
    HeadlessChromium.Page loaded = new HeadlessChromium(results).load(html);
    String dom = loaded.dom();
    assertEquals(
        2, loaded.charts(), "tps and p95 against clients, once: " + HeadlessChromium.head(dom));
    assertEquals(1, dom.split("<table class=\"sweep\">", -1).length - 1, "one table: " + dom);
    assertTrue(dom.contains("<h3>tpcb-select (TPC-B) by synchronous_commit</h3>"), dom);
    assertTrue(
        dom.contains(
            "<th>clients</th><th>pg-a (synchronous_commit=on)</th><th>pg-a"
                + " (synchronous_commit=off)</th><th>pg-b (synchronous_commit=on)</th><th>pg-b"
                + " (synchronous_commit=off)</th>"),
        dom);
    assertTrue(
        dom.contains(
            "<tr><th>4</th><td class=\"\">402 (401–402)</td><td class=\"\">1402"
                + " (1401–1402)</td>"),
        dom);
    CliRun md = CliRun.of("report", "--format=md", results.resolve("settings").toString());
    assertTrue(md.out().contains("| 1 | 102 (101–102) | 1102 (1101–1102) | 201"), md.out());
  }
}
