package org.tpccpg.driver.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.SpecOutcome;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.metrics.SpecTimes;
import org.tpccpg.driver.metrics.SpecVerdict;
import org.tpccpg.driver.metrics.SteadyState;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.metrics.TpmC;

/**
 * Judges a finished spec-mode run: each kind's 90th percentile against its limit, the mix, the
 * deferred Deliveries ({@link SpecVerdict}), tpmC with the efficiency over the terminals'
 * warehouses, the steady state, and every reason the run is not a TPC-C result. It does not print.
 */
final class SpecJudgement {
  /** The shortest measurement interval of a TPC-C result (5.5.1.1 asks for at least 2 hours). */
  static final long MIN_INTERVAL_SECONDS = TimeUnit.HOURS.toSeconds(2);

  private SpecJudgement() {}

  static SpecOutcome of(
      RunResult result,
      SpecConfig spec,
      DeliveryQueue deliveries,
      SpecTimes specTimes,
      double poolWaitMillis) {
    double[] p90 = new double[SpecRun.KINDS.size()];
    long[] completed = new long[SpecRun.KINDS.size()];
    long[] failed = new long[SpecRun.KINDS.size()];
    for (int k = 0; k < SpecRun.KINDS.size(); k++) {
      Histogram h = result.latencies().get(k);
      p90[k] = h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(90) / 1e6;
      completed[k] = result.kind(k).completed();
      failed[k] = result.kind(k).failed();
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
    SteadyState steady = SteadyState.of(specTimes.newOrdersPerWindow(), result.elapsedSeconds());
    List<SpecReason> reasons = new ArrayList<>(spec.notTpccReasons());
    reasons.addAll(runReasons(result.elapsedSeconds(), steady, failed, verdict));
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

  /**
   * What the run itself (not its settings) gives against a TPC-C result: a short interval, no
   * steady state, transactions failed for good, constraints missed.
   *
   * @param failed per kind of {@link SpecRun#KINDS}, the transactions that failed for good
   */
  static List<SpecReason> runReasons(
      double measuredSeconds, SteadyState steady, long[] failed, SpecVerdict verdict) {
    List<SpecReason> reasons = new ArrayList<>();
    if (measuredSeconds < MIN_INTERVAL_SECONDS) {
      reasons.add(
          new SpecReason(
              SpecReason.INTERVAL,
              String.format(
                  Locale.ROOT,
                  "a measurement interval of %.0f s (TPC-C asks for a steady state of at least"
                      + " 2 h)",
                  measuredSeconds)));
    }
    if (steady.reason() != null) {
      reasons.add(new SpecReason(SpecReason.STEADY_STATE, steady.reason()));
    }
    String failures = failures(failed);
    if (failures != null) {
      reasons.add(new SpecReason(SpecReason.FAILED, failures));
    }
    if (!verdict.met()) {
      reasons.add(new SpecReason(SpecReason.CONSTRAINTS, "constraints missed"));
    }
    return reasons;
  }

  /**
   * The transactions that failed for good, by kind, or null for none. TPC-C counts only completed
   * business transactions (5.4); one that failed after its tries (a serialization failure or
   * deadlock under REPEATABLE READ or SERIALIZABLE, --max-tries) is work the system did not do.
   */
  static String failures(long[] failed) {
    long total = 0;
    List<String> byKind = new ArrayList<>();
    for (int k = 0; k < failed.length; k++) {
      total += failed[k];
      if (failed[k] > 0) {
        byKind.add(SpecRun.KINDS.get(k) + " " + failed[k]);
      }
    }
    if (total == 0) {
      return null;
    }
    return total
        + " transactions failed for good after their tries ("
        + String.join(", ", byKind)
        + "; see --max-tries and --trx-level)";
  }
}
