package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.CUSTOMERS_PER_DISTRICT;
import static org.tpccpg.core.spec.TpccConstants.ITEMS;
import static org.tpccpg.core.spec.TpccConstants.MAX_ORDER_LINES;
import static org.tpccpg.core.spec.TpccConstants.MAX_ORDER_QUANTITY;
import static org.tpccpg.core.spec.TpccConstants.MAX_WAREHOUSE_ID;
import static org.tpccpg.core.spec.TpccConstants.MIN_ORDER_LINES;
import static org.tpccpg.core.spec.TpccConstants.UNUSED_ITEM_ID;

import java.util.Arrays;
import java.util.Objects;
import org.tpccpg.core.spec.TpccConstants;

/**
 * The input of one New-Order (TPC-C 2.4.1): home warehouse and district, customer, and per order
 * line the item, supplying warehouse and quantity, in the order the lines are processed. An item id
 * of {@link TpccConstants#UNUSED_ITEM_ID} makes the transaction ask for a rollback (TPC-C 2.4.1.4).
 *
 * <p>The arrays are copied on construction and on access; the transaction reads them through the
 * indexed accessors, which copy nothing.
 *
 * @param tableSet the table set, from 1
 * @param warehouseId W_ID, the home warehouse
 * @param districtId D_ID, 1..10
 * @param customerId C_ID, 1..3000
 * @param itemIds OL_I_ID per line, 5..15 lines, each 1..100000 or the unused id
 * @param supplyWarehouseIds OL_SUPPLY_W_ID per line
 * @param quantities OL_QUANTITY per line, 1..10
 * @param allLocal O_ALL_LOCAL; must be false when a line is supplied by another warehouse (sysbench
 *     compatibility may set it false with all lines local)
 */
public record NewOrderInput(
    int tableSet,
    int warehouseId,
    int districtId,
    int customerId,
    int[] itemIds,
    int[] supplyWarehouseIds,
    int[] quantities,
    boolean allLocal)
    implements TransactionInput {

  /** Validates the components and copies the arrays. */
  public NewOrderInput {
    InputChecks.tableSet(tableSet);
    InputChecks.warehouse("warehouseId", warehouseId);
    InputChecks.district("districtId", districtId);
    InputChecks.range("customerId", customerId, 1, CUSTOMERS_PER_DISTRICT);
    Objects.requireNonNull(itemIds, "itemIds");
    Objects.requireNonNull(supplyWarehouseIds, "supplyWarehouseIds");
    Objects.requireNonNull(quantities, "quantities");
    InputChecks.range("itemIds.length", itemIds.length, MIN_ORDER_LINES, MAX_ORDER_LINES);
    InputChecks.range(
        "supplyWarehouseIds.length", supplyWarehouseIds.length, itemIds.length, itemIds.length);
    InputChecks.range("quantities.length", quantities.length, itemIds.length, itemIds.length);
    itemIds = itemIds.clone();
    supplyWarehouseIds = supplyWarehouseIds.clone();
    quantities = quantities.clone();
    for (int i = 0; i < itemIds.length; i++) {
      if (itemIds[i] != UNUSED_ITEM_ID) {
        InputChecks.element("itemIds", i, itemIds[i], 1, ITEMS);
      }
      InputChecks.element("supplyWarehouseIds", i, supplyWarehouseIds[i], 1, MAX_WAREHOUSE_ID);
      InputChecks.element("quantities", i, quantities[i], 1, MAX_ORDER_QUANTITY);
      if (allLocal && supplyWarehouseIds[i] != warehouseId) {
        throw new IllegalArgumentException(
            "allLocal must be false when supplyWarehouseIds["
                + i
                + "] is "
                + supplyWarehouseIds[i]
                + " but warehouseId is "
                + warehouseId);
      }
    }
  }

  /** O_OL_CNT, the number of order lines. */
  public int orderLineCount() {
    return itemIds.length;
  }

  /** The item of line {@code index} (0-based). */
  public int itemId(int index) {
    return itemIds[index];
  }

  /** The supplying warehouse of line {@code index} (0-based). */
  public int supplyWarehouseId(int index) {
    return supplyWarehouseIds[index];
  }

  /** The quantity of line {@code index} (0-based). */
  public int quantity(int index) {
    return quantities[index];
  }

  /** Whether a line carries the unused item id, so that the transaction asks for a rollback. */
  public boolean hasUnusedItem() {
    for (int itemId : itemIds) {
      if (itemId == UNUSED_ITEM_ID) {
        return true;
      }
    }
    return false;
  }

  /** A copy of the item ids. */
  @Override
  public int[] itemIds() {
    return itemIds.clone();
  }

  /** A copy of the supplying warehouses. */
  @Override
  public int[] supplyWarehouseIds() {
    return supplyWarehouseIds.clone();
  }

  /** A copy of the quantities. */
  @Override
  public int[] quantities() {
    return quantities.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NewOrderInput other
        && tableSet == other.tableSet
        && warehouseId == other.warehouseId
        && districtId == other.districtId
        && customerId == other.customerId
        && allLocal == other.allLocal
        && Arrays.equals(itemIds, other.itemIds)
        && Arrays.equals(supplyWarehouseIds, other.supplyWarehouseIds)
        && Arrays.equals(quantities, other.quantities);
  }

  @Override
  public int hashCode() {
    int h = Objects.hash(tableSet, warehouseId, districtId, customerId, allLocal);
    h = 31 * h + Arrays.hashCode(itemIds);
    h = 31 * h + Arrays.hashCode(supplyWarehouseIds);
    return 31 * h + Arrays.hashCode(quantities);
  }

  @Override
  public String toString() {
    return "NewOrderInput[tableSet="
        + tableSet
        + ", warehouseId="
        + warehouseId
        + ", districtId="
        + districtId
        + ", customerId="
        + customerId
        + ", itemIds="
        + Arrays.toString(itemIds)
        + ", supplyWarehouseIds="
        + Arrays.toString(supplyWarehouseIds)
        + ", quantities="
        + Arrays.toString(quantities)
        + ", allLocal="
        + allLocal
        + "]";
  }

  @Override
  public TransactionType type() {
    return TransactionType.NEW_ORDER;
  }
}
