package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;

import org.tpccpg.core.WarehouseRange;

/**
 * Where a TPC-C terminal is bound for the whole run (TPC-C 2.8.1.1, 5.2.1): its home warehouse,
 * within a table set, and the district its Stock-Levels examine. Ten terminals share a warehouse,
 * one per district.
 *
 * @param tableSet the table set, from 1
 * @param warehouseId W_ID of the home warehouse
 * @param districtId the terminal's own district, 1..10
 */
public record TerminalHome(int tableSet, int warehouseId, int districtId) {
  /** Validates the components. */
  public TerminalHome {
    InputChecks.tableSet(tableSet);
    InputChecks.warehouse("warehouseId", warehouseId);
    InputChecks.district("districtId", districtId);
  }

  /**
   * The home of terminal {@code index} (0-based) of a run with ten terminals per warehouse over
   * {@code shape}'s home warehouses ({@link WorkloadShape#homeWarehouses()}: all of them, or one
   * driver's range of a scale-out run): terminals 0..9 on the range's first warehouse of set 1,
   * districts 1..10, then the next warehouse, set after set. An index beyond the range's terminals
   * wraps around (a test run with more terminals than the data set has warehouses for: not a TPC-C
   * run).
   */
  public static TerminalHome ofTerminal(int index, WorkloadShape shape) {
    if (index < 0) {
      throw new IllegalArgumentException("index must be >= 0 but was " + index);
    }
    WarehouseRange homes = shape.homeWarehouses();
    int warehouse = (index / DISTRICTS_PER_WAREHOUSE) % (shape.tableSets() * homes.size());
    return new TerminalHome(
        warehouse / homes.size() + 1,
        homes.first() + warehouse % homes.size(),
        index % DISTRICTS_PER_WAREHOUSE + 1);
  }
}
