package org.tpccpg.driver.results;

import java.time.Instant;
import java.util.Locale;
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
    json.name("schema_version").value(ResultsFiles.SCHEMA_VERSION);
    json.name("tool").value("tpcc " + TpccVersion.get());
    json.name("commit").value(TpccVersion.commit());
    json.name("workload").value(description.workload());
    json.name("started").value(started.toString());
    json.name("ended").value(ended.toString());
    json.name("stopped_early").value(ending.stoppedEarly());
    json.name("aborted").value(ending.clientsFailed() > 0);
    json.name("clients_aborted").value(ending.clientsFailed());
    json.name("error").value(ending.error());
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

  /** The checkpoints and WAL over the run: {@link ServerTotals}. */
  private static void serverActivity(JsonWriter json, ServerTotals.Snapshot server) {
    json.name("server_activity").beginObject();
    json.name("intervals").value(server.intervals());
    json.name("checkpoints");
    nullable(json, server.checkpoints());
    json.name("checkpoints_requested");
    nullable(json, server.checkpointsRequested());
    json.name("wal_bytes");
    nullable(json, server.walBytes());
    json.endObject();
  }

  private static void nullable(JsonWriter json, Long value) {
    if (value == null) {
      json.nullValue();
    } else {
      json.value(value);
    }
  }

  /** pgbench's failure, retry and skip counters, and ours by cause. */
  static void failures(JsonWriter json, KindTotals k) {
    json.name("failed").value(k.failed());
    json.name("serialization_failures").value(k.serializationFailures());
    json.name("deadlock_failures").value(k.deadlockFailures());
    json.name("retried").value(k.retried());
    json.name("retries").value(k.retries());
    json.name("skipped").value(k.skipped());
    json.name("late").value(k.late());
  }

  private static void totals(JsonWriter json, RunResult r) {
    CounterTotals c = r.counters().total();
    KindTotals k = r.counters().allKinds();
    json.name("totals").beginObject();
    json.name("clients").value(r.clients());
    json.name("elapsed_s").value(r.elapsedSeconds());
    json.name("connection_ms").value(r.connectionMillis());
    json.name("transactions").value(c.events());
    json.name("tps").value(r.perSecond(c.events()));
    json.name("queries").value(c.queries());
    json.name("qps").value(r.perSecond(c.queries()));
    json.name("reads").value(c.reads());
    json.name("writes").value(c.writes());
    json.name("others").value(c.others());
    json.name("errors").value(c.errors());
    json.name("reconnects").value(c.reconnects());
    failures(json, k);
    json.name("failed_tries_by_cause").beginObject();
    for (FailureCause cause : FailureCause.values()) {
      json.name(cause.name().toLowerCase(Locale.ROOT)).value(r.counters().tryFailures(cause));
    }
    json.endObject();
    // exact, as sysbench's "sum" and "avg" lines print them; the histograms round to 3 digits
    json.name("latency_sum_ms").value(c.latencySumNanos() / 1e6);
    FairnessJson.write(json, Fairness.of(r.counters().perThread()));
    json.name("latency_stddev_ms").value(k.stddevMillis());
    json.name("lag_avg_ms").value(k.averageLagMillis());
    json.name("lag_max_ms").value(k.lagMaxMillis());
    r.workloadCounts().forEach((name, count) -> json.name(name).value(count));
    json.name("latency").beginObject();
    latency(json, r.mergedLatencies(), true);
    json.endObject().endObject();
  }

  private static void kinds(JsonWriter json, RunResult r) {
    json.name("kinds").beginObject();
    for (int i = 0; i < r.kinds().size(); i++) {
      KindTotals k = r.kind(i);
      json.name(r.kinds().get(i)).beginObject();
      json.name("completed").value(k.completed());
      json.name("commits").value(k.commits());
      json.name("rollbacks").value(k.rolledBack());
      json.name("errors").value(k.tryFailures());
      json.name("tps").value(r.perSecond(k.completed()));
      failures(json, k);
      json.name("latency").beginObject();
      latency(json, r.latencies().get(i), true);
      json.endObject().endObject();
    }
    json.endObject();
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
