package org.tpccpg.driver.results;

import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.metrics.TpmC;

/** What {@code summary.json} says about a TPC-C run besides the shared figures. */
public final class TpccSummary implements SummaryDescription {
  private final RunDescription d;

  public TpccSummary(RunDescription description) {
    this.d = description;
  }

  @Override
  public String workload() {
    return "tpcc";
  }

  @Override
  public void describe(JsonWriter json) {
    json.name("target").value(d.target().toString());
    options(json);
    EffectiveConfig.write(json, EffectiveConfig.of(d.config(), d.target()));
    d.server().writeTo(json);
  }

  @Override
  public void figures(JsonWriter json, RunResult result) {
    TpmC tpmC = TpmC.of(result, d.config().warehouses(), false);
    json.name("tpmC").value(tpmC.tpmC());
    json.name("tpmTotal").value(tpmC.tpmTotal());
    json.name("efficiency_percent");
    if (tpmC.hasEfficiency()) {
      json.value(tpmC.efficiencyPercent());
    } else {
      json.nullValue(); // without keying and think times the 12.86 per warehouse is no ceiling
    }
    mix(json, TpccMix.of(result));
    roundTrips(json, result);
  }

  /**
   * summary.json's mix members: the finished transactions per type, whether the mix meets TPC-C's
   * minimums (5.2.3) and how far it drifted; written here alone for every TPC-C summary (run, spec
   * mode, merge).
   */
  public static void mix(JsonWriter json, TpccMix mix) {
    json.name("mix").beginObject();
    for (TransactionType type : TpccMix.types()) {
      json.name(type.label()).value(mix.finished().get(type));
    }
    json.endObject();
    json.name("mix_meets_minimums").value(mix.meetsMinimums());
    json.name("mix_drift_points").value(mix.driftPoints());
  }

  /**
   * The client's round trips per kind and in all, and per completed transaction: what the modes of
   * {@code --txn-mode} differ in.
   */
  static void roundTrips(JsonWriter json, RunResult result) {
    json.name("round_trips").beginObject();
    for (int i = 0; i < result.kinds().size(); i++) {
      roundTrips(json, result.kinds().get(i), result.kind(i));
    }
    roundTrips(json, "total", result.counters().allKinds());
    json.endObject();
  }

  private static void roundTrips(JsonWriter json, String name, KindTotals k) {
    json.name(name).beginObject();
    json.name("round_trips").value(k.roundTrips());
    json.name("per_transaction").value(k.roundTripsPerTransaction());
    json.endObject();
  }

  private void options(JsonWriter json) {
    RunConfig c = d.config();
    json.name("options").beginObject();
    json.name("tables").value(c.shape().tableSets());
    json.name("scale").value(c.shape().warehousesPerSet());
    json.name("warehouses").value(c.shape().homeWarehouses().toString());
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
    json.name("txn_mode").value(c.txnMode().optionValue());
    json.name("rand_seed").value(c.seed());
    json.name("results").value(d.directory().toString());
    json.endObject();
  }
}
