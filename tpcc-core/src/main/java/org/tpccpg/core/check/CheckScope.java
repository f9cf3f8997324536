package org.tpccpg.core.check;

/**
 * The data a consistency check (TPC-C 3.3.2) looks at: one table set and a range of its warehouses,
 * so that a large database can be checked in parallel, one range per connection.
 *
 * @param set the table set, from 1 (sysbench-tpcc's {@code --tables})
 * @param firstWarehouse the lowest warehouse id checked, from 1
 * @param lastWarehouse the highest warehouse id checked, at least {@code firstWarehouse}
 */
public record CheckScope(int set, int firstWarehouse, int lastWarehouse) {
  /** Validates the components. */
  public CheckScope {
    if (set < 1) {
      throw new IllegalArgumentException("set must be >= 1 but was " + set);
    }
    if (firstWarehouse < 1) {
      throw new IllegalArgumentException("firstWarehouse must be >= 1 but was " + firstWarehouse);
    }
    if (lastWarehouse < firstWarehouse) {
      throw new IllegalArgumentException(
          "lastWarehouse must be >= firstWarehouse ("
              + firstWarehouse
              + ") but was "
              + lastWarehouse);
    }
  }

  /** Warehouses 1 to {@code warehouses} of {@code set}. */
  public static CheckScope wholeSet(int set, int warehouses) {
    return new CheckScope(set, 1, warehouses);
  }
}
