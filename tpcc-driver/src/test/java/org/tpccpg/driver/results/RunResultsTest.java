package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.ConnectionTarget;
import org.tpccpg.driver.metrics.CounterSnapshot;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.FailureCause;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.metrics.ResultFixtures;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.metrics.ThreadTotals;
import org.tpccpg.driver.run.TpccRun;

class RunResultsTest {
  private static final Instant START = Instant.parse("2025-03-01T12:00:00Z");
  private static final ConnectionTarget TARGET =
      new ConnectionTarget("db1", 5432, "bench", "tpcc", true);

  @TempDir Path dir;

  static RunConfig config() {
    DataSetInfo info =
        new DataSetInfo(
            1, 2, 7, new NuRandConstants(100, 200, 300), "t", true, START, true, 0, false);
    return RunConfig.builder(WorkloadShape.of(1, 2), info)
        .threads(4)
        .timeSeconds(3600)
        .reportIntervalSeconds(1)
        .seed(42)
        .build();
  }

  private static final List<String> KINDS = TpccRun.kinds(config());

  private RunResults open() throws IOException {
    return open(TARGET);
  }

  private RunResults open(ConnectionTarget target) throws IOException {
    ServerInfo server = new ServerInfo("PostgreSQL 16.0", Map.of("fsync", "on"));
    RunDescription d = new RunDescription(config(), target, server, dir);
    return RunResults.open(
        dir, new TpccSummary(d), KINDS, 95, Clock.fixed(START, ZoneOffset.UTC), failure -> {});
  }

