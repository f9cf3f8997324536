package org.tpccpg.core.spec;

/**
 * The fixed numbers of the TPC-C specification (revision 5.11) that the data generator and the
 * transactions share. Each constant cites the clause that defines it. Money is in cents, so a value
 * is exact and never a {@code float}.
 */
public final class TpccConstants {

  // ---- Scale and initial cardinalities: TPC-C 4.3.3.1 ("Table Population Requirements") ----

  /** TPC-C 4.3.3.1: the ITEM table has 100,000 rows, and is not scaled by warehouses. */
  public static final int ITEMS = 100_000;

  /** TPC-C 4.3.3.1: STOCK has 100,000 rows per warehouse, one per item. */
  public static final int STOCK_PER_WAREHOUSE = ITEMS;

  /** TPC-C 4.3.3.1: DISTRICT has 10 rows per warehouse. */
  public static final int DISTRICTS_PER_WAREHOUSE = 10;

  /** TPC-C 4.3.3.1: CUSTOMER has 3,000 rows per district. */
  public static final int CUSTOMERS_PER_DISTRICT = 3_000;

  /** TPC-C 4.3.3.1: HISTORY has one row per customer. */
  public static final int HISTORY_PER_DISTRICT = CUSTOMERS_PER_DISTRICT;

  /** TPC-C 4.3.3.1: ORDER has 3,000 rows per district, O_ID 1..3000. */
  public static final int ORDERS_PER_DISTRICT = 3_000;

  /** TPC-C 4.3.3.1: the first undelivered order; orders 2101..3000 have a NEW-ORDER row. */
  public static final int FIRST_NEW_ORDER_ID = 2_101;

  /** TPC-C 4.3.3.1: NEW-ORDER has 900 rows per district, for O_ID 2101..3000. */
  public static final int NEW_ORDERS_PER_DISTRICT = ORDERS_PER_DISTRICT - FIRST_NEW_ORDER_ID + 1;

  /** TPC-C 4.3.3.1: D_NEXT_O_ID is 3001 after the load. */
  public static final int INITIAL_NEXT_ORDER_ID = ORDERS_PER_DISTRICT + 1;

  /** TPC-C 4.3.3.1: O_OL_CNT is random within [5 .. 15]. */
  public static final int MIN_ORDER_LINES = 5;

  /** TPC-C 4.3.3.1: O_OL_CNT is random within [5 .. 15]. */
  public static final int MAX_ORDER_LINES = 15;

  /** TPC-C 4.3.3.1: customers 1..1000 get the last names of the numbers 0..999 in order. */
  public static final int CUSTOMERS_WITH_SEQUENTIAL_LAST_NAME = 1_000;

  /** Our schema stores warehouse ids as {@code smallint}, so one table set holds at most this. */
  public static final int MAX_WAREHOUSE_ID = Short.MAX_VALUE;

  // ---- Initial column values: TPC-C 4.3.3.1 ----

  /** TPC-C 4.3.3.1: W_YTD = 300,000.00. */
  public static final long WAREHOUSE_YTD_CENTS = 30_000_000L;

  /** TPC-C 4.3.3.1: D_YTD = 30,000.00. */
  public static final long DISTRICT_YTD_CENTS = 3_000_000L;

  /** TPC-C 4.3.3.1: W_TAX and D_TAX within [0.0000 .. 0.2000]; numeric(4,2) keeps cents 0..20. */
  public static final int MAX_TAX_CENTS = 20;

  /** TPC-C 4.3.3.1: C_DISCOUNT within [0.0000 .. 0.5000]; numeric(4,2) keeps cents 0..50. */
  public static final int MAX_DISCOUNT_CENTS = 50;

  /** TPC-C 4.3.3.1: 10% of customers have C_CREDIT = "BC", the rest "GC". */
  public static final int BAD_CREDIT_PERCENT = 10;

  /** TPC-C 4.3.3.1: C_CREDIT_LIM = 50,000.00; our schema stores whole units in a bigint. */
  public static final long CUSTOMER_CREDIT_LIMIT = 50_000L;

  /** TPC-C 4.3.3.1: C_BALANCE = -10.00. */
  public static final long CUSTOMER_BALANCE_CENTS = -1_000L;

  /** TPC-C 4.3.3.1: C_YTD_PAYMENT = 10.00. */
  public static final long CUSTOMER_YTD_PAYMENT_CENTS = 1_000L;

  /** TPC-C 4.3.3.1: C_PAYMENT_CNT = 1. */
  public static final int CUSTOMER_PAYMENT_COUNT = 1;

  /** TPC-C 4.3.3.1: C_MIDDLE = "OE". */
  public static final String CUSTOMER_MIDDLE = "OE";

  /** TPC-C 4.3.3.1: H_AMOUNT = 10.00. */
  public static final long HISTORY_AMOUNT_CENTS = 1_000L;

  /** TPC-C 4.3.3.1: O_CARRIER_ID random within [1 .. 10] for delivered orders. */
  public static final int MAX_CARRIER_ID = 10;

  /** TPC-C 4.3.3.1: OL_QUANTITY = 5. */
  public static final int ORDER_LINE_QUANTITY = 5;

  /** TPC-C 4.3.3.1: OL_AMOUNT of an undelivered order within [0.01 .. 9,999.99]. */
  public static final int MAX_LOAD_ORDER_LINE_AMOUNT_CENTS = 999_999;

