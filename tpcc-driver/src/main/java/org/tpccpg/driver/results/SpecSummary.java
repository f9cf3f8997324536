package org.tpccpg.driver.results;

import java.util.Objects;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.SpecOutcome;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.metrics.SpecVerdict;
import org.tpccpg.driver.metrics.SteadyState;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.spec.SpecKinds;

/**
 * What {@code summary.json} says about a spec-mode TPC-C run: {@link TpccSummary}'s description,
 * tpmC with the real efficiency, the mix, and a {@code spec} object with the settings, the verdict
 * per constraint, the deferred Deliveries, the scheduling lag and whether (and why not) this is a
 * TPC-C result.
 */
public final class SpecSummary implements SummaryDescription {
  private final TpccSummary tpcc;
  private final Supplier<SpecOutcome> outcome;

  /**
   * @param outcome the run's outcome, known when the summary is written
   */
  public SpecSummary(RunDescription description, Supplier<SpecOutcome> outcome) {
    this.tpcc = new TpccSummary(description);
    this.outcome = Objects.requireNonNull(outcome, "outcome");
  }

  @Override
  public String workload() {
    return tpcc.workload();
  }

  @Override
  public void describe(JsonWriter json) {
    tpcc.describe(json);
  }

  @Override
  public void figures(JsonWriter json, RunResult result) {
    SpecOutcome o = outcome.get();
    json.name("tpmC").value(o.tpmC().tpmC());
    json.name("tpmTotal").value(o.tpmC().tpmTotal());
    json.name("efficiency_percent").value(o.tpmC().efficiencyPercent());
    TpccSummary.mix(json, TpccMix.of(result));
    TpccSummary.roundTrips(json, result);
    json.name("spec").beginObject();
    json.name("terminals").value(o.terminals());
    json.name("warehouses").value(o.warehouses());
    json.name("keying_multiplier").value(o.keyingMultiplier());
    json.name("think_multiplier").value(o.thinkMultiplier());
    json.name("ramp_up_seconds").value(o.rampUpSeconds());
    json.name("tpcc_result").value(o.tpccResult());
    json.name("not_tpcc_result").beginArray();
    SpecReason.texts(o.notTpccReasons()).forEach(json::value);
    json.endArray();
    json.name("not_tpcc_codes").beginArray();
    o.notTpccReasons().forEach(r -> json.value(r.code()));
    json.endArray();
    json.name("verdict").value(o.verdict().met() ? "met" : "missed");
    json.name("verdict_line").value(o.verdictLine());
    json.name("limits_s").beginObject();
    for (int k = 0; k < SpecKinds.KINDS.size(); k++) {
      json.name(SpecKinds.KINDS.get(k)).value(o.limitSeconds().get(k));
    }
    json.endObject();
    steadyState(json, o.steadyState());
    constraints(json, o.verdict());
    deferredDelivery(json, o);
    millis(json, "scheduling_lag_ms", o.times().schedulingLag());
    json.name("think_mean_s").beginObject();
    for (TransactionType type : TpccMix.types()) {
      double mean = o.times().meanThinkSeconds().get(type.ordinal());
      json.name(type.label());
      if (Double.isNaN(mean)) {
        json.nullValue();
      } else {
        json.value(mean);
      }
    }
    json.endObject();
    json.name("pool_wait_avg_ms").value(o.poolWaitMillis());
    json.endObject();
  }

  private static void deferredDelivery(JsonWriter json, SpecOutcome o) {
    json.name("deferred_delivery").beginObject();
    json.name("queued").value(o.deferredQueued());
    json.name("completed").value(o.deferredCompleted());
    json.name("failed").value(o.deferredFailed());
    millis(json, "queued_ms", o.times().deliveryQueued());
    millis(json, "execution_ms", o.times().deliveryExecution());
    // 2.7.4.2, over the Deliveries queued in the measurement interval
    json.name("measured_deliveries").value(o.times().skips().deliveries());
    json.name("measured_skipping_deliveries").value(o.times().skips().skippingDeliveries());
    json.name("measured_districts_delivered").value(o.times().skips().districtsDelivered());
    json.name("measured_districts_skipped").value(o.times().skips().districtsSkipped());
    json.endObject();
  }

  /**
   * The spec block's {@code "constraints"}: each constraint's name, figures and whether it held.
   */
  public static void constraints(JsonWriter json, SpecVerdict verdict) {
    json.name("constraints").beginArray();
    for (SpecVerdict.Constraint c : verdict.constraints()) {
      json.beginObject();
      json.name("name").value(c.name());
      json.name("measured").value(c.measured());
      json.name("required").value(c.required());
      json.name("met").value(c.met());
      json.endObject();
    }
    json.endArray();
  }

  /** The steady state's windows: their length, each one's tpmC, the spread, whether steady. */
  public static void steadyState(JsonWriter json, SteadyState steady) {
    json.name("steady_state").beginObject();
    json.name("window_s").value(SteadyState.WINDOW_SECONDS);
    json.name("tpmC").beginArray();
    steady.tpmC().forEach(json::value);
    json.endArray();
    json.name("spread_percent").value(steady.spreadPercent());
    json.name("max_spread_percent").value(SteadyState.MAX_SPREAD_PERCENT);
    json.name("steady").value(steady.steady());
    json.endObject();
  }

  /** avg, p50, p90, p99 and max of a histogram in microseconds, in milliseconds. */
  private static void millis(JsonWriter json, String name, Histogram h) {
    json.name(name).beginObject();
    json.name("count").value(h.getTotalCount());
    boolean empty = h.getTotalCount() == 0;
    json.name("avg").value(empty ? 0 : h.getMean() / 1e3);
    for (int p : new int[] {50, 90, 99}) {
      json.name("p" + p).value(empty ? 0 : h.getValueAtPercentile(p) / 1e3);
    }
    json.name("max").value(empty ? 0 : h.getMaxValue() / 1e3);
    json.endObject();
  }
}
