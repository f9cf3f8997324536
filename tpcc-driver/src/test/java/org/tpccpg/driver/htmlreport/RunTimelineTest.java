package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunTimelineTest {
  @TempDir Path dir;

  @Test
  void intervalsAreDownsampledIntoBucketsKeepingEachBucketsLowestAndHighestTps()
      throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 5_000, false);
    RunTimeline t = RunTimeline.read(dir, 100);
    assertEquals(5_000, t.sampling.lines());
    assertEquals(50, t.sampling.perBucket());
    assertEquals(100, t.seconds.length);
    assertEquals(1, t.seconds[0]);
    assertEquals(51, t.seconds[1]);
    assertTrue(Arrays.stream(t.tps.mins()).allMatch(v -> v == 100), "every bucket dips to 100");
    assertTrue(Arrays.stream(t.tps.maxes()).allMatch(v -> v == 109));
    assertEquals(104.5, t.tps.means()[0], 1e-9);
    assertEquals(List.of("p50", "p90", "p95", "p99", "max"), List.copyOf(t.latency.keySet()));
    assertFalse(t.hasServer());
  }

  @Test
  void severalKindsDrawEachKindsP95AndTheMeanOfAll() throws IOException {
    ReportFixture.run(dir, "tpcc", List.of("new_order", "payment"), 100, 10, false);
    RunTimeline t = RunTimeline.read(dir, 2_000);
    assertEquals(
        List.of("new_order p95", "payment p95", "mean, all kinds"),
        List.copyOf(t.latency.keySet()));
    assertEquals(5, t.latency.get("payment p95").means()[3]);
  }

  @Test
  void theServerObjectGivesWalCheckpointsAutovacuumAndTheMostWaitedOnEvents() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 90, true);
    RunTimeline t = RunTimeline.read(dir, 2_000);
    assertTrue(t.hasServer());
    assertEquals(1.0, t.walMbPerSecond.means()[0], 1e-9);
    double[] checkpoints = t.checkpoints.sums();
    assertEquals(3, Arrays.stream(checkpoints).sum());
    assertEquals(1, checkpoints[29]);
    assertEquals(List.of("Lock:tuple", "LWLock:WALWrite"), t.topWaitEvents(5));
    assertArrayEquals(
        new double[] {0, 2, 4}, Arrays.copyOf(t.waitEvents.get("Lock:tuple").sums(), 3));
  }

  @Test
  void healthReadingsAMinuteApartAreChartedAndHeldBetweenReadings() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 130, false);
    Path file = dir.resolve("intervals.jsonl");
    List<String> lines = Files.readAllLines(file);
    StringBuilder withHealth = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (i % 60 == 0) { // seconds 1, 61, 121: a reading a minute, growing 1 MB and 100 dead
        long mb = 1024 * 1024;
        line =
            line.substring(0, line.length() - 1)
                + ",\"health\":{\"database_bytes\":"
                + (300 + i / 60) * mb
                + ",\"xid_age\":"
                + (1_000_000 + i * 1000)
                + ",\"autovacuum_freeze_max_age\":200000000,\"temp_files\":0,\"standbys\":0,"
                + "\"replication_lag_bytes\":null,\"tables\":{\"pgbench_accounts\":"
                + "{\"table_bytes\":"
                + (100 + i / 60) * mb
                + ",\"indexes_bytes\":"
                + 20 * mb
                + ",\"live_tuples\":100000,\"dead_tuples\":"
                + (i / 60) * 100
                + ",\"xid_age\":1000}}}}";
      }
      withHealth.append(line).append('\n');
    }
    Files.writeString(file, withHealth);
    RunTimeline t = RunTimeline.read(dir, 2_000);
    assertTrue(t.hasHealthSeries());
    assertEquals(300, t.databaseMb.means()[0], 1e-9);
    assertEquals(120, t.tableMb.get("pgbench_accounts").means()[0], 1e-9, "table and indexes");
    List<Chart> charts = TimeCharts.of(t, List.of(), List.of());
    List<String> titles = charts.stream().map(Chart::title).toList();
    assertTrue(
        titles.containsAll(
            List.of(
                "Server: database and largest tables",
                "Server: dead tuples per table",
                "Server: XID age of the database")),
        titles.toString());
    assertFalse(titles.contains("Server: standby replay lag"), "no standby: " + titles);
    double[] held = TimeCharts.forward(t.databaseMb.means());
    assertEquals(300, held[59], 1e-9, "the first reading holds until the next");
    assertEquals(301, held[60], 1e-9);
    assertEquals(302, held[129], 1e-9);
  }

  @Test
  void aStandbysReplayLagIsChartedAndAReadingWithoutItIsAGap() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 130, false);
    Path file = dir.resolve("intervals.jsonl");
    List<String> lines = Files.readAllLines(file);
    // seconds 1, 61, 121: the lag 2 MB, then 5 MB, then the standby gone (null)
    String[] lags = {"2097152", "5242880", "null"};
    for (int i = 0; i < lines.size(); i += 60) {
      String line = lines.get(i);
      lines.set(
          i,
          line.substring(0, line.length() - 1)
              + ",\"health\":{\"database_bytes\":1,\"xid_age\":1,"
              + "\"autovacuum_freeze_max_age\":2,\"temp_files\":0,\"standbys\":1,"
              + "\"replication_lag_bytes\":"
              + lags[i / 60]
              + ",\"tables\":{}}}");
    }
    Files.write(file, lines);
    RunTimeline t = RunTimeline.read(dir, 2_000);
    List<String> titles =
        TimeCharts.of(t, List.of(), List.of()).stream().map(Chart::title).toList();
    assertTrue(titles.contains("Server: standby replay lag"), titles.toString());
    double[] lag = TimeCharts.forwardBetween(t.replayLagMb.maxes(), t.healthReadings.sums());
    assertEquals(2, lag[59], 1e-9, "held until the next reading");
    assertEquals(5, lag[60], 1e-9);
    assertEquals(5, lag[119], 1e-9);
    assertTrue(Double.isNaN(lag[120]), "a reading without a standby is not the last lag held");
    assertTrue(Double.isNaN(lag[129]));
  }

  @Test
  void oneHealthReadingIsNoSeries() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 3, false);
    Path file = dir.resolve("intervals.jsonl");
    List<String> lines = Files.readAllLines(file);
    String first = lines.get(0);
    lines.set(
        0,
        first.substring(0, first.length() - 1)
            + ",\"health\":{\"database_bytes\":1,\"xid_age\":1,\"autovacuum_freeze_max_age\":2,"
            + "\"temp_files\":0,\"standbys\":0,\"replication_lag_bytes\":null,\"tables\":{}}}");
    Files.write(file, lines);
    RunTimeline t = RunTimeline.read(dir, 2_000);
    assertFalse(t.hasHealthSeries());
    assertTrue(
        TimeCharts.of(t, List.of(), List.of()).stream()
            .noneMatch(c -> c.title().startsWith("Server: database")));
  }

  @Test
  void aSpecRunsTerminalStatesGetAChartOfTheirOwn() throws IOException {
    ReportFixture.run(dir, "tpcc", List.of("new_order", "payment"), 100, 4, false);
    Path file = dir.resolve("intervals.jsonl");
    List<String> lines = Files.readAllLines(file);
    StringBuilder spec = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      spec.append(line, 0, line.length() - 1)
          .append(",\"terminals\":{\"thinking\":")
          .append(70 + i)
          .append(",\"keying\":20,\"in_transaction\":")
          .append(10 - i)
          .append(",\"deferred_queue\":1}}\n");
    }
    Files.writeString(file, spec);
    RunTimeline t = RunTimeline.read(dir, 2_000);
    assertEquals(
        List.of("thinking", "keying", "in_transaction", "deferred_queue"),
        List.copyOf(t.terminals.keySet()));
    assertArrayEquals(new double[] {70, 71, 72, 73}, t.terminals.get("thinking").means());
    assertArrayEquals(new double[] {10, 9, 8, 7}, t.terminals.get("in_transaction").means());
    List<String> titles =
        TimeCharts.of(t, List.of(), List.of()).stream().map(Chart::title).toList();
    assertTrue(titles.contains("Spec mode: terminals and deferred Deliveries"), titles.toString());

    ReportFixture.run(dir.resolve("flat"), "tpcc", List.of("new_order"), 100, 4, false);
    RunTimeline flat = RunTimeline.read(dir.resolve("flat"), 2_000);
    assertTrue(flat.terminals.isEmpty());
    assertEquals(
        List.of(),
        TimeCharts.of(flat, List.of(), List.of()).stream()
            .map(Chart::title)
            .filter(title -> title.startsWith("Spec mode"))
            .toList());
  }

  /** #31: a soak's 1 % New-Order rollbacks were drawn as errors (318 of 322 "errors"). */
  @Test
  void theNewOrdersRolledBackOnPurposeAreDrawnApartFromTheErrors() throws IOException {
    ReportFixture.run(dir, "tpcc", List.of("new_order"), 100, 2, false);
    Path file = dir.resolve("intervals.jsonl");
    List<String> lines = Files.readAllLines(file);
    Files.write(
        file,
        List.of(
            lines
                .get(0)
                .replace("\"errors_per_s\":1,", "\"errors_per_s\":5,\"rollbacks_per_s\":4,"),
            lines
                .get(1)
                .replace("\"errors_per_s\":0,", "\"errors_per_s\":3,\"rollbacks_per_s\":3,")));
    RunTimeline t = RunTimeline.read(dir, 2_000);
    assertArrayEquals(new double[] {1, 0}, t.errors.means());
    assertArrayEquals(new double[] {4, 3}, t.rollbacks.means());
    Chart errors =
        TimeCharts.of(t, List.of(), List.of()).stream()
            .filter(c -> c.title().equals("Errors and reconnects"))
            .findFirst()
            .orElseThrow();
    org.tpccpg.driver.results.JsonWriter json = new org.tpccpg.driver.results.JsonWriter();
    errors.write(json, "c");
    assertTrue(json.toString().contains("\"label\":\"New-Order rollbacks/s (on purpose, 1 %)\""));

    ReportFixture.run(dir.resolve("old"), "tpcc", List.of("new_order"), 100, 2, false);
    RunTimeline old = RunTimeline.read(dir.resolve("old"), 2_000);
    assertArrayEquals(new double[] {1, 0}, old.errors.means(), "a file without rollbacks");
    assertTrue(old.rollbacks.isEmpty());
  }

  @Test
  void aBrokenLineIsRefusedNamingTheFileAndLine() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 3, false);
    Files.writeString(
        dir.resolve("intervals.jsonl"), "{\"tps\":\n", java.nio.file.StandardOpenOption.APPEND);
    IOException e = assertThrows(IOException.class, () -> RunTimeline.read(dir, 2_000));
    assertTrue(
        e.getMessage().startsWith(dir.resolve("intervals.jsonl") + " line 4: "), e.getMessage());
  }

  @Test
  void ofARunWithoutASummaryALastLineCutShortIsLeftOutAndTheIntervalsBeforeItKept()
      throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 5, false);
    Files.delete(dir.resolve("summary.json"));
    Path file = dir.resolve("intervals.jsonl");
    String cut = ReportFixture.line(5, List.of("builtin"), false).substring(0, 70);
    Files.writeString(file, cut, java.nio.file.StandardOpenOption.APPEND); // no newline: cut
    RunTimeline t = RunTimeline.read(dir, 2_000, true);
    assertTrue(t.cutShort());
    assertEquals(6, t.sampling.lines(), "the cut line is counted");
    assertEquals(5, t.lastSeconds());
    assertEquals(102, t.meanTps(), 1e-9, "tps 100..104 over 1 s intervals");
    assertThrows(IOException.class, () -> RunTimeline.read(dir, 2_000), "of a run that ended");
  }

  @Test
  void ofARunWithoutASummaryOnlyTheLastLineMayBeCut() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 5, false);
    assertFalse(RunTimeline.read(dir, 2_000, true).cutShort(), "every line whole");
    Path file = dir.resolve("intervals.jsonl");
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(file));
    lines.set(3, lines.get(3).substring(0, 40));
    Files.write(file, lines);
    IOException e = assertThrows(IOException.class, () -> RunTimeline.read(dir, 2_000, true));
    assertTrue(e.getMessage().startsWith(file + " line 4: "), e.getMessage());
  }

  @Test
  void linesAddedAfterTheyWereCountedAreNotRead() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 5, false);
    // a run still going adds lines between the count and the read: 3 counted, 5 there
    RunTimeline t = RunTimeline.read(dir, 2, true, 3);
    assertEquals(3, t.lastSeconds());
    assertEquals(101, t.meanTps(), 1e-9);
    assertFalse(t.cutShort());
  }

  /** #32: a line broken at its start was blamed on the line before it. */
  @Test
  void aLineBrokenAtItsStartIsNamedByItsOwnNumber() throws IOException {
    ReportFixture.run(dir, "tpcb", List.of("builtin"), 100, 5, false);
    Path file = dir.resolve("intervals.jsonl");
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(file));
    lines.set(2, "garbage" + lines.get(2));
    Files.write(file, lines);
    IOException e = assertThrows(IOException.class, () -> RunTimeline.read(dir, 2_000));
    assertTrue(e.getMessage().startsWith(file + " line 3: "), e.getMessage());
    lines.set(2, "]");
    Files.write(file, lines);
    e = assertThrows(IOException.class, () -> RunTimeline.read(dir, 2_000));
    assertTrue(e.getMessage().startsWith(file + " line 3: "), e.getMessage());
  }
}