  /** TPC-C 4.3.3.1: S_QUANTITY random within [10 .. 100]. */
  public static final int MIN_STOCK_QUANTITY = 10;

  /** TPC-C 4.3.3.1: S_QUANTITY random within [10 .. 100]. */
  public static final int MAX_STOCK_QUANTITY = 100;

  /** TPC-C 4.3.3.1: I_IM_ID random within [1 .. 10,000]. */
  public static final int MAX_ITEM_IMAGE_ID = 10_000;

  /** TPC-C 4.3.3.1: I_PRICE random within [1.00 .. 100.00]. */
  public static final int MIN_ITEM_PRICE_CENTS = 100;

  /** TPC-C 4.3.3.1: I_PRICE random within [1.00 .. 100.00]. */
  public static final int MAX_ITEM_PRICE_CENTS = 10_000;

  /** TPC-C 4.3.3.1: 10% of I_DATA and S_DATA values contain "ORIGINAL". */
  public static final int ORIGINAL_PERCENT = 10;

  /** TPC-C 4.3.3.1: the marker placed in I_DATA and S_DATA. */
  public static final String ORIGINAL = "ORIGINAL";

  /** TPC-C 4.3.2.7: the zip code is 4 random digits followed by this constant. */
  public static final String ZIP_SUFFIX = "11111";

  // ---- NURand: TPC-C 2.1.6 ----

  /** TPC-C 2.1.6: A for C_LAST, drawn over 0..999. */
  public static final int NURAND_A_C_LAST = 255;

  /** TPC-C 2.1.6: A for C_ID, drawn over 1..3000. */
  public static final int NURAND_A_C_ID = 1_023;

  /** TPC-C 2.1.6: A for OL_I_ID, drawn over 1..100000. */
  public static final int NURAND_A_OL_I_ID = 8_191;

  /** TPC-C 4.3.2.3: last names are built from the numbers 0..999. */
  public static final int MAX_LAST_NAME_NUMBER = 999;

  /** TPC-C 2.1.6.1: the smallest allowed |C_LAST run - C_LAST load|. */
  public static final int MIN_C_LAST_RUN_DELTA = 65;

  /** TPC-C 2.1.6.1: the largest allowed |C_LAST run - C_LAST load|. */
  public static final int MAX_C_LAST_RUN_DELTA = 119;

  /** TPC-C 2.1.6.1: a delta in the allowed range that is nevertheless forbidden. */
  public static final int FORBIDDEN_C_LAST_RUN_DELTA_1 = 96;

  /** TPC-C 2.1.6.1: a delta in the allowed range that is nevertheless forbidden. */
  public static final int FORBIDDEN_C_LAST_RUN_DELTA_2 = 112;

  // ---- Transaction inputs and rules: TPC-C 2.4 to 2.8 ----

  /** TPC-C 2.4.1.4: 1% of New-Orders carry an unused item id and must roll back. */
  public static final int NEW_ORDER_ROLLBACK_PERCENT = 1;

  /** TPC-C 2.4.1.5: the unused item id of a rolled-back New-Order; no item has it. */
  public static final int UNUSED_ITEM_ID = ITEMS + 1;

  /** TPC-C 2.4.1.5: 1% of order lines are supplied by a remote warehouse (when W > 1). */
  public static final int REMOTE_ORDER_LINE_PERCENT = 1;

  /** TPC-C 2.4.1.5: OL_QUANTITY random within [1 .. 10]. */
  public static final int MAX_ORDER_QUANTITY = 10;

  /** TPC-C 2.4.2.2: stock is decremented plainly while S_QUANTITY >= OL_QUANTITY + 10. */
  public static final int STOCK_REORDER_MARGIN = 10;

  /** TPC-C 2.4.2.2: otherwise S_QUANTITY = S_QUANTITY - OL_QUANTITY + 91. */
  public static final int STOCK_RESTOCK = 91;

  /** TPC-C 2.5.1.2: 15% of Payments are by a customer of a remote warehouse (when W > 1). */
  public static final int REMOTE_PAYMENT_PERCENT = 15;

  /** TPC-C 2.5.1.2 and 2.6.1.2: 60% of Payments and Order-Status select the customer by name. */
  public static final int BY_NAME_PERCENT = 60;

  /** TPC-C 2.5.1.3: H_AMOUNT random within [1.00 .. 5,000.00]. */
  public static final int MIN_PAYMENT_CENTS = 100;

  /** TPC-C 2.5.1.3: H_AMOUNT random within [1.00 .. 5,000.00]. */
  public static final int MAX_PAYMENT_CENTS = 500_000;

  /** TPC-C 2.5.2.2: the new C_DATA of a bad-credit customer is cut to 500 characters. */
  public static final int MAX_CUSTOMER_DATA_LENGTH = 500;

  /** TPC-C 2.8.1.2: the Stock-Level threshold is random within [10 .. 20]. */
  public static final int MIN_STOCK_LEVEL_THRESHOLD = 10;

  /** TPC-C 2.8.1.2: the Stock-Level threshold is random within [10 .. 20]. */
  public static final int MAX_STOCK_LEVEL_THRESHOLD = 20;

  /** TPC-C 2.8.2.2: Stock-Level examines the last 20 orders of the district. */
  public static final int STOCK_LEVEL_ORDERS = 20;

  private TpccConstants() {}
}
