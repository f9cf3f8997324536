package org.tpccpg.driver.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.tpccpg.core.TpccConstants;
import org.tpccpg.core.tpcc.TerminalTimes;

/**
 * Spec mode's settings beside the {@link RunConfig}: ten terminals per warehouse with keying and
 * think times (TPC-C 5.2.5), deferred Delivery (2.7.2) and the response-time limits (5.2.5.3).
 *
 * @param times the keying and think times, with their multipliers
 * @param warehouses whose terminals run (ten each); the home warehouses' count for a TPC-C run.
 *     More or fewer is a test setting (home warehouses wrap around), not a TPC-C run
 * @param homeWarehouses the warehouses terminals are at home on, over all table sets: the data
 *     set's, or a scale-out driver's range of each set ({@code --warehouses=FROM-TO})
 * @param deliveryExecutors background threads running the deferred Deliveries, >= 1
 * @param limitSeconds the 90th-percentile limit per kind of {@link SpecRun#KINDS}, in seconds
 */
public record SpecConfig(
    TerminalTimes times,
    int warehouses,
    int homeWarehouses,
    int deliveryExecutors,
    List<Double> limitSeconds) {
  /**
   * TPC-C 5.2.5.3's 90th-percentile response-time limits, in {@link SpecRun#KINDS} order: 5 s for
   * New-Order, Payment, Order-Status and Delivery's queueing, 20 s for Stock-Level; and 80 s for
   * the deferred Delivery's completion (2.7.2.2, 5.2.5.3).
   */
  public static final List<Double> SPECIFIED_LIMITS = List.of(5.0, 5.0, 5.0, 5.0, 20.0, 80.0);

  /** Validates the settings. */
  public SpecConfig {
    Objects.requireNonNull(times, "times");
    limitSeconds = List.copyOf(limitSeconds);
    if (warehouses < 1 || warehouses > TpccConstants.MAX_WAREHOUSE_ID) {
      throw new IllegalArgumentException(
          "warehouses must be in 1.." + TpccConstants.MAX_WAREHOUSE_ID + " but was " + warehouses);
    }
    if (homeWarehouses < 1) {
      throw new IllegalArgumentException("homeWarehouses must be >= 1 but was " + homeWarehouses);
    }
    if (deliveryExecutors < 1) {
      throw new IllegalArgumentException(
          "deliveryExecutors must be >= 1 but was " + deliveryExecutors);
    }
    if (limitSeconds.size() != SPECIFIED_LIMITS.size()
        || limitSeconds.stream().anyMatch(l -> !(l > 0) || l.isInfinite())) {
      throw new IllegalArgumentException(
          "limitSeconds must hold "
              + SPECIFIED_LIMITS.size()
              + " limits above 0 but was "
              + limitSeconds);
    }
  }

  /** The specified settings for {@code homeWarehouses}: a TPC-C run's. */
  public static SpecConfig specified(int homeWarehouses) {
    return new SpecConfig(
        TerminalTimes.SPECIFIED, homeWarehouses, homeWarehouses, 1, SPECIFIED_LIMITS);
  }

  /** Terminals in the run: ten per warehouse (TPC-C 5.2.1). */
  public int terminals() {
    return warehouses * TpccConstants.DISTRICTS_PER_WAREHOUSE;
  }

  /**
   * What keeps this run from being a TPC-C run by its settings alone (the verdict adds what the run
   * itself missed), one reason each; empty when none.
   */
  public List<String> notTpccReasons() {
    List<String> reasons = new ArrayList<>();
    if (times.keyingMultiplier() != 1 || times.thinkMultiplier() != 1) {
      reasons.add(
          "keying multiplier "
              + times.keyingMultiplier()
              + " and think multiplier "
              + times.thinkMultiplier()
              + " (TPC-C 5.2.5 asks for 1)");
    }
    if (warehouses != homeWarehouses) {
      reasons.add(
          warehouses
              + " warehouses' terminals over a data set of "
              + homeWarehouses
              + " (--spec-warehouses, a test setting)");
    }
    if (!limitSeconds.equals(SPECIFIED_LIMITS)) {
      reasons.add(
          "response-time limits "
              + limitSeconds
              + " instead of TPC-C 5.2.5.3's "
              + SPECIFIED_LIMITS
              + " (--spec-limit, a test setting)");
    }
    return reasons;
  }
}
