package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.connect.ConnectionTarget;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.FailureCause;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.KindLatencies;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.RunResults;
import org.tpccpg.driver.results.ServerInfo;

/** The files a TPC-B run records: one JSON line and one histogram per script per interval. */
class TpcbResultsTest {
  private static final Instant START = Instant.parse("2026-01-02T03:04:05Z");
  private static final ServerInfo SERVER =
      new ServerInfo("PostgreSQL 15.18", Map.of("fsync", "on"));

  @TempDir Path dir;

  private static TpcbRunConfig config(List<WeightedScript> scripts) {
    return new TpcbRunConfig(
        scripts,
        4,
        2,
        60,
        0,
        StatementMode.PREPARED,
        false,
        1,
        false,
        42,
        VacuumMode.DEFAULT,
        new RunLimits(3, false, 0, 0, false),
        TxnLogOptions.NONE,
        List.of(),
        0,
        Pgbench15.MESSAGES);
  }

  private static final List<WeightedScript> TWO_SCRIPTS =
      List.of(
          new WeightedScript(BuiltinScript.TPCB_LIKE, 3),
          new WeightedScript(BuiltinScript.SELECT_ONLY, 1));

  private static final long SECOND = 1_000_000_000L;

  private final ClientCounters client = new ClientCounters(TWO_SCRIPTS.size());
  private final KindLatencies latencies = new KindLatencies(TWO_SCRIPTS.size());
  private final IntervalSampler sampler =
      new IntervalSampler(TpcbSummary.scriptLabels(TWO_SCRIPTS), List.of(client), latencies, 0);
  private long now;

  private RunResults open(List<WeightedScript> scripts) throws IOException {
    TpcbSummary summary =
        new TpcbSummary(
            config(scripts),
            new TpcbRecording(dir, new ConnectionTarget("db1", 5432, "bench", "pgbench", true)),
            SERVER,
            new TpcbDatabase(10, "", 0, "15.18"));
    return RunResults.open(
        dir,
        summary,
        TpcbSummary.scriptLabels(scripts),
        0,
        Clock.fixed(START.plusSeconds(1), ZoneOffset.UTC),
        failure -> {});
  }

  /** A transaction of {@code script} that took {@code micros}, as the engine records it. */
  private void completed(int script, long micros, int tries) {
    client.completed(script, micros * 1_000, 0, tries, true, false);
    latencies.record(script, micros * 1_000);
  }

  private Interval nextSecond() {
    now += SECOND;
    return sampler.sample(() -> now);
  }

  private List<Map<String, Object>> intervals() throws IOException {
    return Files.readAllLines(dir.resolve(ResultsFiles.INTERVALS)).stream()
        .map(JsonParser::object)
        .toList();
  }

  @Test
  void repeatedBuiltinsGetTheirPositionInTheirLabel() {
    List<WeightedScript> scripts =
        List.of(
            new WeightedScript(BuiltinScript.TPCB_LIKE, 1),
            new WeightedScript(BuiltinScript.SELECT_ONLY, 1),
            new WeightedScript(BuiltinScript.TPCB_LIKE, 2));
    assertEquals(
        List.of("tpcb-like-1", "select-only", "tpcb-like-3"), TpcbSummary.scriptLabels(scripts));
  }

  @Test
  void eachIntervalIsOneJsonLineAndOneHistogramPerScript() throws IOException {
    try (RunResults results = open(TWO_SCRIPTS)) {
      completed(0, 2_000, 1);
      completed(0, 4_000, 3);
      completed(1, 100, 1);
      client.tryFailed(0, FailureCause.SERIALIZATION, true);
      client.tryFailed(0, FailureCause.SERIALIZATION, true);
      client.tryFailed(0, FailureCause.SERIALIZATION, false);
      client.failed(0, FailureCause.SERIALIZATION, 2);
      client.reconnected();
      client.reconnected();
      results.interval(nextSecond());
      results.interval(nextSecond());
    }
    List<Map<String, Object>> lines = intervals();
    assertEquals(2, lines.size());
    Map<String, Object> first = lines.get(0);
    assertEquals("2026-01-02T03:04:06Z", first.get("time"));
    assertEquals(3.0, first.get("transactions"));
    assertEquals(3.0, first.get("tps"));
    assertEquals(1.0, first.get("failed"));
    assertEquals(1.0, first.get("serialization_failures"));
    assertEquals(2.0, first.get("retried"));
    assertEquals(2.0, first.get("retries"));
    assertEquals(2.0, first.get("reconnects"));
    assertFalse(first.containsKey("percentile"), "pgbench has no report percentile");
    Map<?, ?> scripts = (Map<?, ?>) first.get("kinds");
    Map<?, ?> tpcb = (Map<?, ?>) scripts.get("tpcb-like");
    assertEquals(2.0, tpcb.get("count"));
    assertEquals(4.0, (Double) tpcb.get("max_ms"), 0.01);
    assertEquals(1.0, ((Map<?, ?>) scripts.get("select-only")).get("count"));
    Map<?, ?> empty = (Map<?, ?>) ((Map<?, ?>) lines.get(1).get("kinds")).get("select-only");
    assertEquals(0.0, empty.get("count"));
    assertNull(empty.get("p99_ms"), "no latency in an empty interval");
    for (String label : List.of("tpcb-like", "select-only")) {
      HistogramLogReader reader = new HistogramLogReader(dir.resolve(label + ".hlog").toFile());
      assertEquals(
          label.equals("tpcb-like") ? 2 : 1,
          ((Histogram) reader.nextIntervalHistogram()).getTotalCount());
      assertEquals(0, ((Histogram) reader.nextIntervalHistogram()).getTotalCount());
      assertNull(reader.nextIntervalHistogram());
    }
  }

