package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.MAX_STOCK_LEVEL_THRESHOLD;
import static org.tpccpg.core.spec.TpccConstants.MIN_STOCK_LEVEL_THRESHOLD;

/**
 * The input of one Stock-Level (TPC-C 2.8.1): the district whose last 20 orders are examined and
 * the stock threshold.
 *
 * @param tableSet the table set, from 1
 * @param warehouseId W_ID
 * @param districtId D_ID, 1..10
 * @param threshold items with S_QUANTITY below this count as low, 10..20
 */
public record StockLevelInput(int tableSet, int warehouseId, int districtId, int threshold)
    implements TransactionInput {
  /** Validates the components. */
  public StockLevelInput {
    InputChecks.tableSet(tableSet);
    InputChecks.warehouse("warehouseId", warehouseId);
    InputChecks.district("districtId", districtId);
    InputChecks.range("threshold", threshold, MIN_STOCK_LEVEL_THRESHOLD, MAX_STOCK_LEVEL_THRESHOLD);
  }

  @Override
  public TransactionType type() {
    return TransactionType.STOCK_LEVEL;
  }
}
