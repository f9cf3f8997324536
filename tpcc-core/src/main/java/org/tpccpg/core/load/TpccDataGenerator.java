package org.tpccpg.core.load;

import static org.tpccpg.core.spec.TpccConstants.BAD_CREDIT_PERCENT;
import static org.tpccpg.core.spec.TpccConstants.CUSTOMERS_PER_DISTRICT;
import static org.tpccpg.core.spec.TpccConstants.CUSTOMERS_WITH_SEQUENTIAL_LAST_NAME;
import static org.tpccpg.core.spec.TpccConstants.CUSTOMER_BALANCE_CENTS;
import static org.tpccpg.core.spec.TpccConstants.CUSTOMER_CREDIT_LIMIT;
import static org.tpccpg.core.spec.TpccConstants.CUSTOMER_MIDDLE;
import static org.tpccpg.core.spec.TpccConstants.CUSTOMER_PAYMENT_COUNT;
import static org.tpccpg.core.spec.TpccConstants.CUSTOMER_YTD_PAYMENT_CENTS;
import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;
import static org.tpccpg.core.spec.TpccConstants.DISTRICT_YTD_CENTS;
import static org.tpccpg.core.spec.TpccConstants.HISTORY_AMOUNT_CENTS;
import static org.tpccpg.core.spec.TpccConstants.HISTORY_PER_DISTRICT;
import static org.tpccpg.core.spec.TpccConstants.INITIAL_NEXT_ORDER_ID;
import static org.tpccpg.core.spec.TpccConstants.ITEMS;
import static org.tpccpg.core.spec.TpccConstants.MAX_DISCOUNT_CENTS;
import static org.tpccpg.core.spec.TpccConstants.MAX_ITEM_IMAGE_ID;
import static org.tpccpg.core.spec.TpccConstants.MAX_ITEM_PRICE_CENTS;
import static org.tpccpg.core.spec.TpccConstants.MAX_LAST_NAME_NUMBER;
import static org.tpccpg.core.spec.TpccConstants.MAX_STOCK_QUANTITY;
import static org.tpccpg.core.spec.TpccConstants.MAX_TAX_CENTS;
import static org.tpccpg.core.spec.TpccConstants.MAX_WAREHOUSE_ID;
import static org.tpccpg.core.spec.TpccConstants.MIN_ITEM_PRICE_CENTS;
import static org.tpccpg.core.spec.TpccConstants.MIN_STOCK_QUANTITY;
import static org.tpccpg.core.spec.TpccConstants.NURAND_A_C_LAST;
import static org.tpccpg.core.spec.TpccConstants.WAREHOUSE_YTD_CENTS;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.regex.Pattern;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.schema.TpccTable;

/**
 * Generates the initial population of TPC-C 4.3.3.1 as COPY text rows, in small units (one
 * warehouse, one district's customers, a range of items...) that a loader streams to PostgreSQL.
 * Column order is that of {@link TpccTable#copyColumns()}; string lengths and value ranges are
 * those of the table in 4.3.3.1. Unlike sysbench-tpcc, strings are random a-strings, I_DATA and
 * S_DATA carry "ORIGINAL" in 10% of rows and each district gets its own O_C_ID permutation.
 *
 * <p>One instance per loading thread; not thread-safe. Customers need a {@link TpccRandom} created
 * with the load's NURand constants (C_LAST, TPC-C 2.1.6). For a load that does not depend on the
 * thread count, give each unit of work a generator seeded with {@link TpccRandom#mix}.
 */
public final class TpccDataGenerator {
  private static final Pattern TIMESTAMP =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?");

  private final TpccRandom random;
  private final RandomFields fields;
  private final OrderWriter orderWriter;
  private final byte[] loadTimestamp;

  /**
   * Creates a generator.
   *
   * @param random the random source; its NURand constants are the load's C values
   * @param loadTimestamp the value of every timestamp column, formatted {@code yyyy-MM-dd HH:mm:ss}
   *     with optional fraction, for example {@code 2026-11-30 10:00:00}
   */
  public TpccDataGenerator(TpccRandom random, String loadTimestamp) {
    this.random = Objects.requireNonNull(random, "random");
    Objects.requireNonNull(loadTimestamp, "loadTimestamp");
    if (!TIMESTAMP.matcher(loadTimestamp).matches()) {
      throw new IllegalArgumentException(
          "loadTimestamp must look like 2026-11-30 10:00:00 but was '" + loadTimestamp + "'");
    }
    this.fields = new RandomFields(random);
    this.loadTimestamp = loadTimestamp.getBytes(StandardCharsets.US_ASCII);
    this.orderWriter = new OrderWriter(random, fields, this.loadTimestamp);
  }

  /** Writes the WAREHOUSE row of warehouse {@code w} (TPC-C 4.3.3.1). */
  public void warehouse(int w, CopyTextBuffer buf) {
    checkWarehouse(w);
    buf.field(w);
    fields.aString(buf, 6, 10);
    fields.address(buf);
    buf.cents(random.uniform(0, MAX_TAX_CENTS)).cents(WAREHOUSE_YTD_CENTS).endRow();
  }

