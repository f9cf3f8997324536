package org.tpccpg.driver.results;

import java.time.Instant;
import java.util.List;
import org.tpccpg.core.TpccVersion;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.metrics.RunTotals;
import org.tpccpg.driver.metrics.TpmC;
import org.tpccpg.driver.run.ConnectionMode;
import org.tpccpg.driver.run.RunConfig;

/**
 * {@code summary.json}: the options, the effective configuration, the server, the totals, tpmC and
 * the latency per transaction type of a finished (or stopped) run. Latencies come from
 * HdrHistogram, in milliseconds.
 */
final class SummaryJson {
  private SummaryJson() {}

  /**
   * @param ended when the run ended
   * @param stoppedEarly whether a signal ended it before its time or event limit
   * @param failure the error that ended the run, or null
   * @param outages the run's outages, in the order they started
   */
  static String render(
      RunDescription d,
      Instant started,
      Instant ended,
      RunTotals totals,
      boolean stoppedEarly,
      Throwable failure,
      List<OutageTracker.Outage> outages) {
    JsonWriter json = new JsonWriter().beginObject();
    json.name("tool").value("tpcc " + TpccVersion.get());
    json.name("workload").value("tpcc");
    json.name("started").value(started.toString());
    json.name("ended").value(ended.toString());
    json.name("stopped_early").value(stoppedEarly);
    json.name("error").value(failure == null ? null : String.valueOf(failure.getMessage()));
    json.name("target").value(d.target().toString());
    options(json, d);
    EffectiveConfig.write(json, EffectiveConfig.of(d.config(), d.target()));
    d.server().writeTo(json);
    totals(json, totals);
    TpmC tpmC = TpmC.of(totals);
    json.name("tpmC").value(tpmC.tpmC());
    json.name("tpmTotal").value(tpmC.tpmTotal());
    json.name("efficiency_percent").value(tpmC.efficiencyPercent());
    types(json, totals, d.config().purge());
    OutageJson.write(json, outages);
    return json.endObject().toString();
  }

  private static void options(JsonWriter json, RunDescription d) {
    RunConfig c = d.config();
    json.name("options").beginObject();
    json.name("tables").value(c.shape().tableSets());
    json.name("scale").value(c.shape().warehousesPerSet());
    json.name("threads").value(c.threads());
    json.name("time").value(c.timeSeconds());
    json.name("events").value(c.events());
    json.name("report_interval").value(c.reportIntervalSeconds());
    json.name("percentile").value(c.percentile());
    json.name("histogram").value(c.histogram());
    json.name("rate").value(c.rate());
    json.name("warmup_time").value(c.warmupSeconds());
    json.name("trx_level").value(c.isolation().name());
    json.name("db_ps_mode").value(c.statementMode().sysbenchLabel());
    json.name("statement_mode").value(c.statementMode().label());
    json.name("reconnect_per_transaction")
        .value(c.connectionMode() == ConnectionMode.PER_TRANSACTION);
    json.name("pool_size").value(c.poolSize());
    json.name("enable_purge").value(c.purge());
    json.name("report_csv").value(c.reportCsv());
    json.name("sysbench_compat").value(c.shape().sysbenchCompat());
    json.name("rand_seed").value(c.seed());
    json.name("results").value(d.directory().toString());
    json.endObject();
  }

  private static void totals(JsonWriter json, RunTotals t) {
    CounterTotals c = t.counters().total();
    double seconds = t.elapsedSeconds();
    json.name("totals").beginObject();
    json.name("elapsed_s").value(seconds);
    json.name("transactions").value(c.events());
    json.name("tps").value(c.events() / seconds);
    json.name("queries").value(c.queries());
    json.name("qps").value(c.queries() / seconds);
    json.name("reads").value(c.reads());
    json.name("writes").value(c.writes());
    json.name("others").value(c.others());
    json.name("errors").value(c.errors());
    json.name("reconnects").value(c.reconnects());
    json.name("latency").beginObject();
    LatencyJson.members(json, t.mergedLatencies(), true);
    json.endObject().endObject();
  }

  private static void types(JsonWriter json, RunTotals t, boolean purge) {
    json.name("types").beginObject();
    for (TransactionType kind : TransactionType.values()) {
      if (kind == TransactionType.PURGE && !purge) {
        continue;
      }
      KindTotals k = t.counters().kind(kind);
      json.name(kind.label()).beginObject();
      json.name("completed").value(k.completed());
      json.name("commits").value(k.commits());
      json.name("rollbacks").value(k.rollbacks());
      json.name("errors").value(k.errors());
      json.name("latency").beginObject();
      LatencyJson.members(json, t.latencies().get(kind), true);
      json.endObject().endObject();
    }
    json.endObject();
  }
}
