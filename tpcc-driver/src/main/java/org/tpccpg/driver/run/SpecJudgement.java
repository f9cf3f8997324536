package org.tpccpg.driver.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.SpecOutcome;
import org.tpccpg.driver.metrics.SpecTimes;
import org.tpccpg.driver.metrics.SpecVerdict;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.metrics.TpmC;

/**
 * Judges a finished spec-mode run: each kind's 90th percentile against its limit, the mix, the
 * deferred Deliveries ({@link SpecVerdict}), tpmC with the efficiency over the terminals'
 * warehouses, and every reason the run is not a TPC-C result.
 */
final class SpecJudgement {
  private SpecJudgement() {}

  static SpecOutcome of(
      RunResult result,
      RunConfig config,
      SpecConfig spec,
      DeliveryQueue deliveries,
      SpecTimes specTimes,
      double poolWaitMillis) {
    double[] p90 = new double[SpecRun.KINDS.size()];
    long[] completed = new long[SpecRun.KINDS.size()];
    for (int k = 0; k < SpecRun.KINDS.size(); k++) {
      Histogram h = result.latencies().get(k);
      p90[k] = h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(90) / 1e6;
      completed[k] = result.kind(k).completed();
    }
    SpecVerdict verdict =
        SpecVerdict.judge(
            SpecRun.KINDS,
            p90,
            completed,
            spec.limitSeconds(),
            TpccMix.of(result),
            deliveries.queued(),
            deliveries.completed());
    List<String> reasons = new ArrayList<>(spec.notTpccReasons());
    if (result.elapsedSeconds() < TimeUnit.HOURS.toSeconds(2)) {
      reasons.add(
          String.format(
              Locale.ROOT,
              "a measurement interval of %.0f s (TPC-C asks for a steady state of at least 2 h)",
              result.elapsedSeconds()));
    }
    if (!verdict.met()) {
      reasons.add("constraints missed");
    }
    return new SpecOutcome(
        spec.terminals(),
        spec.warehouses(),
        spec.times().keyingMultiplier(),
        spec.times().thinkMultiplier(),
        config.warmupSeconds(),
        verdict,
        TpmC.of(result, spec.warehouses(), true),
        specTimes.totals(),
        poolWaitMillis,
        deliveries.queued(),
        deliveries.completed(),
        deliveries.failed(),
        reasons);
  }
}
