package org.tpccpg.driver.tpcb;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws a client's next script by weight ({@code -b name@weight}), as pgbench does: script {@code
 * i} with probability weight(i) / total weight. One client's; not thread-safe.
 */
final class ScriptChooser {
  private final int[] cumulativeWeights;
  private final SplittableRandom random;

  /**
   * @param scripts at least one, total weight above 0 (as {@link TpcbRunConfig} checks)
   */
  ScriptChooser(List<WeightedScript> scripts, SplittableRandom random) {
    this.cumulativeWeights = new int[scripts.size()];
    int total = 0;
    for (int i = 0; i < scripts.size(); i++) {
      total += scripts.get(i).weight();
      cumulativeWeights[i] = total;
    }
    if (total <= 0) {
      throw new IllegalArgumentException("total weight must be > 0 but was " + total);
    }
    this.random = random;
  }

  /** The index of the next script; draws nothing when there is one script. */
  int next() {
    if (cumulativeWeights.length == 1) {
      return 0;
    }
    int r = random.nextInt(cumulativeWeights[cumulativeWeights.length - 1]);
    int i = 0;
    while (cumulativeWeights[i] <= r) {
      i++;
    }
    return i;
  }
}
