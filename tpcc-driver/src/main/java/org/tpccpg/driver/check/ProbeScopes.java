package org.tpccpg.driver.check;

import org.tpccpg.core.check.CheckScope;

/**
 * Which warehouses each consistency probe of a run looks at: a range of at most {@value
 * #WAREHOUSES} warehouses of one table set, the next range each time, set after set, around again
 * at the end, so that each probe stays cheap and a long run covers the whole data set. Pure.
 */
final class ProbeScopes {
  static final int WAREHOUSES = 10;

  private final int tableSets;
  private final int warehousesPerSet;

  ProbeScopes(int tableSets, int warehousesPerSet) {
    if (tableSets < 1 || warehousesPerSet < 1) {
      throw new IllegalArgumentException(
          "tableSets and warehousesPerSet must be >= 1 but were "
              + tableSets
              + " and "
              + warehousesPerSet);
    }
    this.tableSets = tableSets;
    this.warehousesPerSet = warehousesPerSet;
  }

  /** The scope of probe {@code n}, from 0. */
  CheckScope scope(long n) {
    int rangesPerSet = (warehousesPerSet + WAREHOUSES - 1) / WAREHOUSES;
    long slot = n % ((long) rangesPerSet * tableSets);
    int set = (int) (slot / rangesPerSet) + 1;
    int first = (int) (slot % rangesPerSet) * WAREHOUSES + 1;
    return new CheckScope(set, first, Math.min(warehousesPerSet, first + WAREHOUSES - 1));
  }
}
