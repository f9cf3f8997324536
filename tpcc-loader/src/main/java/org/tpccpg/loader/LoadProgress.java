package org.tpccpg.loader;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.tpccpg.core.schema.TpccTable;
import org.tpccpg.core.spec.TpccConstants;

/**
 * Rows and bytes sent per table while loading, updated by the loader threads and read by whoever
 * prints progress. Counts are exact; the expected totals are exact too, except for order lines,
 * whose number per order is random (5 to 15, 10 on average: TPC-C 4.3.3.1).
 */
public final class LoadProgress {
  private final Map<TpccTable, LongAdder> rows = new EnumMap<>(TpccTable.class);
  private final Map<TpccTable, LongAdder> bytes = new EnumMap<>(TpccTable.class);
  private final Map<TpccTable, Long> expected = new EnumMap<>(TpccTable.class);

  public LoadProgress(int tableSets, int warehousesPerSet) {
    this(tableSets, warehousesPerSet, true);
  }

  /**
   * The progress of a load of {@code warehousesPerSet} warehouses in each set, and of the items
   * when {@code items} (a range load of a scale-out prepare may leave them to another driver).
   */
  public LoadProgress(int tableSets, int warehousesPerSet, boolean items) {
    long warehouses = (long) tableSets * warehousesPerSet;
    long districts = warehouses * TpccConstants.DISTRICTS_PER_WAREHOUSE;
    long customers = districts * TpccConstants.CUSTOMERS_PER_DISTRICT;
    expected.put(TpccTable.WAREHOUSE, warehouses);
    expected.put(TpccTable.DISTRICT, districts);
    expected.put(TpccTable.CUSTOMER, customers);
    expected.put(TpccTable.HISTORY, customers);
    expected.put(TpccTable.ORDERS, customers);
    expected.put(TpccTable.NEW_ORDERS, districts * TpccConstants.NEW_ORDERS_PER_DISTRICT);
    expected.put(TpccTable.ORDER_LINE, customers * 10);
    expected.put(TpccTable.STOCK, warehouses * TpccConstants.ITEMS);
    expected.put(TpccTable.ITEM, items ? (long) tableSets * TpccConstants.ITEMS : 0L);
    for (TpccTable table : TpccTable.values()) {
      rows.put(table, new LongAdder());
      bytes.put(table, new LongAdder());
    }
  }

  void add(TpccTable table, long rowCount, long byteCount) {
    rows.get(table).add(rowCount);
    bytes.get(table).add(byteCount);
  }

  public long rows(TpccTable table) {
    return rows.get(table).sum();
  }

  public long bytes(TpccTable table) {
    return bytes.get(table).sum();
  }

  /** The number of rows the load will write; approximate for order lines only. */
  public long expectedRows(TpccTable table) {
    return expected.get(table);
  }

  /** Overall completion from 0 to 1, weighting each table by its expected rows. */
  public double fractionDone() {
    long done = 0;
    long total = 0;
    for (TpccTable table : TpccTable.values()) {
      long expectedRows = expected.get(table);
      done += Math.min(rows(table), expectedRows);
      total += expectedRows;
    }
    return total == 0 ? 1.0 : (double) done / total;
  }
}
