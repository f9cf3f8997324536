package org.tpccpg.core.random;

import static org.tpccpg.core.spec.TpccConstants.FORBIDDEN_C_LAST_RUN_DELTA_1;
import static org.tpccpg.core.spec.TpccConstants.FORBIDDEN_C_LAST_RUN_DELTA_2;
import static org.tpccpg.core.spec.TpccConstants.MAX_C_LAST_RUN_DELTA;
import static org.tpccpg.core.spec.TpccConstants.MIN_C_LAST_RUN_DELTA;
import static org.tpccpg.core.spec.TpccConstants.NURAND_A_C_ID;
import static org.tpccpg.core.spec.TpccConstants.NURAND_A_C_LAST;
import static org.tpccpg.core.spec.TpccConstants.NURAND_A_OL_I_ID;

import java.util.Objects;

/**
 * The three run-time constants C of the non-uniform random function NURand (TPC-C 2.1.6), one per
 * value of A. They are drawn once for the load and once for each run; all threads of a load or run
 * share the same record. TPC-C 2.1.6.1 ties the run value of C_LAST to the load value, see {@link
 * #forRun}.
 *
 * @param cLast C for A = 255 (C_LAST), in 0..255
 * @param cId C for A = 1023 (C_ID), in 0..1023
 * @param orderLineItemId C for A = 8191 (OL_I_ID), in 0..8191
 */
public record NuRandConstants(int cLast, int cId, int orderLineItemId) {

  /** Validates that each constant lies within 0..A of its field (TPC-C 2.1.6). */
  public NuRandConstants {
    requireRange("cLast", cLast, NURAND_A_C_LAST);
    requireRange("cId", cId, NURAND_A_C_ID);
    requireRange("orderLineItemId", orderLineItemId, NURAND_A_OL_I_ID);
  }

  /** Draws all three constants freely, as done once before a load (TPC-C 2.1.6). */
  public static NuRandConstants random(TpccRandom r) {
    return new NuRandConstants(
        r.uniform(0, NURAND_A_C_LAST), r.uniform(0, NURAND_A_C_ID), r.uniform(0, NURAND_A_OL_I_ID));
  }

  /**
   * Draws the constants for a run against data loaded with {@code load} (TPC-C 2.1.6.1): C_ID and
   * OL_I_ID are free, C_LAST is drawn uniformly among the values whose delta to the load value is
   * valid (see {@link #isValidRunDelta}).
   */
  public static NuRandConstants forRun(NuRandConstants load, TpccRandom r) {
    Objects.requireNonNull(load, "load");
    int cLoad = load.cLast();
    int candidates = 0;
    for (int c = 0; c <= NURAND_A_C_LAST; c++) {
      if (isValidRunDelta(cLoad, c)) {
        candidates++;
      }
    }
    // Never empty: cLoad + 65 <= 255 when cLoad <= 190, and cLoad - 65 >= 0 when cLoad >= 65.
    int pick = r.uniform(1, candidates);
    int cLast = -1;
    for (int c = 0; pick > 0; c++) {
      if (isValidRunDelta(cLoad, c)) {
        pick--;
        cLast = c;
      }
    }
    return new NuRandConstants(cLast, r.uniform(0, NURAND_A_C_ID), r.uniform(0, NURAND_A_OL_I_ID));
  }

  /**
   * Whether a run may use {@code cRun} for C_LAST against data loaded with {@code cLoad}: TPC-C
   * 2.1.6.1 requires |cRun - cLoad| in 65..119, but neither 96 nor 112.
   */
  public static boolean isValidRunDelta(int cLoad, int cRun) {
    int delta = Math.abs(cRun - cLoad);
    return delta >= MIN_C_LAST_RUN_DELTA
        && delta <= MAX_C_LAST_RUN_DELTA
        && delta != FORBIDDEN_C_LAST_RUN_DELTA_1
        && delta != FORBIDDEN_C_LAST_RUN_DELTA_2;
  }

  /**
   * Returns C for the given A (255, 1023 or 8191), as NURand needs it (TPC-C 2.1.6).
   *
   * @throws IllegalArgumentException if {@code a} is not one of the three values of the spec
   */
  public int forA(int a) {
    return switch (a) {
      case NURAND_A_C_LAST -> cLast;
      case NURAND_A_C_ID -> cId;
      case NURAND_A_OL_I_ID -> orderLineItemId;
      default ->
          throw new IllegalArgumentException("NURand A must be 255, 1023 or 8191 but was " + a);
    };
  }

  private static void requireRange(String field, int value, int max) {
    if (value < 0 || value > max) {
      throw new IllegalArgumentException(field + " must be in 0.." + max + " but was " + value);
    }
  }
}
