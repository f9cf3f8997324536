package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What a spec-mode run's figures (not its settings) give against a TPC-C result: a measurement
 * interval under 2 hours, no steady state, transactions failed for good, constraints missed. Used
 * for one run and for a merge of several drivers' runs. Pure.
 */
public final class SpecRunReasons {
  /** The shortest measurement interval of a TPC-C result (5.5.1.1 asks for at least 2 hours). */
  public static final long MIN_INTERVAL_SECONDS = TimeUnit.HOURS.toSeconds(2);

  private SpecRunReasons() {}

  /**
   * The reasons, in this order: interval, steady state, failures, constraints.
   *
   * @param kinds the kinds' labels
   * @param failed per kind, the transactions that failed for good
   */
  public static List<SpecReason> of(
      double measuredSeconds,
      SteadyState steady,
      List<String> kinds,
      long[] failed,
      SpecVerdict verdict) {
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
    String failures = failures(kinds, failed);
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
  public static String failures(List<String> kinds, long[] failed) {
    long total = 0;
    List<String> byKind = new ArrayList<>();
    for (int k = 0; k < failed.length; k++) {
      total += failed[k];
      if (failed[k] > 0) {
        byKind.add(kinds.get(k) + " " + failed[k]);
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
