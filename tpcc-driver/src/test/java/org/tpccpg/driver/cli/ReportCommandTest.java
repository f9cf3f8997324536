package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.htmlreport.ReportFixture;

class ReportCommandTest {
  @TempDir Path dir;

  @Test
  void aPathThatIsNeitherABundleNorResultsIsRefusedInOneLine() {
    Path nowhere = dir.resolve("nowhere");
    CliRun run = CliRun.of("report", nowhere.toString());
    assertEquals(1, run.exitCode(), run.err());
    assertEquals(
        "tpcc report: "
            + nowhere
            + " is neither a sweep bundle (no manifest.json) nor a results directory (no"
            + " summary.json or intervals.jsonl, in it or in the results/ of a soak directory)\n",
        run.err());
  }

  @Test
  void oneRunsReportGoesIntoItsDirectoryWithoutTablesFiles() throws IOException {
    Path run = ReportFixture.run(dir.resolve("r"), "tpcb", List.of("builtin"), 100, 5, false);
    CliRun report = CliRun.of("report", run.toString());
    assertEquals(0, report.exitCode(), report.err());
    assertEquals("wrote " + run.resolve("report.html") + "\n", report.out());
    assertTrue(Files.readString(run.resolve("report.html")).startsWith("<!DOCTYPE html>"));
    assertTrue(Files.notExists(run.resolve("report.md")));
  }

  /** bin/tpcc-soak's directory holds the run's results in results/. */
  @Test
  void aSoakDirectoryIsReportedFromItsResults() throws IOException {
    Path soak = dir.resolve("soak");
    ReportFixture.run(soak.resolve("results"), "tpcc", List.of("new_order"), 100, 5, false);
    CliRun report = CliRun.of("report", soak.toString());
    assertEquals(0, report.exitCode(), report.err());
    assertEquals("wrote " + soak.resolve("report.html") + "\n", report.out());
    String page = Files.readString(soak.resolve("report.html"));
    assertTrue(page.startsWith("<!DOCTYPE html>"));
    assertTrue(
        page.contains("<dl class=\"facts\"><div><dt>workload</dt>"), "no check fact: " + page);

    // #31: the page's first screen has the check the soak ran, its outages, settings and options
    Files.writeString(
        soak.resolve("soak.log"),
        "2026-01-02T03:00:00Z soak started: workload tpcc, pid 7\n"
            + "2026-01-02T04:00:00Z phase check ended with exit code 1\n"
            + "2026-01-02T05:00:00Z check ended with exit code 0\n");
    assertEquals(0, CliRun.of("report", soak.toString()).exitCode());
    page = Files.readString(soak.resolve("report.html"));
    assertTrue(
        page.contains(
            "<dl class=\"facts\"><div><dt>check</dt><dd>passed (exit code 0,"
                + " 2026-01-02T05:00:00Z)</dd></div><div><dt>workload</dt>"),
        page);
    assertTrue(page.contains("<h3>Outages (shaded and numbered on the charts)</h3>"), page);
    assertTrue(
        page.contains("<tr><td>1</td><td>1</td><td>1</td><td>2</td><td>not back</td></tr>"), page);
    assertTrue(
        page.contains(
            "<h3>Server settings</h3>\n<dl class=\"facts\"><div><dt>shared_buffers"
                + "</dt><dd>128MB</dd></div>"),
        page);
    assertTrue(
        page.contains(
            "<h3>Run options</h3>\n<dl class=\"facts\"><div><dt>threads</dt><dd>2"
                + "</dd></div><div><dt>time</dt><dd>5</dd></div><div><dt>rate</dt><dd>–</dd></div>"),
        page);
    assertTrue(page.contains("\"shadeLabels\":[\"outage 1\"]"), "the charts label it");
    Files.writeString(
        soak.resolve("soak.log"), "2026-01-02T04:00:00Z phase check ended with exit code 1\n");
    assertEquals(0, CliRun.of("report", soak.toString()).exitCode());
    assertTrue(
        Files.readString(soak.resolve("report.html"))
            .contains("<dd>failed (exit code 1, 2026-01-02T04:00:00Z): see check.log</dd>"));
  }

  @Test
  void tablesAsTextNeedABundle() throws IOException {
    Path run = ReportFixture.run(dir.resolve("r"), "tpcb", List.of("builtin"), 100, 5, false);
    CliRun csv = CliRun.of("report", "--format=csv", run.toString());
    assertEquals(2, csv.exitCode());
    assertTrue(
        csv.err().startsWith("tpcc report: --format=csv prints a sweep's tables, but no input is"),
        csv.err());
  }