  /**
   * A 2-second interval ending {@code elapsed} seconds into the run: 22 transactions, 600
   * statements, one failed try; 10 New-Orders at 8 ms and a Payment at 2 ms.
   */
  private static Interval interval(double elapsed, long startMillis) {
    List<Histogram> perKind = ResultFixtures.emptyHistograms(KINDS.size());
    for (Histogram h : perKind) {
      h.setStartTimeStamp(startMillis);
      h.setEndTimeStamp(startMillis + 1_000);
    }
    perKind.get(TransactionType.NEW_ORDER.ordinal()).recordValueWithCount(8_000, 10);
    perKind.get(TransactionType.PAYMENT.ordinal()).recordValue(2_000);
    Histogram merged = new Histogram(3);
    perKind.forEach(merged::add);
    List<KindTotals> kinds = new ArrayList<>();
    for (int i = 0; i < KINDS.size(); i++) {
      kinds.add(KindTotals.ZERO);
    }
    kinds.set(
        TransactionType.NEW_ORDER.ordinal(),
        new KindTotals(22, 0, 22_000_000, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
    CounterSnapshot counters =
        new CounterSnapshot(
            new CounterTotals(22, 200, 300, 100, 1, 0, 22_000_000),
            kinds,
            ResultFixtures.noFailures(),
            List.of(new ThreadTotals(22, 22_000_000, 0, 0)));
    return new Interval(elapsed, 2, 4, counters, merged, perKind);
  }

  @Test
  void eachIntervalIsOneJsonLineWithRatesAndPerTypeLatencies() throws IOException {
    try (RunResults results = open()) {
      results.interval(interval(2, START.toEpochMilli()));
      results.interval(interval(4, START.toEpochMilli() + 1_000));
    }
    List<String> lines = Files.readAllLines(dir.resolve(RunResults.INTERVALS));
    assertEquals(2, lines.size());
    Map<String, Object> first = JsonParser.object(lines.get(0));
    assertEquals(2.0, first.get("seconds"));
    assertEquals(2.0, first.get("interval_s"));
    assertEquals(4.0, first.get("threads"));
    assertEquals(11.0, first.get("tps"));
    assertEquals(300.0, first.get("qps"));
    assertEquals(0.5, first.get("errors_per_s"));
    assertEquals(1.0, (Double) first.get("latency_avg_ms"), 1e-9);
    assertEquals(95.0, first.get("percentile"));
    assertEquals("2025-03-01T12:00:00Z", first.get("time"));
    Map<?, ?> types = (Map<?, ?>) first.get("kinds");
    assertFalse(types.containsKey("purge"), "purge is recorded only when enabled");
    Map<?, ?> newOrder = (Map<?, ?>) types.get("new_order");
    assertEquals(10.0, newOrder.get("count"));
    assertEquals(8.0, (Double) newOrder.get("p99_ms"), 0.01);
    assertNull(((Map<?, ?>) types.get("delivery")).get("p50_ms"), "no latency without events");
  }

  @Test
  void aSpecRunsIntervalsCarryTheTerminalsStatesAndConformToTheSchema() throws IOException {
    List<TerminalStates> census =
        List.of(new TerminalStates(70, 20, 10, 3), new TerminalStates(60, 25, 15, 0));
    int[] asked = {0};
    try (RunResults results = open()) {
      results.interval(interval(2, START.toEpochMilli()));
      results.recordTerminals(() -> census.get(asked[0]++));
      results.interval(interval(4, START.toEpochMilli() + 1_000));
      results.interval(interval(6, START.toEpochMilli() + 2_000));
    }
    List<String> lines = Files.readAllLines(dir.resolve(RunResults.INTERVALS));
    assertNull(JsonParser.object(lines.get(0)).get("terminals"), "not a spec run: none");
    assertEquals(
        Map.of("thinking", 70.0, "keying", 20.0, "in_transaction", 10.0, "deferred_queue", 3.0),
        JsonParser.object(lines.get(1)).get("terminals"));
    assertEquals(
        Map.of("thinking", 60.0, "keying", 25.0, "in_transaction", 15.0, "deferred_queue", 0.0),
        JsonParser.object(lines.get(2)).get("terminals"));
    for (String line : lines) {
      assertEquals(List.of(), ResultsSchema.INTERVAL.violations(line), line);
    }
  }

  @Test
  void theHlogFilesAreReadableByHdrHistogramsOwnReader() throws IOException {
    try (RunResults results = open()) {
      results.interval(interval(2, START.toEpochMilli() + 500));
      results.interval(interval(4, START.toEpochMilli() + 1_500));
    }
    Path log = dir.resolve("new_order.hlog");
    String text = Files.readString(log);
    assertTrue(text.contains("#[StartTime: 1740830400.000"), text);
    assertTrue(text.contains("#[BaseTime: 1740830400.000"), text);
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    Histogram first = (Histogram) reader.nextIntervalHistogram();
    Histogram second = (Histogram) reader.nextIntervalHistogram();
    assertNull(reader.nextIntervalHistogram());
    assertEquals(10, first.getTotalCount());
    assertEquals(8_000, first.getMaxValue(), 8);
    assertEquals(START.toEpochMilli() + 500, first.getStartTimeStamp());
    assertEquals(START.toEpochMilli() + 2_500, second.getEndTimeStamp());
  }

  @Test
  void theSummaryHoldsOptionsServerTotalsPerTypeLatencyAndOutages() throws IOException {
    try (RunResults results = open()) {
      results.writeSummary(
          result(
              List.of(new OutageTracker.Outage(12.0, 3.5, 4, 2.0)),
              new RunResult.Ending(true, 0, null)));
    }
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(RunResults.SUMMARY)));
    assertEquals("bench@db1:5432/tpcc", summary.get("target"));
    assertEquals(true, summary.get("stopped_early"));
    Map<?, ?> options = (Map<?, ?>) summary.get("options");
    assertEquals(4.0, options.get("threads"));
    assertEquals("RC", options.get("trx_level"));
    assertEquals("auto", options.get("db_ps_mode"));
    assertEquals("prepared", options.get("statement_mode"));
    Map<?, ?> server = (Map<?, ?>) summary.get("server");
    assertEquals("PostgreSQL 16.0", server.get("version"));
    assertEquals("on", ((Map<?, ?>) server.get("settings")).get("fsync"));
    Map<?, ?> totals = (Map<?, ?>) summary.get("totals");
    assertEquals(100.0, totals.get("transactions"));
    assertEquals(41.0 * 60 / 10, (Double) summary.get("tpmC"), 1e-9, "the rollback counts too");
    assertEquals(null, summary.get("efficiency_percent"));
    assertEquals(false, summary.get("mix_meets_minimums"));
    assertEquals(2.0, totals.get("errors"));
    assertEquals(1.0, ((Map<?, ?>) totals.get("failed_tries_by_cause")).get("deadlock"));
    assertEquals(10.0, totals.get("elapsed_s"));
    Map<?, ?> newOrder = (Map<?, ?>) ((Map<?, ?>) summary.get("kinds")).get("new_order");
    assertEquals(40.0, newOrder.get("commits"));
    assertEquals(1.0, newOrder.get("rollbacks"));
    assertFalse(((Map<?, ?>) summary.get("kinds")).containsKey("purge"));
    assertEquals(5.0, (Double) ((Map<?, ?>) newOrder.get("latency")).get("p50_ms"), 0.01);
    List<?> outages = (List<?>) summary.get("outages");
    assertEquals(1, outages.size());
    Map<?, ?> outage = (Map<?, ?>) outages.get(0);
    assertEquals(12.0, outage.get("start_s"));
    assertEquals(4.0, outage.get("clients"));
    assertEquals(2.0, outage.get("back_to_90_percent_after_s"));
    assertFalse(Files.exists(dir.resolve(RunResults.SUMMARY + ".partial")));
  }

