package org.tpccpg.driver.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.tpccpg.core.spec.TpccConstants;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.spec.TerminalTimes;

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
 * @param limitSeconds the 90th-percentile limit per kind of {@link SpecKinds#KINDS}, in seconds
 * @param rampUpSeconds the ramp-up before the measurement interval ({@code --warmup-time})
 * @param dataSet the data set the terminals run on
 */
public record SpecConfig(
    TerminalTimes times,
    int warehouses,
    int homeWarehouses,
    int deliveryExecutors,
    List<Double> limitSeconds,
    long rampUpSeconds,
    DataSet dataSet) {
  /**
   * What spec mode needs to know of the data set to tell whether a run on it can be a TPC-C result.
   *
   * @param warehouses its warehouses over all table sets
   * @param tableSets its table sets ({@code --tables})
   * @param tpccPopulation whether this tool loaded it (TPC-C 4.3.3.1's population with its load C
   *     recorded); false for a data set sysbench-tpcc loaded
   * @param purged whether a run with sysbench's purge deleted rows from it
   */
  public record DataSet(int warehouses, int tableSets, boolean tpccPopulation, boolean purged) {
    public DataSet {
      if (warehouses < 1 || tableSets < 1) {
        throw new IllegalArgumentException(
            "warehouses and tableSets must be >= 1 but were " + warehouses + ", " + tableSets);
      }
    }
  }

  /**
   * The shortest ramp-up a TPC-C result may have here: one steady-state window (10 min). TPC-C
   * 5.5.1 leaves the ramp-up to the sponsor as long as the measurement interval is in steady state;
   * at the specified times a terminal needs about 476 s to deal its 23-card deck once (5.2.4.2),
   * the deck's mean cycle, so a shorter ramp-up measures terminals that have not yet cycled once.
   */
  public static final long RAMP_UP_FLOOR_SECONDS = 600;

  /**
   * TPC-C 5.2.5.3's 90th-percentile response-time limits, in {@link SpecKinds#KINDS} order: 5 s for
   * New-Order, Payment, Order-Status and Delivery's queueing, 20 s for Stock-Level; and 80 s for
   * the deferred Delivery's completion (2.7.2.2, 5.2.5.3).
   */
  public static final List<Double> SPECIFIED_LIMITS = List.of(5.0, 5.0, 5.0, 5.0, 20.0, 80.0);

  /** Validates the settings. */
  public SpecConfig {
    Objects.requireNonNull(times, "times");
    Objects.requireNonNull(dataSet, "dataSet");
    limitSeconds = List.copyOf(limitSeconds);
    if (warehouses < 1 || warehouses > TpccConstants.MAX_WAREHOUSE_ID) {
      throw new IllegalArgumentException(
          "warehouses must be in 1.." + TpccConstants.MAX_WAREHOUSE_ID + " but was " + warehouses);
    }
    if (homeWarehouses < 1) {
      throw new IllegalArgumentException("homeWarehouses must be >= 1 but was " + homeWarehouses);
    }
    if (rampUpSeconds < 0) {
      throw new IllegalArgumentException("rampUpSeconds must be >= 0 but was " + rampUpSeconds);
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

  /**
   * The specified settings for a data set of {@code homeWarehouses} in one table set that this tool
   * loaded, with the floor's ramp-up: a TPC-C run's.
   */
  public static SpecConfig specified(int homeWarehouses) {
    return new SpecConfig(
        TerminalTimes.SPECIFIED,
        homeWarehouses,
        homeWarehouses,
        1,
        SPECIFIED_LIMITS,
        RAMP_UP_FLOOR_SECONDS,
        new DataSet(homeWarehouses, 1, true, false));
  }

  /** Terminals in the run: ten per warehouse (TPC-C 5.2.1). */
  public int terminals() {
    return warehouses * TpccConstants.DISTRICTS_PER_WAREHOUSE;
  }

  /**
   * What keeps this run from being a TPC-C run by its settings and data set alone (the judgement
   * adds what the run itself missed), one reason each; empty when none.
   */
  public List<SpecReason> notTpccReasons() {
    List<SpecReason> reasons = new ArrayList<>();
    // 5.2.5.7 sets minimums: a keying time of at least the one given, a mean think time of at
    // least the one given; longer times (multipliers above 1) are allowed
    if (times.keyingMultiplier() < 1 || times.thinkMultiplier() < 1) {
      reasons.add(
          new SpecReason(
              SpecReason.TIMES,
              "keying multiplier "
                  + times.keyingMultiplier()
                  + " and think multiplier "
                  + times.thinkMultiplier()
                  + " (TPC-C 5.2.5.7 sets minimums: both must be 1 or more)"));
    }
    if (warehouses != homeWarehouses) {
      reasons.add(
          new SpecReason(
              SpecReason.SPEC_WAREHOUSES,
              warehouses
                  + " warehouses' terminals over a data set of "
                  + homeWarehouses
                  + " (--spec-warehouses, a test setting)"));
    }
    if (!limitSeconds.equals(SPECIFIED_LIMITS)) {
      reasons.add(
          new SpecReason(
              SpecReason.LIMITS,
              "response-time limits "
                  + limitSeconds
                  + " instead of TPC-C 5.2.5.3's "
                  + SPECIFIED_LIMITS
                  + " (--spec-limit, a test setting)"));
    }
    dataSetReasons(reasons);
    if (rampUpSeconds < RAMP_UP_FLOOR_SECONDS) {
      reasons.add(
          new SpecReason(
              SpecReason.RAMP_UP,
              "a ramp-up of "
                  + rampUpSeconds
                  + " s (--warmup-time; at least "
                  + RAMP_UP_FLOOR_SECONDS
                  + " s, one steady-state window, for a TPC-C result)"));
    }
    return reasons;
  }

  private void dataSetReasons(List<SpecReason> reasons) {
    if (!dataSet.tpccPopulation()) {
      reasons.add(
          new SpecReason(
              SpecReason.DATA_SET,
              "a data set loaded by sysbench-tpcc (not TPC-C 4.3.3.1's population; its load C"
                  + " is unknown, so 2.1.6.1's C constraint cannot be kept)"));
    }
    if (dataSet.purged()) {
      reasons.add(
          new SpecReason(
              SpecReason.DATA_SET,
              "a data set a run with sysbench's purge changed (--enable-purge deleted orders,"
                  + " undelivered ones too, their lines and HISTORY rows: no state TPC-C's"
                  + " transactions leave, and check can no longer verify HISTORY)"));
    }
    if (dataSet.tableSets() > 1) {
      int perSet = dataSet.warehouses() / dataSet.tableSets();
      reasons.add(
          new SpecReason(
              SpecReason.TABLE_SETS,
              dataSet.tableSets()
                  + " table sets (--tables): remote warehouses are drawn inside a set of "
                  + perSet
                  + (perSet == 1
                      ? ", so no remote order line or Payment at all"
                      : " only, not over all W (TPC-C 2.4.1.5, 2.5.1.2)")));
    }
    if (warehouses == homeWarehouses && homeWarehouses < dataSet.warehouses()) {
      reasons.add(
          new SpecReason(
              SpecReason.RANGE,
              "terminals on "
                  + homeWarehouses
                  + " of the data set's "
                  + dataSet.warehouses()
                  + " warehouses only (--warehouses, one driver's share: merge the drivers'"
                  + " results for the verdict of the whole run)"));
    }
  }
}
