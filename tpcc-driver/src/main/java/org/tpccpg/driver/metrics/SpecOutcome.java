package org.tpccpg.driver.metrics;

import java.util.List;
import java.util.Objects;

/**
 * What a spec-mode run adds to its {@link RunResult}: the verdict, tpmC with the real efficiency,
 * the times beside the response times, the deferred Deliveries' count, and why it is not a TPC-C
 * result.
 *
 * @param terminals the terminals that ran, ten per warehouse
 * @param warehouses their warehouses (the efficiency's W)
 * @param keyingMultiplier factor on the keying times
 * @param thinkMultiplier factor on the think times
 * @param rampUpSeconds ramp-up before the measurement interval
 * @param limitSeconds the 90th-percentile limit per kind, in seconds, as the verdict judged them
 * @param verdict the constraints, met or missed
 * @param tpmC tpmC, tpmTotal and efficiency over the measurement interval
 * @param times scheduling lag and the deferred Deliveries' queueing and execution
 * @param poolWaitMillis the average wait for a pooled connection (in the response times)
 * @param deferredQueued deferred Deliveries queued over the whole run
 * @param deferredCompleted of those, the ones that committed
 * @param deferredFailed of those, the ones that failed for good
 * @param steadyState tpmC per 10-minute window of the measurement interval and their spread
 * @param notTpccReasons why the run is not a TPC-C result, one reason each
 */
public record SpecOutcome(
    int terminals,
    int warehouses,
    double keyingMultiplier,
    double thinkMultiplier,
    long rampUpSeconds,
    List<Double> limitSeconds,
    SpecVerdict verdict,
    TpmC tpmC,
    SpecTimes.Totals times,
    double poolWaitMillis,
    long deferredQueued,
    long deferredCompleted,
    long deferredFailed,
    SteadyState steadyState,
    List<SpecReason> notTpccReasons) {
  public SpecOutcome {
    Objects.requireNonNull(verdict, "verdict");
    limitSeconds = List.copyOf(limitSeconds);
    Objects.requireNonNull(tpmC, "tpmC");
    Objects.requireNonNull(times, "times");
    Objects.requireNonNull(steadyState, "steadyState");
    notTpccReasons = List.copyOf(notTpccReasons);
  }

  /** Whether this is a TPC-C result: no reason against it. */
  public boolean tpccResult() {
    return notTpccReasons.isEmpty();
  }

  /** The verdict line, saying too when the run is not a TPC-C result whatever the constraints. */
  public String verdictLine() {
    return verdictLine(verdict, notTpccReasons.size());
  }

  /**
   * {@link SpecVerdict#line()}, followed by {@code -- NOT a TPC-C result (N reasons below)} when
   * there are reasons: a MET verdict alone does not make a run a TPC-C result.
   */
  public static String verdictLine(SpecVerdict verdict, int reasons) {
    if (reasons == 0) {
      return verdict.line() + " -- a TPC-C result";
    }
    return verdict.line()
        + " -- NOT a TPC-C result ("
        + reasons
        + (reasons == 1 ? " reason" : " reasons")
        + " below)";
  }
}
