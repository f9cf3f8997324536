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
 * @param verdict the constraints, met or missed
 * @param tpmC tpmC, tpmTotal and efficiency over the measurement interval
 * @param times scheduling lag and the deferred Deliveries' queueing and execution
 * @param poolWaitMillis the average wait for a pooled connection (in the response times)
 * @param deferredQueued deferred Deliveries queued over the whole run
 * @param deferredCompleted of those, the ones that committed
 * @param deferredFailed of those, the ones that failed for good
 * @param notTpccReasons why the run is not a TPC-C result, one reason each
 */
public record SpecOutcome(
    int terminals,
    int warehouses,
    double keyingMultiplier,
    double thinkMultiplier,
    long rampUpSeconds,
    SpecVerdict verdict,
    TpmC tpmC,
    SpecTimes.Totals times,
    double poolWaitMillis,
    long deferredQueued,
    long deferredCompleted,
    long deferredFailed,
    List<String> notTpccReasons) {
  public SpecOutcome {
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(tpmC, "tpmC");
    Objects.requireNonNull(times, "times");
    notTpccReasons = List.copyOf(notTpccReasons);
  }
}