  @Test
  void theSummaryHasTheOptionsServerTotalsScriptsAndOutagesAndCountsTheLastPartialInterval()
      throws IOException {
    try (RunResults results = open(TWO_SCRIPTS)) {
      completed(0, 2_000, 1);
      results.interval(nextSecond());
      completed(0, 6_000, 1); // after the last interval, before the end
      client.reconnected();
      RunResult result =
          sampler.result(
              2 * SECOND,
              5.5,
              List.of(new OutageTracker.Outage(4.0, 1.5, 4, -1)),
              new RunResult.Ending(true, 0, null));
      results.writeSummary(result);
    }
    Map<String, Object> summary =
        JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
    assertEquals("tpcb", summary.get("workload"));
    assertEquals(true, summary.get("stopped_early"));
    assertEquals(false, summary.get("aborted"));
    assertEquals("bench@db1:5432/pgbench", summary.get("target"));
    assertEquals(10.0, summary.get("scale"));
    Map<?, ?> options = (Map<?, ?>) summary.get("options");
    assertEquals(List.of("tpcb-like@3", "select-only@1"), options.get("builtins"));
    assertEquals("prepared", options.get("protocol"));
    assertEquals(3.0, options.get("max_tries"));
    assertEquals("42", options.get("random_seed"));
    assertEquals("********", ((Map<?, ?>) summary.get("config")).get("password"));
    assertEquals("PostgreSQL 15.18", ((Map<?, ?>) summary.get("server")).get("version"));
    Map<?, ?> totals = (Map<?, ?>) summary.get("totals");
    assertEquals(2.0, totals.get("transactions"));
    assertEquals(1.0, totals.get("tps"));
    assertEquals(1.0, totals.get("reconnects"));
    assertEquals(5.5, totals.get("connection_ms"));
    assertEquals(4.0, (Double) ((Map<?, ?>) totals.get("latency")).get("avg_ms"), 0.01);
    Map<?, ?> tpcb = (Map<?, ?>) ((Map<?, ?>) summary.get("kinds")).get("tpcb-like");
    assertEquals(
        2.0,
        ((Map<?, ?>) tpcb.get("latency")).get("count"),
        "the transaction after the last interval is in the script's latencies");
    List<?> outages = (List<?>) summary.get("outages");
    assertEquals(1, outages.size());
    Map<?, ?> outage = (Map<?, ?>) outages.get(0);
    assertEquals(1.5, outage.get("duration_s"));
    assertTrue(outage.containsKey("back_to_90_percent_after_s"));
    assertNull(outage.get("back_to_90_percent_after_s"), "not back within the run");
  }

  @Test
  void aRunThatFailsBeforeItsFirstIntervalLeavesNoFilesBehind() throws IOException {
    RunResults results = open(TWO_SCRIPTS);
    SQLException failure = new SQLException("connection refused", "08001");
    results.discardIfEmpty(failure);
    assertEquals(0, failure.getSuppressed().length);
    try (var left = Files.list(dir)) {
      assertEquals(List.of(), left.toList());
    }
  }

  @Test
  void aRunWithRecordedIntervalsKeepsItsFilesWhenItFails() throws IOException {
    RunResults results = open(TWO_SCRIPTS);
    results.interval(nextSecond());
    results.discardIfEmpty(new SQLException("gone", "08006"));
    assertEquals(1, intervals().size());
    assertTrue(Files.exists(dir.resolve("tpcb-like.hlog")));
  }
}