  @Test
  void aBundlesTablesPrintAsCsvWithTheMissingCellEmpty() throws IOException {
    Path bundle = ReportFixture.bundle(dir.resolve("b"), List.of("pg-a", "pg-b"));
    CliRun csv = CliRun.of("report", "--format=csv", bundle.toString());
    assertEquals(0, csv.exitCode(), csv.err());
    List<String> lines = csv.out().lines().toList();
    assertEquals(3, lines.size(), csv.out());
    // pg-a: tps median, min, max, repeats, p95, latency avg, time, then the sizes, which this
    // manifest (made as before sweeps recorded them) has not, and the connection time, which
    // these summaries lack; pg-b's both repeats failed
    assertEquals(
        "tpcb-select,,4,401.50,401.00,402.00,2,5.00,2.50,20.00,,,,,,,,,,0,,,,,,,,,", lines.get(2));
  }

  /** #32: {@code -o} into a missing directory failed at the end, printing a bare path. */
  @Test
  void anOutputInAMissingDirectoryIsRefusedBeforeReadingNamingTheOption() throws IOException {
    Path run = ReportFixture.run(dir.resolve("r"), "tpcb", List.of("builtin"), 100, 5, false);
    Path output = dir.resolve("nosuch/report.html");
    List<String> args = List.of("report", "-o", output.toString(), run.toString());
    CliRun report = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(
        report,
        "tpcc report: --output=" + output + ": no directory " + dir.resolve("nosuch"),
        args);
    assertEquals(2, report.exitCode());
    assertTrue(Files.notExists(dir.resolve("nosuch")));
  }

  /** #32: Jackson's raw message, without the file's name. */
  @Test
  void aTruncatedSummaryIsNamedInOneLine() throws IOException {
    Path run = ReportFixture.run(dir.resolve("r"), "tpcb", List.of("builtin"), 100, 5, false);
    Path summary = run.resolve("summary.json");
    String text = Files.readString(summary);
    Files.writeString(summary, text.substring(0, 40));
    List<String> args = List.of("report", run.toString());
    CliRun report = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(
        report, "tpcc report: " + summary + ": not valid JSON: Unexpected end-of-input", args);
    assertEquals(1, report.exitCode());
  }

  /**
   * #32: a TPC-C run's results in a cell of a TPC-B workload (a directory replaced by hand) had its
   * tps shown in the TPC-B table. It is missing there now, with a warning naming the file.
   */
  @Test
  void aRunOfAnotherBenchmarkInACellIsShownMissingWithAWarning() throws IOException {
    Path bundle = ReportFixture.bundle(dir.resolve("b"), List.of("pg-a", "pg-b"));
    Path cell = bundle.resolve("runs/t0.tpcb-select.c1.r1");
    ReportFixture.run(cell, "tpcc", List.of("new_order"), 9999, 20, false);
    CliRun md = CliRun.of("report", "--format=md", bundle.toString());
    assertEquals(0, md.exitCode(), md.err());
    assertEquals(
        "tpcc report: cell t0.tpcb-select.c1.r1 is shown as missing: "
            + cell.resolve("summary.json")
            + " is of a tpcc run, but workload tpcb-select is tpcb\n",
        md.err());
    assertTrue(md.out().startsWith("### tpcb-select (TPC-B)\n"), md.out());
    assertTrue(!md.out().contains("9999"), "the TPC-C run's tps is in no table: " + md.out());
  }

  @Test
  void aTpccRunsFactsNameTheBenchmarkAndItsTpmC() throws IOException {
    Path run = ReportFixture.run(dir.resolve("r"), "tpcc", List.of("new_order"), 100, 5, false);
    Path summary = run.resolve("summary.json");
    Files.writeString(summary, Files.readString(summary).replaceFirst("\\{", "{\"tpmC\":4321.5,"));
    CliRun report = CliRun.of("report", run.toString());
    assertEquals(0, report.exitCode(), report.err());
    String page = Files.readString(run.resolve("report.html"));
    assertTrue(page.contains("<dt>workload</dt><dd>tpcc (TPC-C)</dd>"), "workload labelled");
    assertTrue(page.contains("<dt>tpmC</dt><dd>4322</dd>"), "tpmC shown as the summary has it");
  }
}
