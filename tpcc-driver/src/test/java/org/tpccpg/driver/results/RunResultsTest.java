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
import java.util.EnumMap;
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
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.ConnectionTarget;
import org.tpccpg.driver.metrics.CounterSnapshot;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.metrics.RunTotals;
import org.tpccpg.driver.metrics.ThreadTotals;
import org.tpccpg.driver.run.RunConfig;

class RunResultsTest {
  private static final Instant START = Instant.parse("2025-03-01T12:00:00Z");
  private static final ConnectionTarget TARGET =
      new ConnectionTarget("db1", 5432, "bench", "tpcc", true);

  @TempDir Path dir;

  static RunConfig config() {
    DataSetInfo info =
        new DataSetInfo(
            1, 2, 7, new NuRandConstants(100, 200, 300), "t", true, START, true, 0, false);
    return RunConfig.builder(new WorkloadShape(1, 2, false), info)
        .threads(4)
        .timeSeconds(3600)
        .reportIntervalSeconds(1)
        .seed(42)
        .build();
  }

  private RunResults open() throws IOException {
    ServerInfo server = new ServerInfo("PostgreSQL 16.0", Map.of("fsync", "on"));
    RunDescription d = new RunDescription(config(), TARGET, server, dir);
    return RunResults.open(d, Clock.fixed(START, ZoneOffset.UTC), failure -> {});
  }

  private static Map<TransactionType, Histogram> interval(long startMillis) {
    Map<TransactionType, Histogram> perKind = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      Histogram h = new Histogram(3);
      h.setStartTimeStamp(startMillis);
      h.setEndTimeStamp(startMillis + 1_000);
      perKind.put(kind, h);
    }
    perKind.get(TransactionType.NEW_ORDER).recordValueWithCount(8_000, 10);
    perKind.get(TransactionType.PAYMENT).recordValue(2_000);
    return perKind;
  }

  private static IntervalSnapshot snapshot(long seconds) {
    return new IntervalSnapshot(seconds, 4, 11, 300, 100, 150, 50, 95, 8.13, 0.5, 0);
  }

  @Test
  void eachIntervalIsOneJsonLineWithRatesAndPerTypeLatencies() throws IOException {
    try (RunResults results = open()) {
      results.interval(snapshot(1), interval(START.toEpochMilli()));
      results.interval(snapshot(2), interval(START.toEpochMilli() + 1_000));
    }
    List<String> lines = Files.readAllLines(dir.resolve(RunResults.INTERVALS));
    assertEquals(2, lines.size());
    Map<String, Object> first = JsonParser.object(lines.get(0));
    assertEquals(1.0, first.get("seconds"));
    assertEquals(11.0, first.get("tps"));
    assertEquals(0.5, first.get("errors_per_s"));
    assertEquals("2025-03-01T12:00:00Z", first.get("time"));
    Map<?, ?> types = (Map<?, ?>) first.get("types");
    assertFalse(types.containsKey("purge"), "purge is recorded only when enabled");
    Map<?, ?> newOrder = (Map<?, ?>) types.get("new_order");
    assertEquals(10.0, newOrder.get("count"));
    assertEquals(8.0, (Double) newOrder.get("p99_ms"), 0.01);
    assertNull(((Map<?, ?>) types.get("delivery")).get("p50_ms"), "no latency without events");
  }

  @Test
  void theHlogFilesAreReadableByHdrHistogramsOwnReader() throws IOException {
    try (RunResults results = open()) {
      results.interval(snapshot(1), interval(START.toEpochMilli() + 500));
      results.interval(snapshot(2), interval(START.toEpochMilli() + 1_500));
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
          totals(), true, null, List.of(new OutageTracker.Outage(12.0, 3.5, 4, 2.0)));
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
    assertEquals(40.0 * 60 / 10, (Double) summary.get("tpmC"), 1e-9);
    Map<?, ?> newOrder = (Map<?, ?>) ((Map<?, ?>) summary.get("types")).get("new_order");
    assertEquals(40.0, newOrder.get("commits"));
    assertEquals(5.0, (Double) ((Map<?, ?>) newOrder.get("latency")).get("p50_ms"), 0.01);
    List<?> outages = (List<?>) summary.get("outages");
    assertEquals(1, outages.size());
    Map<?, ?> outage = (Map<?, ?>) outages.get(0);
    assertEquals(12.0, outage.get("start_s"));
    assertEquals(4.0, outage.get("clients"));
    assertEquals(2.0, outage.get("back_to_90_percent_after_s"));
    assertFalse(Files.exists(dir.resolve(RunResults.SUMMARY + ".partial")));
  }

  @Test
  void theSummaryCarriesTheEffectiveConfigButNeverThePassword() throws IOException {
    ConnectionSettings settings = new ConnectionSettings("db1", 5432, "bench", "S3cret-pw", "tpcc");
    ServerInfo server = new ServerInfo("PostgreSQL 16.0", Map.of());
    RunDescription d = new RunDescription(config(), settings.connectionTarget(), server, dir);
    try (RunResults results = RunResults.open(d, Clock.fixed(START, ZoneOffset.UTC), f -> {})) {
      results.writeSummary(totals(), false, null, List.of());
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

  private static RunTotals totals() {
    Map<TransactionType, KindTotals> kinds = new EnumMap<>(TransactionType.class);
    Map<TransactionType, Histogram> latencies = new EnumMap<>(TransactionType.class);
    for (TransactionType kind : TransactionType.values()) {
      kinds.put(kind, KindTotals.ZERO);
      latencies.put(kind, new Histogram(3));
    }
    kinds.put(TransactionType.NEW_ORDER, new KindTotals(40, 1, 0));
    kinds.put(TransactionType.PAYMENT, new KindTotals(59, 0, 2));
    latencies.get(TransactionType.NEW_ORDER).recordValueWithCount(5_000, 41);
    latencies.get(TransactionType.PAYMENT).recordValueWithCount(1_000, 59);
    CounterSnapshot counters =
        new CounterSnapshot(
            new CounterTotals(100, 1_000, 1_000, 200, 3, 0, 300_000_000L),
            kinds,
            List.of(new ThreadTotals(100, 300_000_000L)));
    return new RunTotals(10, 2, 95, counters, latencies);
  }
}
