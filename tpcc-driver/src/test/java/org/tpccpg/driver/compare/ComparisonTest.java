package org.tpccpg.driver.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonReader;

/** Reading hand-written results directories and comparing them. */
class ComparisonTest {
  private static final List<String> TPCC_KINDS =
      List.of("new_order", "payment", "order_status", "delivery", "stock_level");
  private static final double[] STEADY = {1000, 1010, 990, 1005, 995, 1002, 998, 1001, 999, 1000};

  @TempDir Path tmp;

  private static double[] scaled(double[] values, double factor) {
    double[] scaled = values.clone();
    for (int i = 0; i < scaled.length; i++) {
      scaled[i] *= factor;
    }
    return scaled;
  }

  private Path run(String name, String workload, List<String> kinds, double tps, double p95)
      throws IOException {
    return ResultsFixture.write(
        tmp.resolve(name), workload, kinds, tps, p95, scaled(STEADY, tps / 1000));
  }

  private static Comparison compare(Path a, Path b) throws IOException {
    return Comparison.of(RunGroup.read("A", a), RunGroup.read("B", b));
  }

  private static Comparison.Row row(Comparison comparison, String metric) {
    return comparison.rows().stream()
        .filter(r -> r.metric().name().equals(metric))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aRunIsReadFromItsSummaryAndIntervals() throws IOException {
    Path dir = run("one", "tpcc", TPCC_KINDS, 500, 12.5);
    ComparedRun run = ComparedRun.read(dir);
    assertEquals("tpcc", run.workload());
    assertEquals(TPCC_KINDS, run.kinds());
    assertEquals(500.0, run.values().get(Metric.TPS));
    assertEquals(12.5, run.values().get(Metric.P95));
    assertEquals(18.75, run.values().get(Metric.P99));
    assertEquals(12.5, run.values().get(Metric.kindP95("delivery")));
    assertEquals(10, run.series().get(Metric.TPS).size());
    assertEquals(505.0, run.series().get(Metric.TPS).get(1));
    assertEquals(12.5, run.series().get(Metric.kindP95("payment")).get(0));
    assertFalse(run.series().containsKey(Metric.P95), "intervals have no p95 over all kinds");
  }

  @Test
  void aRunOfOneKindTakesItsOverallPercentilesPerIntervalFromThatKind() throws IOException {
    ComparedRun run = ComparedRun.read(run("one", "tpcb", List.of("select-only"), 900, 2));
    assertEquals(3.0, run.series().get(Metric.P99).get(0));
  }

  @Test
  void aDirectoryOfRunsIsOneSideOfRepeats() throws IOException {
    run("cell/r1", "tpcb", List.of("tpcb-like"), 100, 2);
    run("cell/r2", "tpcb", List.of("tpcb-like"), 110, 2);
    Files.createDirectories(tmp.resolve("cell/not-a-run"));
    RunGroup group = RunGroup.read("A", tmp.resolve("cell"));
    assertEquals(2, group.runs().size());
    assertEquals(tmp.resolve("cell/r1"), group.runs().get(0).directory());
  }

  @Test
  void identicalRepeatsAreNotSignificant() throws IOException {
    for (String side : List.of("a", "b")) {
      run(side + "/r1", "tpcb", List.of("tpcb-like"), 1000, 2);
      run(side + "/r2", "tpcb", List.of("tpcb-like"), 1020, 2.2);
      run(side + "/r3", "tpcb", List.of("tpcb-like"), 990, 2.1);
    }
    Comparison c = compare(tmp.resolve("a"), tmp.resolve("b"));
    assertTrue(c.overRuns());
    Comparison.Row tps = row(c, "tps");
    assertEquals(3, tps.samplesA());
    assertEquals(1.0, tps.difference().p(), 1e-9);
    assertEquals("~", c.verdict(tps));
    assertTrue(c.worseBy(0).isEmpty());
  }

  @Test
  void clearlySlowerRepeatsAreSignificantlyWorse() throws IOException {
    run("a/r1", "tpcb", List.of("tpcb-like"), 1000, 2);
    run("a/r2", "tpcb", List.of("tpcb-like"), 1020, 2.1);
    run("b/r1", "tpcb", List.of("tpcb-like"), 600, 3.5);
    run("b/r2", "tpcb", List.of("tpcb-like"), 610, 3.4);
    Comparison c = compare(tmp.resolve("a"), tmp.resolve("b"));
    Comparison.Row tps = row(c, "tps");
    assertTrue(tps.difference().p() < 0.05, "p = " + tps.difference().p());
    assertEquals("worse", c.verdict(tps));
    assertEquals("worse", c.verdict(row(c, "p95_ms")));
    assertEquals(
        List.of("tps", "p95_ms"), c.worseBy(10).stream().map(r -> r.metric().name()).toList());
    assertTrue(c.worseBy(80).isEmpty(), "40% worse is not worse by more than 80%");
  }

  @Test
  void aSignificantChangeBelowTheMinimumIsNoVerdictNorAFailure() throws IOException {
    // A fixed-rate run's tps has almost no spread: 0.29 % apart is significant, yet no answer.
    run("a/r1", "tpcb", List.of("select-only"), 6.280, 50);
    run("a/r2", "tpcb", List.of("select-only"), 6.281, 50);
    run("b/r1", "tpcb", List.of("select-only"), 6.262, 50);
    run("b/r2", "tpcb", List.of("select-only"), 6.263, 50);
    RunGroup a = RunGroup.read("A", tmp.resolve("a"));
    RunGroup b = RunGroup.read("B", tmp.resolve("b"));
    Comparison byDefault = Comparison.of(a, b);
    Comparison.Row tps = row(byDefault, "tps");
    assertTrue(tps.difference().significant(), "p = " + tps.difference().p());
    assertEquals(-0.29, tps.difference().changePercent(), 0.01);
    assertEquals(1.0, byDefault.minChangePercent());
    assertEquals("~", byDefault.verdict(tps));
    assertTrue(byDefault.worseBy(0).isEmpty(), "the gate agrees with the table");

    Comparison every = Comparison.of(a, b, 0);
    assertEquals("worse", every.verdict(row(every, "tps")));
    assertEquals(List.of("tps"), every.worseBy(0).stream().map(r -> r.metric().name()).toList());
    Comparison strict = Comparison.of(a, b, 0.2);
    assertEquals("worse", strict.verdict(row(strict, "tps")), "0.29 % is beyond 0.2 %");
    assertThrows(IllegalArgumentException.class, () -> Comparison.of(a, b, -1));

    StringWriter text = new StringWriter();
    ComparisonTable.write(byDefault, new PrintWriter(text));
    assertTrue(
        text.toString()
            .endsWith(
                "~ not significant at p < 0.05, or a change under 1%;"
                    + " better/worse: B against A, significant; n: samples tested\n"),
        text.toString());
    Map<String, Object> json = JsonReader.object(ComparisonJson.render(byDefault));
    assertEquals(1.0, (Double) json.get("min_change_percent"), 0);
    Map<?, ?> first = (Map<?, ?>) ((List<?>) json.get("metrics")).get(0);
    assertEquals(true, first.get("significant"));
    assertEquals("~", first.get("verdict"));
  }

  @Test
  void oneRunASideIsTestedOverBatchMeansOfItsIntervals() throws IOException {
    Path a = run("a", "tpcc", TPCC_KINDS, 1000, 10);
    Path b = run("b", "tpcc", TPCC_KINDS, 700, 10);
    Comparison c = compare(a, b);
    assertFalse(c.overRuns());
    Comparison.Row tps = row(c, "tps");
    assertEquals(5, tps.samplesA(), "10 intervals make 5 batches of 2");
    assertEquals(-30.0, tps.difference().changePercent(), 1e-9);
    assertTrue(tps.difference().significant());
    Comparison.Row p95 = row(c, "p95_ms");
    assertTrue(Double.isNaN(p95.difference().p()), "no hlogs: no per-interval p95 over kinds");
    assertEquals("~", c.verdict(p95));
    assertEquals(1.0, row(c, "payment p95_ms").difference().p());
  }

  /**
   * A damaged log reads short (HdrHistogram's reader stops without a word), which left the run's
   * p95 and p99 with fewer samples than its intervals and nothing said: now refused, named.
   */
  @Test
  void aKindsLogShorterThanTheIntervalsIsRefusedNamingIt() throws IOException {
    Path dir = run("short", "tpcc", List.of("fast", "slow"), 100, 5);
    for (String kind : List.of("fast", "slow")) {
      try (PrintStream out = new PrintStream(dir.resolve(kind + ".hlog").toFile())) {
        HistogramLogWriter log = new HistogramLogWriter(out);
        log.outputLogFormatVersion();
        int count = kind.equals("slow") ? 7 : 10;
        for (int i = 0; i < count; i++) {
          Histogram h = new Histogram(3);
          h.recordValueWithCount(1_000, 100);
          log.outputIntervalHistogram(h);
        }
      }
    }
    IOException e = assertThrows(IOException.class, () -> ComparedRun.read(dir));
    assertEquals(
        dir.resolve("slow.hlog")
            + " has 7 interval histograms but intervals.jsonl has 10 lines: one of them is"
            + " damaged or cut short",
        e.getMessage());
  }

  @Test
  void theRunsPercentilesPerIntervalComeFromTheKindsMergedHistograms() throws IOException {
    Path dir = run("one", "tpcc", List.of("fast", "slow"), 100, 5);
    for (String kind : List.of("fast", "slow")) {
      try (PrintStream out = new PrintStream(dir.resolve(kind + ".hlog").toFile())) {
        HistogramLogWriter log = new HistogramLogWriter(out);
        log.outputLogFormatVersion();
        for (int i = 0; i < 10; i++) {
          Histogram h = new Histogram(3);
          if (i != 4) { // nothing completed in the fifth interval
            h.recordValueWithCount(kind.equals("fast") ? 1_000 : 9_000, 100);
          }
          h.setStartTimeStamp(1000L * i);
          h.setEndTimeStamp(1000L * (i + 1));
          log.outputIntervalHistogram(h);
        }
      }
    }
    ComparedRun run = ComparedRun.read(dir);
    List<Double> p95 = run.series().get(Metric.P95);
    assertEquals(10, p95.size());
    assertEquals(9.0, p95.get(0), 0.01, "half the merged values are 9 ms");
    assertTrue(Double.isNaN(p95.get(4)), "an empty interval has no p95");
    assertEquals(9.0, run.series().get(Metric.P99).get(9), 0.01);
  }

  @Test
  void oneRunAgainstRepeatsUsesBatchMeansOnBothSidesEachRunCutAlone() throws IOException {
    Path a = run("a", "tpcb", List.of("tpcb-like"), 1000, 2);
    run("b/r1", "tpcb", List.of("tpcb-like"), 1000, 2);
    run("b/r2", "tpcb", List.of("tpcb-like"), 1000, 2);
    Comparison c = compare(a, tmp.resolve("b"));
    assertFalse(c.overRuns());
    Comparison.Row tps = row(c, "tps");
    assertEquals(5, tps.samplesA());
    assertEquals(10, tps.samplesB(), "5 batches from each of the two runs");
    assertEquals("~", c.verdict(tps));
  }

  /** A copy of a results directory, as {@code cp -r} makes it. */
  private Path copy(Path from, String name) throws IOException {
    Path to = tmp.resolve(name);
    Files.createDirectories(to);
    try (var files = Files.list(from)) {
      for (Path file : files.toList()) {
        Files.copy(file, to.resolve(file.getFileName()));
      }
    }
    return to;
  }

  @Test
  void copiesOfARunOnASideAreOneRunNotIndependentSamples() throws IOException {
    Path x = run("a/r1", "tpcb", List.of("tpcb-like"), 1000, 2);
    copy(x, "a/r2");
    Path y = run("b/r1", "tpcb", List.of("tpcb-like"), 600, 3);
    copy(y, "b/r2");
    Comparison c = compare(tmp.resolve("a"), tmp.resolve("b"));
    // Taken as two runs a side, the copies had no spread: p = 0 and a zero-width interval.
    assertFalse(c.overRuns(), "one distinct run a side: batch means of its intervals");
    Comparison.Row tps = row(c, "tps");
    assertEquals(5, tps.samplesA(), "the batches of one run, not of two copies");
    assertEquals(5, tps.samplesB());
    assertTrue(tps.difference().p() > 0, "p = " + tps.difference().p());
    assertTrue(tps.difference().ciLowPercent() < tps.difference().ciHighPercent());
    Comparison single = compare(x, y);
    assertEquals(single.rows(), c.rows(), "the same figures as the one run each side");
    assertEquals(
        List.of(
            "A: "
                + tmp.resolve("a/r2")
                + " is a copy of "
                + x
                + " (the same summary.json):"
                + " counted once",
            "B: "
                + tmp.resolve("b/r2")
                + " is a copy of "
                + y
                + " (the same summary.json):"
                + " counted once"),
        c.notes());
    StringWriter text = new StringWriter();
    ComparisonTable.write(c, new PrintWriter(text));
    assertTrue(text.toString().contains("(2 runs, 1 distinct)"), text.toString());
    assertTrue(text.toString().contains("\nnote: A: " + tmp.resolve("a/r2")), text.toString());
    Map<String, Object> json = JsonReader.object(ComparisonJson.render(c));
    assertEquals(c.notes(), json.get("notes"));
  }

  @Test
  void aCopyAmongRepeatsCountsOnceInTheTestOverRuns() throws IOException {
    run("a/r1", "tpcb", List.of("tpcb-like"), 1000, 2);
    run("a/r2", "tpcb", List.of("tpcb-like"), 1020, 2.1);
    copy(tmp.resolve("a/r2"), "a/r3");
    run("b/r1", "tpcb", List.of("tpcb-like"), 990, 2);
    run("b/r2", "tpcb", List.of("tpcb-like"), 1010, 2.2);
    Comparison c = compare(tmp.resolve("a"), tmp.resolve("b"));
    assertTrue(c.overRuns());
    assertEquals(2, row(c, "tps").samplesA(), "r3 is r2 again");
    assertEquals(1010.0, row(c, "tps").difference().medianA(), 1e-9, "the median of r1 and r2");
    assertEquals(1, c.notes().size());
  }

  @Test
  void aRunOnBothSidesIsNotTested() throws IOException {
    Path x = run("x", "tpcb", List.of("tpcb-like"), 1000, 2);
    Path same = copy(x, "same");
    Comparison c = compare(x, same);
    for (Comparison.Row r : c.rows()) {
      assertTrue(Double.isNaN(r.difference().p()), r.metric().name() + ": no p from duplicates");
      assertEquals(0, r.samplesA());
      assertEquals("~", c.verdict(r));
    }
    assertEquals(0.0, row(c, "tps").difference().changePercent(), 0);
    assertEquals(
        List.of("tps", "p95_ms"), c.untested().stream().map(r -> r.metric().name()).toList());
    assertEquals(
        List.of(
            "A's "
                + x
                + " and B's "
                + same
                + " are the same run (the same summary.json): not tested, the samples would"
                + " not be independent"),
        c.notes());
  }

  @Test
  void aPathWithoutResultsIsRefusedNamingIt() throws IOException {
    Files.createDirectories(tmp.resolve("empty"));
    IOException e = assertThrows(IOException.class, () -> RunGroup.read("B", tmp.resolve("empty")));
    assertTrue(e.getMessage().startsWith("B: " + tmp.resolve("empty") + " holds no results"));
    IOException missing =
        assertThrows(IOException.class, () -> RunGroup.read("A", tmp.resolve("nosuch")));
    assertEquals("A: " + tmp.resolve("nosuch") + " is not a directory", missing.getMessage());
  }

  @Test
  void aRunWithoutASummaryIsRefusedPointingToTheReport() throws IOException {
    Path killed = Files.createDirectories(tmp.resolve("killed"));
    Files.writeString(killed.resolve("intervals.jsonl"), "{\"seconds\":1}\n");
    IOException e = assertThrows(IOException.class, () -> RunGroup.read("A", killed));
    assertEquals(
        "A: "
            + killed
            + " holds a run without a summary: intervals.jsonl but no summary.json (the run is"
            + " still going, or it was killed or its machine went down); compare needs a run's"
            + " summary, 'tpcc report "
            + killed
            + "' shows what it recorded",
        e.getMessage());
  }

  @Test
  void runsOfDifferentWorkloadsAreRefused() throws IOException {
    Path a = run("a", "tpcc", List.of("tpcb-like"), 1000, 2);
    Path b = run("b", "tpcb", List.of("tpcb-like"), 1000, 2);
    IOException e = assertThrows(IOException.class, () -> compare(a, b));
    assertEquals(
        "cannot compare runs of different workloads: " + a + " is tpcc, " + b + " is tpcb",
        e.getMessage());
  }

  @Test
  void runsOfDifferentKindsAreRefused() throws IOException {
    Path a = run("a", "tpcb", List.of("tpcb-like"), 1000, 2);
    Path b = run("b", "tpcb", List.of("select-only"), 1000, 2);
    IOException e = assertThrows(IOException.class, () -> compare(a, b));
    assertTrue(e.getMessage().startsWith("cannot compare runs of different transaction kinds"));
  }

  @Test
  void aSummaryThatIsNotARunsIsRefusedNamingTheFile() throws IOException {
    Files.createDirectories(tmp.resolve("x"));
    Files.writeString(tmp.resolve("x/summary.json"), "{\"hello\":1}");
    IOException e = assertThrows(IOException.class, () -> ComparedRun.read(tmp.resolve("x")));
    assertTrue(e.getMessage().contains(tmp.resolve("x/summary.json").toString()), e.getMessage());
  }

  /** #32: Jackson's raw message named no file and quoted the whole text. */
  @Test
  void aTruncatedSummaryIsRefusedInOneLineNamingTheFileAndWhere() throws IOException {
    Path dir = run("one", "tpcb", List.of("tpcb-like"), 900, 2);
    Path summary = dir.resolve("summary.json");
    String text = Files.readString(summary);
    Files.writeString(summary, text.substring(0, text.length() / 2));
    IOException e = assertThrows(IOException.class, () -> ComparedRun.read(dir));
    assertTrue(
        e.getMessage().startsWith(summary + ": not valid JSON: Unexpected end-of-input"),
        e.getMessage());
    assertTrue(
        e.getMessage().endsWith(" at line 1, column " + (text.length() / 2 + 1)), e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    assertFalse(e.getMessage().contains("\"tool\""), "the text is not quoted: " + e.getMessage());
  }

  @Test
  void aBrokenIntervalLineIsRefusedNamingFileAndLine() throws IOException {
    Path dir = run("one", "tpcb", List.of("tpcb-like"), 900, 2);
    Path intervals = dir.resolve("intervals.jsonl");
    Files.writeString(intervals, Files.readString(intervals) + "{\"tps\": 3,\n");
    IOException e = assertThrows(IOException.class, () -> ComparedRun.read(dir));
    assertTrue(e.getMessage().startsWith(intervals + " line 11: "), e.getMessage());
  }

  @Test
  void theTableHasOneRowPerMetricAndTheJsonTheSameFigures() throws IOException {
    Comparison c =
        compare(run("a", "tpcc", TPCC_KINDS, 1000, 10), run("b", "tpcc", TPCC_KINDS, 700, 10));
    StringWriter text = new StringWriter();
    ComparisonTable.write(c, new PrintWriter(text));
    List<String> lines = text.toString().lines().toList();
    assertTrue(lines.get(2).startsWith("metric"), text.toString());
    assertEquals(3 + 3 + TPCC_KINDS.size() + 1, lines.size(), text.toString());
    assertTrue(
        lines.get(3).matches("tps +higher +1000\\.0 +700\\.0 +-30\\.0% .* worse"), lines.get(3));
    assertTrue(lines.get(4).matches("p95_ms +lower .* n/a +n/a +\\d+/\\d+ +~"), lines.get(4));
    Map<String, Object> json = JsonReader.object(ComparisonJson.render(c));
    assertEquals("batch_means", json.get("samples"));
    Map<?, ?> first = (Map<?, ?>) ((List<?>) json.get("metrics")).get(0);
    assertEquals("tps", first.get("metric"));
    assertEquals(-30.0, (Double) first.get("change_percent"), 1e-9);
    assertEquals("worse", first.get("verdict"));
  }
}