  /** What the writer writes, the one reader reads back typed (compare, report, merge, sweep). */
  @Test
  void theSummaryIsReadBackByTheOneReader() throws IOException {
    try (RunResults results = open()) {
      results.writeSummary(
          result(
              List.of(new OutageTracker.Outage(12.0, 3.5, 4, -1)),
              new RunResult.Ending(false, 0, null)));
    }
    SavedSummary saved = SavedSummary.read(dir);
    assertEquals("tpcc", saved.workload());
    assertEquals("bench@db1:5432/tpcc", saved.target());
    assertEquals(START.toString(), saved.started());
    assertEquals(KINDS, saved.kindNames());
    assertEquals(100.0, saved.totals().transactions());
    assertEquals(10.0, saved.totals().elapsedS());
    assertEquals(2.0, saved.totals().errors());
    assertEquals(41.0 * 60 / 10, saved.tpmC(), 1e-9);
    SavedSummary.Kind newOrder = saved.kinds().get(TransactionType.NEW_ORDER.ordinal());
    assertEquals(1.0, newOrder.rollbacks());
    assertTrue(newOrder.latency().p95Ms() > 0, "a kind's latency is read: " + newOrder);
    assertEquals(List.of(new SavedSummary.Outage(12.0, 3.5, 4, Double.NaN)), saved.outages());
    assertEquals(3.5, saved.outageSeconds());
    assertEquals(new ServerInfo("PostgreSQL 16.0", Map.of("fsync", "on")), saved.server());
    assertEquals(4.0, saved.options().get("threads"));
    assertEquals(
        List.of("stable", "healthy", "consistent", "durable"),
        saved.verdict().stream().map(SavedSummary.Judgement::name).toList());
    assertEquals(SavedSummary.Activity.NONE, saved.activity(), "no server statistics given");
    assertEquals(saved.members().get("totals"), JsonReader.objectFile(saved.file()).get("totals"));
  }

