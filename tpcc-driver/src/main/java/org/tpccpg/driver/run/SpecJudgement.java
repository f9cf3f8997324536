package org.tpccpg.driver.run;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.SpecOutcome;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.metrics.SpecRunReasons;
import org.tpccpg.driver.metrics.SpecTimes;
import org.tpccpg.driver.metrics.SpecVerdict;
import org.tpccpg.driver.metrics.SteadyState;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.metrics.TpmC;
import org.tpccpg.driver.spec.SpecKinds;

/**
 * Judges a finished spec-mode run: each kind's 90th percentile against its limit, the mix, the
 * deferred Deliveries ({@link SpecVerdict}), tpmC with the efficiency over the terminals'
 * warehouses, the steady state, and every reason the run is not a TPC-C result. It does not print.
 */
final class SpecJudgement {
  private SpecJudgement() {}

  static SpecOutcome of(
      RunResult result,
      SpecConfig spec,
      DeliveryQueue deliveries,
      SpecTimes specTimes,
      double poolWaitMillis) {
    double[] p90 = new double[SpecKinds.KINDS.size()];
    long[] completed = new long[SpecKinds.KINDS.size()];
    long[] failed = new long[SpecKinds.KINDS.size()];
    for (int k = 0; k < SpecKinds.KINDS.size(); k++) {
      Histogram h = result.latencies().get(k);
      p90[k] = h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(90) / 1e6;
      completed[k] = result.kind(k).completed();
      failed[k] = result.kind(k).failed();
    }
    SpecVerdict verdict =
        SpecVerdict.judge(
            SpecKinds.KINDS,
            p90,
            completed,
            spec.limitSeconds(),
            TpccMix.of(result),
            deliveries.queued(),
            deliveries.completed());
    SteadyState steady = SteadyState.of(specTimes.newOrdersPerWindow(), result.elapsedSeconds());
    List<SpecReason> reasons = new ArrayList<>(spec.notTpccReasons());
    reasons.addAll(
        SpecRunReasons.of(result.elapsedSeconds(), steady, SpecKinds.KINDS, failed, verdict));
    return new SpecOutcome(
        spec.terminals(),
        spec.warehouses(),
        spec.times().keyingMultiplier(),
        spec.times().thinkMultiplier(),
        spec.rampUpSeconds(),
        spec.limitSeconds(),
        verdict,
        TpmC.of(result, spec.warehouses(), true),
        specTimes.totals(),
        poolWaitMillis,
        deliveries.queued(),
        deliveries.completed(),
        deliveries.failed(),
        steady,
        reasons);
  }
}
