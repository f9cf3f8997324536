package org.tpccpg.driver.results;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.driver.check.ProbeTotals;
import org.tpccpg.driver.durability.LedgerTotals;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.FailureCause;
import org.tpccpg.driver.metrics.Fairness;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.serverstats.HealthTotals;
import org.tpccpg.driver.serverstats.ServerTotals;
import org.tpccpg.driver.verdict.RunVerdict;

/**
 * {@code summary.json}, the same shape for every workload: how the run ended, what the workload
 * says about its set-up (see {@link SummaryDescription}), the totals, the workload's own figures,
 * the figures per kind, the outages and the stability windows. Latencies come from HdrHistogram, in
 * milliseconds.
 */
public final class SummaryJson {
  private static final double[] PERCENTILES = {50, 90, 95, 99};
  private static final String[] PERCENTILE_NAMES = {"p50_ms", "p90_ms", "p95_ms", "p99_ms"};

  private SummaryJson() {}

  /**
   * What the summary has besides the clients' figures.
   *
   * @param server what the server did over the run, or null without server statistics (then no
   *     {@code server_activity})
   * @param health the run's health readings, or null without server statistics
   * @param probes the consistency probes' totals, or null without {@code --check-every}
   * @param durability the durability ledger's totals, or null when the run kept none
   * @param dipCauses what the server statistics name as each dip's causes
   * @param verdict the run's verdict
   */
  record Extras(
      ServerTotals.Snapshot server,
      HealthTotals.Snapshot health,
      ProbeTotals.Snapshot probes,
      LedgerTotals durability,
      DipCauses dipCauses,
      RunVerdict verdict) {}

  static String render(
      SummaryDescription description,
      Instant started,
      Instant ended,
      RunResult result,
      Extras extras) {
    RunResult.Ending ending = result.ending();
    JsonWriter json = new JsonWriter().beginObject();
    head(
        json,
        new SummaryFigures.Head(
            description.workload(),
            started,
            ended,
            ending.stoppedEarly(),
            ending.clientsFailed() > 0,
            ending.clientsFailed(),
            ending.error()));
    description.describe(json);
    totals(json, result);
    if (extras.server() != null) {
      serverActivity(json, extras.server());
    }
    if (extras.health() != null) {
      HealthJson.summary(json, extras.health());
    }
    if (extras.probes() != null) {
      ProbeJson.summary(json, extras.probes());
    }
    if (extras.durability() != null) {
      DurabilityJson.summary(json, extras.durability());
    }
    description.figures(json, result);
    kinds(json, result);
    OutageJson.write(json, result.outages());
    StabilityJson.write(json, result.stability(), extras.dipCauses());
    VerdictJson.write(json, extras.verdict());
    return json.endObject().toString();
  }

  /** The members a summary opens with: its schema, the tool, and how the run went. */
  public static void head(JsonWriter json, SummaryFigures.Head head) {
    json.name("schema_version").value(ResultsFiles.SCHEMA_VERSION);
    json.name("tool").value("tpcc " + TpccVersion.get());
    json.name("commit").value(TpccVersion.commit());
    json.name("workload").value(head.workload());
    json.name("started").value(head.started().toString());
    json.name("ended").value(head.ended().toString());
    json.name("stopped_early").value(head.stoppedEarly());
    json.name("aborted").value(head.aborted());
    json.name("clients_aborted").value(head.clientsAborted());
    json.name("error").value(head.error());
  }

  /** The checkpoints and WAL over the run: {@link ServerTotals}. */
  private static void serverActivity(JsonWriter json, ServerTotals.Snapshot server) {
    json.name("server_activity").beginObject();
    json.name("intervals").value(server.intervals());
    json.name("checkpoints").value(server.checkpoints());
    json.name("checkpoints_requested").value(server.checkpointsRequested());
    json.name("wal_bytes").value(server.walBytes());
    json.endObject();
  }

  /** pgbench's failure, retry and skip counters. */
  static void failures(JsonWriter json, SummaryFigures.Failures f) {
    json.name("failed").value(f.failed());
    json.name("serialization_failures").value(f.serializationFailures());
    json.name("deadlock_failures").value(f.deadlockFailures());
    json.name("retried").value(f.retried());
    json.name("retries").value(f.retries());
    json.name("skipped").value(f.skipped());
    json.name("late").value(f.late());
  }

