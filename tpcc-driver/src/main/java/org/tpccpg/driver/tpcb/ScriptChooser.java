package org.tpccpg.driver.tpcb;

import java.util.List;
import java.util.SplittableRandom;
import org.tpccpg.driver.tpcb.script.PgPrng;
import org.tpccpg.driver.tpcb.script.PgbenchRandom;

/**
 * Draws a client's next script by weight ({@code -b name@weight}, {@code -f file@weight}), as
 * pgbench's chooseScript() does: script {@code i} with probability weight(i) / total weight. One
 * client's; not thread-safe.
 */
final class ScriptChooser {
  private final long[] cumulativeWeights; // a long, as pgbench's total_weight: weights add up
  private final SplittableRandom random; // null when drawing from pgbench's state
  private final PgPrng pgbenchState; // null when drawing from random

  /**
   * @param scripts at least one, total weight above 0 (as {@link TpcbRunConfig} checks)
   */
  ScriptChooser(List<WeightedScript> scripts, SplittableRandom random) {
    this(scripts, random, null);
  }

  /**
   * Draws from pgbench's thread state {@code ts_choose_rs} as pgbench does: the same scripts in the
   * same order as pgbench for a client that has its thread to itself.
   */
  ScriptChooser(List<WeightedScript> scripts, PgPrng pgbenchState) {
    this(scripts, null, pgbenchState);
  }

  private ScriptChooser(
      List<WeightedScript> scripts, SplittableRandom random, PgPrng pgbenchState) {
    this.cumulativeWeights = new long[scripts.size()];
    long total = 0;
    for (int i = 0; i < scripts.size(); i++) {
      total += scripts.get(i).weight();
      cumulativeWeights[i] = total;
    }
    if (total <= 0) {
      throw new IllegalArgumentException("total weight must be > 0 but was " + total);
    }
    this.random = random;
    this.pgbenchState = pgbenchState;
  }

  /** The index of the next script; draws nothing when there is one script (as pgbench). */
  int next() {
    if (cumulativeWeights.length == 1) {
      return 0;
    }
    long total = cumulativeWeights[cumulativeWeights.length - 1];
    long r;
    if (pgbenchState != null) {
      r = PgbenchRandom.uniform(pgbenchState, 0, total - 1);
    } else {
      r = total <= Integer.MAX_VALUE ? random.nextInt((int) total) : random.nextLong(total);
    }
    int i = 0;
    while (cumulativeWeights[i] <= r) {
      i++;
    }
    return i;
  }
}