  @Test
  void theSummaryCarriesTheEffectiveConfigButNeverThePassword() throws IOException {
    ConnectionSettings settings = new ConnectionSettings("db1", 5432, "bench", "S3cret-pw", "tpcc");
    try (RunResults results = open(settings.connectionTarget())) {
      results.writeSummary(result(List.of(), RunResult.Ending.COMPLETED));
    }
    String text = Files.readString(dir.resolve(RunResults.SUMMARY));
    assertFalse(text.contains("S3cret-pw"), text);
    Map<?, ?> config = (Map<?, ?>) JsonParser.object(text).get("config");
    assertEquals(
        EffectiveConfig.of(config(), settings.connectionTarget()).keySet(), config.keySet());
    assertEquals("db1", config.get("host"));
    assertEquals(5432.0, config.get("port"));
    assertEquals("tpcc", config.get("database"));
    assertEquals("bench", config.get("user"));
    assertEquals("********", config.get("password"));
    assertEquals(4.0, config.get("threads"));
    assertEquals(3600.0, config.get("time_seconds"));
    assertEquals(95.0, config.get("percentile"));
    assertEquals("RC", config.get("isolation"));
    assertEquals("prepared", config.get("statement_mode"));
    assertEquals("dedicated", config.get("connection_mode"));
    assertEquals(42.0, config.get("seed"));
    assertEquals(300.0, config.get("data_set_ol_i_id"));
    NuRandConstants run = config().runConstants();
    assertEquals((double) run.cLast(), config.get("run_c_last"));
    assertEquals((double) run.cId(), config.get("run_c_id"));
    assertEquals((double) run.orderLineItemId(), config.get("run_ol_i_id"));
    assertTrue(
        NuRandConstants.isValidRunDelta(config().dataSet().loadConstants().cLast(), run.cLast()),
        "the run's C_LAST keeps TPC-C 2.1.6.1's distance from the load's");
  }

  @Test
  void aDirectoryHoldingAnotherRunIsRefused() throws IOException {
    Files.writeString(dir.resolve(RunResults.SUMMARY), "{}");
    IOException e = assertThrows(IOException.class, () -> ResultsDirectory.prepare(dir));
    assertTrue(e.getMessage().contains("summary.json"), e.getMessage());
  }

  @Test
  void aPathThroughAFileIsRefusedWithAReason() throws IOException {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    IOException e =
        assertThrows(IOException.class, () -> ResultsDirectory.prepare(file.resolve("sub")));
    assertFalse(e.getMessage().isBlank());
    assertThrows(IOException.class, () -> ResultsDirectory.prepare(file));
  }

  @Test
  void onlyUnlimitedOrHourLongRunsRecordByDefault() {
    assertTrue(ResultsDirectory.recordsByDefault(0));
    assertTrue(ResultsDirectory.recordsByDefault(3_600));
    assertFalse(ResultsDirectory.recordsByDefault(3_599));
    assertEquals(
        Path.of("results", "20250301T120000Z-tpcc-run"),
        ResultsDirectory.defaultPath(START, "tpcc"));
  }

  /** 10 s, 100 transactions: 41 New-Orders (1 rolled back) at 5 ms, 59 Payments at 1 ms. */
  private static RunResult result(List<OutageTracker.Outage> outages, RunResult.Ending ending) {
    List<KindTotals> kinds = new ArrayList<>();
    List<Histogram> latencies = ResultFixtures.emptyHistograms(KINDS.size());
    for (int i = 0; i < KINDS.size(); i++) {
      kinds.add(KindTotals.ZERO);
    }
    kinds.set(TransactionType.NEW_ORDER.ordinal(), ResultFixtures.outcomes(40, 1, 0));
    kinds.set(TransactionType.PAYMENT.ordinal(), ResultFixtures.outcomes(59, 0, 2));
    latencies.get(TransactionType.NEW_ORDER.ordinal()).recordValueWithCount(5_000, 41);
    latencies.get(TransactionType.PAYMENT.ordinal()).recordValueWithCount(1_000, 59);
    Map<FailureCause, Long> causes = ResultFixtures.noFailures();
    causes.put(FailureCause.DEADLOCK, 1L);
    causes.put(FailureCause.SERIALIZATION, 1L);
    CounterSnapshot counters =
        new CounterSnapshot(
            new CounterTotals(100, 1_000, 1_000, 200, 2, 0, 300_000_000L),
            kinds,
            causes,
            List.of(new ThreadTotals(100, 300_000_000L, 0, 0)));
    return new RunResult(KINDS, 10, 0, counters, latencies, outages, ending);
  }
}