  private static void totals(JsonWriter json, RunResult r) {
    CounterTotals c = r.counters().total();
    KindTotals k = r.counters().allKinds();
    Map<String, Long> byCause = new LinkedHashMap<>();
    for (FailureCause cause : FailureCause.values()) {
      byCause.put(cause.name().toLowerCase(Locale.ROOT), r.counters().tryFailures(cause));
    }
    totals(
        json,
        new SummaryFigures.Totals(
            r.clients(),
            r.elapsedSeconds(),
            r.connectionMillis(),
            c.events(),
            r.perSecond(c.events()),
            c.queries(),
            r.perSecond(c.queries()),
            c.reads(),
            c.writes(),
            c.others(),
            c.errors(),
            c.reconnects(),
            SummaryFigures.Failures.of(k),
            byCause,
            c.latencySumNanos() / 1e6,
            Fairness.of(r.counters().perThread()),
            k.stddevMillis(),
            k.averageLagMillis(),
            k.lagMaxMillis(),
            r.workloadCounts(),
            r.mergedLatencies()));
  }

  /** {@code "totals": {...}}, a run's or a merge's. */
  public static void totals(JsonWriter json, SummaryFigures.Totals t) {
    json.name("totals").beginObject();
    json.name("clients").value(t.clients());
    json.name("elapsed_s").value(t.elapsedSeconds());
    json.name("connection_ms").value(t.connectionMillis());
    json.name("transactions").value(t.transactions());
    json.name("tps").value(t.tps());
    json.name("queries").value(t.queries());
    json.name("qps").value(t.qps());
    json.name("reads").value(t.reads());
    json.name("writes").value(t.writes());
    json.name("others").value(t.others());
    json.name("errors").value(t.errors());
    json.name("reconnects").value(t.reconnects());
    failures(json, t.failures());
    json.name("failed_tries_by_cause").beginObject();
    t.failedTriesByCause().forEach((cause, count) -> json.name(cause).value(count));
    json.endObject();
    json.name("latency_sum_ms").value(t.latencySumMillis());
    if (t.fairness() != null) {
      FairnessJson.write(json, t.fairness());
    }
    json.name("latency_stddev_ms").value(t.latencyStddevMillis());
    json.name("lag_avg_ms").value(t.lagAvgMillis());
    json.name("lag_max_ms").value(t.lagMaxMillis());
    t.workloadCounts().forEach((name, count) -> json.name(name).value(count));
    json.name("latency").beginObject();
    latency(json, t.latency(), true);
    json.endObject().endObject();
  }

  private static void kinds(JsonWriter json, RunResult r) {
    json.name("kinds").beginObject();
    for (int i = 0; i < r.kinds().size(); i++) {
      KindTotals k = r.kind(i);
      kind(
          json,
          r.kinds().get(i),
          new SummaryFigures.Kind(
              k.completed(),
              k.commits(),
              k.rolledBack(),
              k.tryFailures(),
              r.perSecond(k.completed()),
              SummaryFigures.Failures.of(k),
              r.latencies().get(i)));
    }
    json.endObject();
  }

  /** One kind's object in {@code "kinds"}, a run's or a merge's. */
  public static void kind(JsonWriter json, String label, SummaryFigures.Kind k) {
    json.name(label).beginObject();
    json.name("completed").value(k.completed());
    json.name("commits").value(k.commits());
    json.name("rollbacks").value(k.rollbacks());
    json.name("errors").value(k.errors());
    json.name("tps").value(k.tps());
    failures(json, k.failures());
    json.name("latency").beginObject();
    latency(json, k.latency(), true);
    json.endObject().endObject();
  }

  /**
   * A microsecond histogram's latency figures as members of an open object, in milliseconds: {@code
   * count}, then {@code avg_ms} when asked, the percentiles and {@code max_ms}; the latencies are
   * null when the histogram is empty. The summary's {@code latency} objects, and an interval line's
   * per kind ({@link IntervalJson}, merge's too).
   */
  public static void latency(JsonWriter json, Histogram micros, boolean withAverage) {
    long count = micros.getTotalCount();
    json.name("count").value(count);
    if (withAverage) {
      json.name("avg_ms");
      millis(json, count, micros.getMean());
    }
    for (int i = 0; i < PERCENTILES.length; i++) {
      json.name(PERCENTILE_NAMES[i]);
      millis(json, count, micros.getValueAtPercentile(PERCENTILES[i]));
    }
    json.name("max_ms");
    millis(json, count, micros.getMaxValue());
  }

  private static void millis(JsonWriter json, long count, double micros) {
    if (count == 0) {
      json.nullValue();
    } else {
      json.value(micros / 1e3);
    }
  }
}