  /** Writes the 10 DISTRICT rows of warehouse {@code w} (TPC-C 4.3.3.1). */
  public void districts(int w, CopyTextBuffer buf) {
    checkWarehouse(w);
    for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
      buf.field(d).field(w);
      fields.aString(buf, 6, 10);
      fields.address(buf);
      buf.cents(random.uniform(0, MAX_TAX_CENTS)).cents(DISTRICT_YTD_CENTS);
      buf.field(INITIAL_NEXT_ORDER_ID).endRow();
    }
  }

  /**
   * Writes the 3000 CUSTOMER rows of district {@code d} of warehouse {@code w} (TPC-C 4.3.3.1).
   *
   * @throws IllegalStateException if the random source has no NURand constants
   */
  public void customers(int w, int d, CopyTextBuffer buf) {
    checkDistrict(w, d);
    for (int c = 1; c <= CUSTOMERS_PER_DISTRICT; c++) {
      buf.field(c).field(d).field(w);
      fields.aString(buf, 8, 16);
      buf.field(CUSTOMER_MIDDLE).field(TpccRandom.lastName(lastNameNumber(c)));
      fields.address(buf);
      fields.nString(buf, 16, 16);
      buf.field(loadTimestamp, 0, loadTimestamp.length);
      buf.field(random.uniform(1, 100) <= BAD_CREDIT_PERCENT ? "BC" : "GC");
      buf.field(CUSTOMER_CREDIT_LIMIT).cents(random.uniform(0, MAX_DISCOUNT_CENTS));
      buf.cents(CUSTOMER_BALANCE_CENTS).cents(CUSTOMER_YTD_PAYMENT_CENTS);
      buf.field(CUSTOMER_PAYMENT_COUNT).field(0); // C_DELIVERY_CNT = 0
      fields.aString(buf, 300, 500);
      buf.endRow();
    }
  }

  /** Writes one HISTORY row per customer of district {@code d} of warehouse {@code w}. */
  public void history(int w, int d, CopyTextBuffer buf) {
    checkDistrict(w, d);
    for (int c = 1; c <= HISTORY_PER_DISTRICT; c++) {
      buf.field(c).field(d).field(w).field(d).field(w);
      buf.field(loadTimestamp, 0, loadTimestamp.length).cents(HISTORY_AMOUNT_CENTS);
      fields.aString(buf, 12, 24);
      buf.endRow();
    }
  }

  /**
   * Writes the 3000 ORDER rows of district {@code d} of warehouse {@code w}, their ORDER-LINE rows
   * and the 900 NEW-ORDER rows of orders 2101..3000 (TPC-C 4.3.3.1). O_C_ID is a fresh random
   * permutation of 1..3000 for each district.
   *
   * @return the number of ORDER-LINE rows written, which is the sum of O_OL_CNT
   * @throws IllegalArgumentException if two of the buffers are the same object
   */
  public int orders(
      int w, int d, CopyTextBuffer orders, CopyTextBuffer orderLines, CopyTextBuffer newOrders) {
    checkDistrict(w, d);
    if (orders == orderLines || orders == newOrders || orderLines == newOrders) {
      throw new IllegalArgumentException("orders, orderLines and newOrders must be 3 buffers");
    }
    return orderWriter.write(w, d, orders, orderLines, newOrders);
  }

  /** Writes the STOCK rows of items {@code fromItem..toItem} (inclusive) of warehouse {@code w}. */
  public void stock(int w, int fromItem, int toItem, CopyTextBuffer buf) {
    checkWarehouse(w);
    checkItems(fromItem, toItem);
    for (int i = fromItem; i <= toItem; i++) {
      buf.field(i).field(w).field(random.uniform(MIN_STOCK_QUANTITY, MAX_STOCK_QUANTITY));
      for (int dist = 1; dist <= DISTRICTS_PER_WAREHOUSE; dist++) {
        fields.aString(buf, 24, 24);
      }
      buf.field(0).field(0).field(0); // S_YTD, S_ORDER_CNT, S_REMOTE_CNT = 0
      fields.dataWithOriginal(buf, 26, 50);
      buf.endRow();
    }
  }

  /** Writes the ITEM rows {@code fromItem..toItem} (inclusive) of one table set. */
  public void items(int fromItem, int toItem, CopyTextBuffer buf) {
    checkItems(fromItem, toItem);
    for (int i = fromItem; i <= toItem; i++) {
      buf.field(i).field(random.uniform(1, MAX_ITEM_IMAGE_ID));
      fields.aString(buf, 14, 24);
      buf.cents(random.uniform(MIN_ITEM_PRICE_CENTS, MAX_ITEM_PRICE_CENTS));
      fields.dataWithOriginal(buf, 26, 50);
      buf.endRow();
    }
  }

  /** C_LAST: customers 1..1000 take the numbers 0..999 in order, the rest NURand (4.3.3.1). */
  private int lastNameNumber(int c) {
    if (c <= CUSTOMERS_WITH_SEQUENTIAL_LAST_NAME) {
      return c - 1;
    }
    return random.nuRand(NURAND_A_C_LAST, 0, MAX_LAST_NAME_NUMBER);
  }

  private static void checkWarehouse(int w) {
    if (w < 1 || w > MAX_WAREHOUSE_ID) {
      throw new IllegalArgumentException("w must be in 1.." + MAX_WAREHOUSE_ID + " but was " + w);
    }
  }

  private static void checkDistrict(int w, int d) {
    checkWarehouse(w);
    if (d < 1 || d > DISTRICTS_PER_WAREHOUSE) {
      throw new IllegalArgumentException(
          "d must be in 1.." + DISTRICTS_PER_WAREHOUSE + " but was " + d);
    }
  }

  private static void checkItems(int fromItem, int toItem) {
    if (fromItem < 1 || toItem > ITEMS || fromItem > toItem) {
      throw new IllegalArgumentException(
          "items must satisfy 1 <= fromItem <= toItem <= "
              + ITEMS
              + " but were "
              + fromItem
              + ".."
              + toItem);
    }
  }
}
