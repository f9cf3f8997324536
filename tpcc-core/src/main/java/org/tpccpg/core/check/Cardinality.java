package org.tpccpg.core.check;

/**
 * The row counts of an initial TPC-C population (TPC-C 4.3.3.1) that every later state keeps, one
 * condition per table, checked before the consistency conditions: those count offending rows from
 * warehouse, district or customer, so on a truncated or half-deleted table they would find nothing
 * to complain about. Each query names the table, the key and the count that is wrong. Placeholders
 * as in {@link ConsistencyCondition}: {@code ${set}} the set, {@code ${w}} the warehouses per set.
 *
 * <p>NEW-ORDER and ORDER-LINE have no fixed count after transactions; rows missing there break
 * consistency conditions 5 (NEW-ORDER), 4 and 6 (ORDER-LINE) instead.
 */
public enum Cardinality {
  WAREHOUSES(
      "W WAREHOUSE rows per table set, w_id 1..W",
      false,
      """
      SELECT format('warehouse${set}: %s rows, w_id %s..%s; expected %s rows, w_id 1..%s',
                    count(*), coalesce(min(w_id)::text, '-'), coalesce(max(w_id)::text, '-'),
                    ${w}::int, ${w}::int)
        FROM warehouse${set}
      HAVING count(*) <> ${w} OR coalesce(min(w_id), 0) <> 1 OR coalesce(max(w_id), 0) <> ${w}
      """),
  DISTRICTS(
      "10 DISTRICT rows per warehouse",
      false,
      """
      SELECT format('district${set} w_id=%s: %s rows, expected %s',
                    coalesce(g.w, d.d_w_id), coalesce(d.n, 0),
                    CASE WHEN g.w IS NULL THEN 0 ELSE 10 END)
        FROM generate_series(1, ${w}::int) g(w)
        FULL JOIN (SELECT d_w_id, count(*) AS n FROM district${set} GROUP BY d_w_id) d
          ON d.d_w_id = g.w
       WHERE g.w IS NULL OR coalesce(d.n, 0) <> 10
       ORDER BY coalesce(g.w, d.d_w_id)
      """),
  CUSTOMERS(
      "3,000 CUSTOMER rows per district",
      false,
      """
      SELECT format('customer${set} w_id=%s d_id=%s: %s rows, expected %s',
                    coalesce(g.w, c.c_w_id), coalesce(g.d, c.c_d_id), coalesce(c.n, 0),
                    CASE WHEN g.w IS NULL THEN 0 ELSE 3000 END)
        FROM (SELECT w, d FROM generate_series(1, ${w}::int) w, generate_series(1, 10) d) g
        FULL JOIN (SELECT c_w_id, c_d_id, count(*) AS n FROM customer${set}
                    GROUP BY c_w_id, c_d_id) c
          ON c.c_w_id = g.w AND c.c_d_id = g.d
       WHERE g.w IS NULL OR coalesce(c.n, 0) <> 3000
       ORDER BY coalesce(g.w, c.c_w_id), coalesce(g.d, c.c_d_id)
      """),
  HISTORY(
      "at least 3,000 HISTORY rows per district (one per customer at load, one more per Payment)",
      true,
      """
      SELECT format('history${set} w_id=%s d_id=%s: %s rows, expected at least 3000',
                    g.w, g.d, coalesce(h.n, 0))
        FROM (SELECT w, d FROM generate_series(1, ${w}::int) w, generate_series(1, 10) d) g
        LEFT JOIN (SELECT h_w_id, h_d_id, count(*) AS n FROM history${set}
                    GROUP BY h_w_id, h_d_id) h
          ON h.h_w_id = g.w AND h.h_d_id = g.d
       WHERE coalesce(h.n, 0) < 3000
       ORDER BY g.w, g.d
      """),
  ORDERS(
      "at least 3,000 ORDER rows per district (3,000 at load, one more per New-Order)",
      true,
      """
      SELECT format('orders${set} w_id=%s d_id=%s: %s rows, expected at least 3000',
                    g.w, g.d, coalesce(o.n, 0))
        FROM (SELECT w, d FROM generate_series(1, ${w}::int) w, generate_series(1, 10) d) g
        LEFT JOIN (SELECT o_w_id, o_d_id, count(*) AS n FROM orders${set}
                    GROUP BY o_w_id, o_d_id) o
          ON o.o_w_id = g.w AND o.o_d_id = g.d
       WHERE coalesce(o.n, 0) < 3000
       ORDER BY g.w, g.d
      """),
  ITEMS(
      "100,000 ITEM rows per table set, i_id 1..100000",
      false,
      """
      SELECT format('item${set}: %s rows, i_id %s..%s; expected 100000 rows, i_id 1..100000',
                    count(*), coalesce(min(i_id)::text, '-'),
                    coalesce(max(i_id)::text, '-'))
        FROM item${set}
      HAVING count(*) <> 100000 OR coalesce(min(i_id), 0) <> 1
          OR coalesce(max(i_id), 0) <> 100000
      """),
  STOCK(
      "100,000 STOCK rows per warehouse",
      false,
      """
      SELECT format('stock${set} w_id=%s: %s rows, expected %s',
                    coalesce(g.w, s.s_w_id), coalesce(s.n, 0),
                    CASE WHEN g.w IS NULL THEN 0 ELSE 100000 END)
        FROM generate_series(1, ${w}::int) g(w)
        FULL JOIN (SELECT s_w_id, count(*) AS n FROM stock${set} GROUP BY s_w_id) s
          ON s.s_w_id = g.w
       WHERE g.w IS NULL OR coalesce(s.n, 0) <> 100000
       ORDER BY coalesce(g.w, s.s_w_id)
      """);

  private final String description;
  private final boolean purgeDeletes;
  private final String query;

  Cardinality(String requirement, boolean purgeDeletes, String query) {
    this.description = "TPC-C 4.3.3.1: " + requirement;
    this.purgeDeletes = purgeDeletes;
    this.query = query;
  }

  /** Its number in {@code check}'s output: C1 to C7, in the order they run. */
  public int number() {
    return ordinal() + 1;
  }

  /** What the condition requires, starting with its clause. */
  public String description() {
    return description;
  }

  /** Whether sysbench's purge transaction deletes rows of this table, so the count may drop. */
  public boolean purgeDeletes() {
    return purgeDeletes;
  }

  String query() {
    return query;
  }
}
