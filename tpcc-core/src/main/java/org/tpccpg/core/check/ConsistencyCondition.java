package org.tpccpg.core.check;

/**
 * The twelve consistency conditions of TPC-C 3.3.2.1 to 3.3.2.12, each with the query that finds
 * the rows breaking it. Every query returns one text column naming an offending row and is limited
 * to a warehouse range. Placeholders: {@code ${set}} is the table-set suffix, {@code ${first}} and
 * {@code ${last}} the warehouse range, {@code ${delivered}} the delivered orders per district of
 * condition 11; all but {@code ${set}} become bound parameters.
 *
 * <p>Unlike sysbench-tpcc's checks, sums over no rows count as zero and comparisons use {@code IS
 * DISTINCT FROM}, so a customer without delivered lines is checked, not passed by a NULL.
 */
public enum ConsistencyCondition {
  WAREHOUSE_YTD_IS_SUM_OF_DISTRICT_YTD(
      1, "W_YTD = sum(D_YTD) for each warehouse", ConditionQueries.WAREHOUSE_YTD),
  DISTRICT_NEXT_ORDER_ID(
      2,
      "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) for each district; the NEW-ORDER part only where"
          + " the district has NEW-ORDER rows",
      ConditionQueries.NEXT_ORDER_ID),
  NEW_ORDERS_WITHOUT_GAPS(
      3,
      "max(NO_O_ID) - min(NO_O_ID) + 1 = count of NEW-ORDER rows for each district",
      ConditionQueries.NEW_ORDER_GAPS),
  DISTRICT_ORDER_LINE_COUNT(
      4,
      "sum(O_OL_CNT) = count of ORDER-LINE rows for each district",
      ConditionQueries.DISTRICT_LINES),
  CARRIER_NULL_IFF_NEW_ORDER(
      5,
      "O_CARRIER_ID is null if and only if the order has a NEW-ORDER row",
      ConditionQueries.CARRIER_VERSUS_NEW_ORDER),
  ORDER_LINE_COUNT(
      6, "O_OL_CNT = count of ORDER-LINE rows for each order", ConditionQueries.ORDER_LINES),
  DELIVERY_DATE_NULL_IFF_CARRIER_NULL(
      7,
      "OL_DELIVERY_D is null if and only if the order's O_CARRIER_ID is null",
      ConditionQueries.DELIVERY_VERSUS_CARRIER),
  WAREHOUSE_YTD_IS_SUM_OF_HISTORY(
      8,
      "W_YTD = sum(H_AMOUNT) of the HISTORY rows with H_W_ID = W_ID",
      ConditionQueries.WAREHOUSE_HISTORY),
  DISTRICT_YTD_IS_SUM_OF_HISTORY(
      9,
      "D_YTD = sum(H_AMOUNT) of the HISTORY rows with (H_W_ID, H_D_ID) = (D_W_ID, D_ID)",
      ConditionQueries.DISTRICT_HISTORY),
  CUSTOMER_BALANCE(
      10,
      "C_BALANCE = sum(OL_AMOUNT) of the customer's delivered order lines - sum(H_AMOUNT) of the"
          + " customer's HISTORY rows",
      ConditionQueries.CUSTOMER_BALANCE),
  DELIVERED_ORDERS_PER_DISTRICT(
      11,
      "count(ORDER) - count(NEW-ORDER) = the orders delivered at load (2100, TPC-C 4.3.3.1) for"
          + " each district; holds only right after the initial load, since every Delivery adds"
          + " one: skip it on a database that has run transactions",
      ConditionQueries.DELIVERED_ORDERS),
  CUSTOMER_BALANCE_PLUS_PAYMENTS(
      12,
      "C_BALANCE + C_YTD_PAYMENT = sum(OL_AMOUNT) of the customer's delivered order lines",
      ConditionQueries.BALANCE_PLUS_PAYMENTS);

  private final int number;
  private final String description;
  private final String query;

  ConsistencyCondition(int number, String requirement, String query) {
    this.number = number;
    this.description = "TPC-C 3.3.2." + number + ": " + requirement;
    this.query = query;
  }

  /** The condition's number, 1 to 12. */
  public int number() {
    return number;
  }

  /** What the condition requires, starting with its clause, e.g. {@code "TPC-C 3.3.2.1: ..."}. */
  public String description() {
    return description;
  }

  /** The condition with the given number. */
  public static ConsistencyCondition ofNumber(int number) {
    for (ConsistencyCondition condition : values()) {
      if (condition.number == number) {
        return condition;
      }
    }
    throw new IllegalArgumentException(
        "consistency condition number must be 1 to 12 but was " + number);
  }

  String query() {
    return query;
  }
}
