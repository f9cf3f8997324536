package org.tpccpg.core;

import static org.tpccpg.core.spec.TpccConstants.MAX_WAREHOUSE_ID;

/**
 * The warehouses {@code FIRST..LAST} (both included) of each table set that one driver of a
 * scale-out run loads, or whose home warehouses its clients draw: several drivers split one data
 * set by warehouse range, each on its own machine.
 *
 * @param first the first warehouse, from 1
 * @param last the last warehouse, at least {@code first}, at most 32767 (w_id is a smallint)
 */
public record WarehouseRange(int first, int last) {
  /** Validates the bounds. */
  public WarehouseRange {
    if (first < 1 || last < first || last > MAX_WAREHOUSE_ID) {
      throw new IllegalArgumentException(
          "a warehouse range must be FROM-TO with 1 <= FROM <= TO <= "
              + MAX_WAREHOUSE_ID
              + " but was "
              + first
              + "-"
              + last);
    }
  }

  /** Every warehouse of a set of {@code warehousesPerSet}. */
  public static WarehouseRange all(int warehousesPerSet) {
    return new WarehouseRange(1, warehousesPerSet);
  }

  /**
   * Parses {@code FROM-TO} (or a single warehouse {@code N}).
   *
   * @throws IllegalArgumentException saying what is wrong with the text
   */
  public static WarehouseRange parse(String text) {
    String trimmed = text.strip();
    int dash = trimmed.indexOf('-', 1);
    try {
      if (dash < 0) {
        int only = Integer.parseInt(trimmed);
        return new WarehouseRange(only, only);
      }
      return new WarehouseRange(
          Integer.parseInt(trimmed.substring(0, dash).strip()),
          Integer.parseInt(trimmed.substring(dash + 1).strip()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "a warehouse range must be FROM-TO, two whole numbers such as 1-50, but was " + text, e);
    }
  }

  /** How many warehouses the range holds. */
  public int size() {
    return last - first + 1;
  }

  /** Whether the range is every warehouse of a set of {@code warehousesPerSet}. */
  public boolean isAll(int warehousesPerSet) {
    return first == 1 && last == warehousesPerSet;
  }

  public boolean contains(int warehouse) {
    return warehouse >= first && warehouse <= last;
  }

  /** Whether the two ranges share a warehouse. */
  public boolean overlaps(WarehouseRange other) {
    return first <= other.last && other.first <= last;
  }

  /** {@code FROM-TO}, as the option takes it. */
  @Override
  public String toString() {
    return first + "-" + last;
  }
}
