package org.tpccpg.driver.metrics;

import java.util.List;
import java.util.Objects;

/**
 * One reason a spec-mode run is not a TPC-C result: a stable code that {@code merge} reads to tell
 * which reasons it judges again over the merged figures, and the sentence printed. Does not judge
 * anything itself.
 *
 * @param code what kind of reason, one of the constants here
 * @param text the sentence, with the figures that gave it
 */
public record SpecReason(String code, String text) {
  /** Keying or think times below TPC-C 5.2.5.7's minimums. */
  public static final String TIMES = "times";

  /** {@code --spec-warehouses}: terminals wrapped over a data set of another size. */
  public static final String SPEC_WAREHOUSES = "spec_warehouses";

  /** {@code --spec-limit}: response-time limits other than 5.2.5.3's. */
  public static final String LIMITS = "limits";

  /** A data set sysbench-tpcc loaded: not 4.3.3.1's population, its load C unknown. */
  public static final String DATA_SET = "data_set";

  /** More than one table set: remote warehouses drawn inside a set only. */
  public static final String TABLE_SETS = "table_sets";

  /** A scale-out driver's share: the other warehouses' terminals ran elsewhere, if at all. */
  public static final String RANGE = "range";

  /** A ramp-up shorter than the floor. */
  public static final String RAMP_UP = "ramp_up";

  /** A measurement interval shorter than 2 hours. */
  public static final String INTERVAL = "interval";

  /** tpmC not steady over the measurement interval, or not shown to be. */
  public static final String STEADY_STATE = "steady_state";

  /** Transactions that failed for good. */
  public static final String FAILED = "failed";

  /** Constraints of the verdict missed. */
  public static final String CONSTRAINTS = "constraints";

  /**
   * The reasons {@code merge} judges again over the merged figures rather than carry over from a
   * driver: a driver's share, its interval, steady state, failures and constraints are its own, the
   * merged run's are the merged figures'.
   */
  public static final List<String> JUDGED_AGAIN_BY_MERGE =
      List.of(RANGE, INTERVAL, STEADY_STATE, FAILED, CONSTRAINTS);

  public SpecReason {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(text, "text");
  }

  /** The sentences of {@code reasons}, in order. */
  public static List<String> texts(List<SpecReason> reasons) {
    return reasons.stream().map(SpecReason::text).toList();
  }
}
