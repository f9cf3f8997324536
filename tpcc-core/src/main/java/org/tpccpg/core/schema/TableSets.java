package org.tpccpg.core.schema;

/** Checks table-set numbers (sysbench-tpcc's {@code --tables}): sets are numbered from 1. */
public final class TableSets {
  private TableSets() {}

  public static int requireValid(int set) {
    if (set < 1) {
      throw new IllegalArgumentException("table set must be >= 1 but was " + set);
    }
    return set;
  }
}
