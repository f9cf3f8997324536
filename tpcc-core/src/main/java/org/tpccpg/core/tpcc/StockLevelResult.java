package org.tpccpg.core.tpcc;

/**
 * What a Stock-Level (TPC-C 2.8) found.
 *
 * @param lowStock distinct items of the district's last 20 orders whose stock is below the
 *     threshold (TPC-C 2.8.2.2), at least 0
 */
public record StockLevelResult(int lowStock) implements TransactionResult {
  /** Validates the components. */
  public StockLevelResult {
    InputChecks.range("lowStock", lowStock, 0, Integer.MAX_VALUE);
  }
}
