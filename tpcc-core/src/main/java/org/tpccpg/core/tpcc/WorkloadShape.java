package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.MAX_WAREHOUSE_ID;

import java.util.Objects;
import org.tpccpg.core.WarehouseRange;

/**
 * The data set a run works on and which rules it follows: the input generator draws table sets and
 * warehouses from it, and the transactions render their SQL for each table set.
 *
 * @param tableSets table sets, numbered from 1 (sysbench-tpcc's {@code --tables})
 * @param warehousesPerSet warehouses in each set (sysbench-tpcc's {@code --scale}), 1..32767
 * @param sysbenchCompat reproduce sysbench-tpcc's deviations from TPC-C (no remote warehouses,
 *     integer amounts, the rollback on the second-to-last line, the by-name row, unmaintained stock
 *     and payment counters) instead of following TPC-C 2.4 to 2.8
 * @param homeWarehouses the warehouses the run draws its home warehouses from: all of them, or one
 *     driver's share of a scale-out run. Remote warehouses (TPC-C 2.4.1.5, 2.5.1.2) are still drawn
 *     over every warehouse of the set
 */
public record WorkloadShape(
    int tableSets, int warehousesPerSet, boolean sysbenchCompat, WarehouseRange homeWarehouses) {
  /** Validates the components. */
  public WorkloadShape {
    if (tableSets < 1) {
      throw new IllegalArgumentException("tableSets must be >= 1 but was " + tableSets);
    }
    if (warehousesPerSet < 1 || warehousesPerSet > MAX_WAREHOUSE_ID) {
      throw new IllegalArgumentException(
          "warehousesPerSet must be in 1.." + MAX_WAREHOUSE_ID + " but was " + warehousesPerSet);
    }
    Objects.requireNonNull(homeWarehouses, "homeWarehouses");
    if (homeWarehouses.last() > warehousesPerSet) {
      throw new IllegalArgumentException(
          "homeWarehouses "
              + homeWarehouses
              + " reaches beyond the "
              + warehousesPerSet
              + " warehouses of a set");
    }
  }

  /**
   * A run by TPC-C's rules on {@code tableSets} sets of {@code warehousesPerSet} warehouses, every
   * warehouse a home warehouse.
   */
  public static WorkloadShape of(int tableSets, int warehousesPerSet) {
    return new WorkloadShape(
        tableSets,
        warehousesPerSet,
        false,
        WarehouseRange.all(Math.max(1, Math.min(MAX_WAREHOUSE_ID, warehousesPerSet))));
  }

  /** This shape with sysbench-tpcc's deviations from TPC-C ({@link #sysbenchCompat()}). */
  public WorkloadShape withSysbenchDeviations() {
    return new WorkloadShape(tableSets, warehousesPerSet, true, homeWarehouses);
  }

  /** This shape with its home warehouses limited to {@code homes} (one scale-out driver's). */
  public WorkloadShape withHomeWarehouses(WarehouseRange homes) {
    return new WorkloadShape(tableSets, warehousesPerSet, sysbenchCompat, homes);
  }

  /** Whether the run's home warehouses are a part of the data set only (a scale-out driver). */
  public boolean partial() {
    return !homeWarehouses.isAll(warehousesPerSet);
  }
}
