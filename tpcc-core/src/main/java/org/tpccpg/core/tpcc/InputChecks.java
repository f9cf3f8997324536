package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;
import static org.tpccpg.core.spec.TpccConstants.MAX_WAREHOUSE_ID;

/** Range checks for the input and result records, with messages naming field and value. */
final class InputChecks {
  private InputChecks() {}

  static void range(String field, long value, long lo, long hi) {
    if (value < lo || value > hi) {
      throw new IllegalArgumentException(
          field + " must be in " + lo + ".." + hi + " but was " + value);
    }
  }

  /** Checks {@code array[index]}; the field name is built only on failure. */
  static void element(String array, int index, long value, long lo, long hi) {
    if (value < lo || value > hi) {
      range(array + "[" + index + "]", value, lo, hi);
    }
  }

  static void tableSet(int tableSet) {
    if (tableSet < 1) {
      throw new IllegalArgumentException("tableSet must be >= 1 but was " + tableSet);
    }
  }

  static void warehouse(String field, int warehouseId) {
    range(field, warehouseId, 1, MAX_WAREHOUSE_ID);
  }

  static void district(String field, int districtId) {
    range(field, districtId, 1, DISTRICTS_PER_WAREHOUSE);
  }
}
