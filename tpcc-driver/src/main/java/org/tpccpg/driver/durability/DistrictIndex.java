package org.tpccpg.driver.durability;

import org.tpccpg.core.spec.TpccConstants;

/**
 * Numbers every district of a data set from 0: table set, then warehouse, then district. Pure.
 *
 * @param tableSets the data set's table sets
 * @param warehousesPerSet its warehouses in each set
 */
record DistrictIndex(int tableSets, int warehousesPerSet) {
  static final int PER_WAREHOUSE = TpccConstants.DISTRICTS_PER_WAREHOUSE;

  DistrictIndex {
    if (tableSets < 1 || warehousesPerSet < 1) {
      throw new IllegalArgumentException(
          "tableSets and warehousesPerSet must be 1 or more: "
              + tableSets
              + ", "
              + warehousesPerSet);
    }
    if ((long) tableSets * warehousesPerSet * PER_WAREHOUSE > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "too many districts to number: " + tableSets + " sets of " + warehousesPerSet);
    }
  }

  /** How many districts there are. */
  int count() {
    return tableSets * warehousesPerSet * PER_WAREHOUSE;
  }

  int of(int tableSet, int warehouse, int district) {
    return ((tableSet - 1) * warehousesPerSet + (warehouse - 1)) * PER_WAREHOUSE + district - 1;
  }

  int tableSet(int index) {
    return index / (warehousesPerSet * PER_WAREHOUSE) + 1;
  }

  int warehouse(int index) {
    return index / PER_WAREHOUSE % warehousesPerSet + 1;
  }

  int district(int index) {
    return index % PER_WAREHOUSE + 1;
  }
}
