package org.tpccpg.core.check;

/**
 * The SQL behind {@link ConsistencyCondition}: for each TPC-C 3.3.2 condition, the rows that break
 * it, described by one text column.
 */
final class ConditionQueries {
  private ConditionQueries() {}

  static final String WAREHOUSE_YTD =
      """
      SELECT format('w_id=%s w_ytd=%s sum(d_ytd)=%s', w.w_id, w.w_ytd, coalesce(d.ytd, 0))
      FROM warehouse${set} w
      LEFT JOIN (SELECT d_w_id, sum(d_ytd) AS ytd FROM district${set}
                 WHERE d_w_id BETWEEN ${first} AND ${last} GROUP BY d_w_id) d
        ON d.d_w_id = w.w_id
      WHERE w.w_id BETWEEN ${first} AND ${last} AND w.w_ytd IS DISTINCT FROM coalesce(d.ytd, 0)
      ORDER BY w.w_id
      """;

  static final String NEXT_ORDER_ID =
      """
      SELECT format('w_id=%s d_id=%s d_next_o_id=%s max(o_id)=%s max(no_o_id)=%s',
                    d.d_w_id, d.d_id, d.d_next_o_id, coalesce(o.max_id, 0), n.max_id)
      FROM district${set} d
      LEFT JOIN (SELECT o_w_id, o_d_id, max(o_id) AS max_id FROM orders${set}
                 WHERE o_w_id BETWEEN ${first} AND ${last} GROUP BY o_w_id, o_d_id) o
        ON o.o_w_id = d.d_w_id AND o.o_d_id = d.d_id
      LEFT JOIN (SELECT no_w_id, no_d_id, max(no_o_id) AS max_id FROM new_orders${set}
                 WHERE no_w_id BETWEEN ${first} AND ${last} GROUP BY no_w_id, no_d_id) n
        ON n.no_w_id = d.d_w_id AND n.no_d_id = d.d_id
      WHERE d.d_w_id BETWEEN ${first} AND ${last}
        AND (d.d_next_o_id - 1 IS DISTINCT FROM coalesce(o.max_id, 0)
             OR n.max_id <> d.d_next_o_id - 1)
      ORDER BY d.d_w_id, d.d_id
      """;

  static final String NEW_ORDER_GAPS =
      """
      SELECT format('w_id=%s d_id=%s max(no_o_id)=%s min(no_o_id)=%s count=%s',
                    no_w_id, no_d_id, max(no_o_id), min(no_o_id), count(*))
      FROM new_orders${set}
      WHERE no_w_id BETWEEN ${first} AND ${last}
      GROUP BY no_w_id, no_d_id
      HAVING max(no_o_id) - min(no_o_id) + 1 <> count(*)
      ORDER BY no_w_id, no_d_id
      """;

  static final String DISTRICT_LINES =
      """
      SELECT format('w_id=%s d_id=%s sum(o_ol_cnt)=%s order_line rows=%s',
                    coalesce(o.o_w_id, l.ol_w_id), coalesce(o.o_d_id, l.ol_d_id),
                    coalesce(o.lines, 0), coalesce(l.lines, 0))
      FROM (SELECT o_w_id, o_d_id, sum(o_ol_cnt) AS lines FROM orders${set}
            WHERE o_w_id BETWEEN ${first} AND ${last} GROUP BY o_w_id, o_d_id) o
      FULL JOIN (SELECT ol_w_id, ol_d_id, count(*) AS lines FROM order_line${set}
                 WHERE ol_w_id BETWEEN ${first} AND ${last} GROUP BY ol_w_id, ol_d_id) l
        ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id
      WHERE coalesce(o.lines, 0) <> coalesce(l.lines, 0)
      ORDER BY coalesce(o.o_w_id, l.ol_w_id), coalesce(o.o_d_id, l.ol_d_id)
      """;

  static final String CARRIER_VERSUS_NEW_ORDER =
      """
      SELECT format('w_id=%s d_id=%s o_id=%s: %s',
                    coalesce(o.o_w_id, n.no_w_id), coalesce(o.o_d_id, n.no_d_id),
                    coalesce(o.o_id, n.no_o_id),
                    CASE WHEN o.o_id IS NULL THEN 'new_orders row without order'
                         WHEN o.o_carrier_id IS NULL THEN 'o_carrier_id null, no new_orders row'
                         ELSE 'o_carrier_id ' || o.o_carrier_id || ' and a new_orders row' END)
      FROM (SELECT o_w_id, o_d_id, o_id, o_carrier_id FROM orders${set}
            WHERE o_w_id BETWEEN ${first} AND ${last}) o
      FULL JOIN (SELECT no_w_id, no_d_id, no_o_id FROM new_orders${set}
                 WHERE no_w_id BETWEEN ${first} AND ${last}) n
        ON n.no_w_id = o.o_w_id AND n.no_d_id = o.o_d_id AND n.no_o_id = o.o_id
      WHERE o.o_id IS NULL OR (o.o_carrier_id IS NULL) <> (n.no_o_id IS NOT NULL)
      ORDER BY coalesce(o.o_w_id, n.no_w_id), coalesce(o.o_d_id, n.no_d_id),
               coalesce(o.o_id, n.no_o_id)
      """;

  static final String ORDER_LINES =
      """
      SELECT format('w_id=%s d_id=%s o_id=%s o_ol_cnt=%s order_line rows=%s',
                    coalesce(o.o_w_id, l.ol_w_id), coalesce(o.o_d_id, l.ol_d_id),
                    coalesce(o.o_id, l.ol_o_id), o.o_ol_cnt, coalesce(l.lines, 0))
      FROM (SELECT o_w_id, o_d_id, o_id, o_ol_cnt FROM orders${set}
            WHERE o_w_id BETWEEN ${first} AND ${last}) o
      FULL JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, count(*) AS lines FROM order_line${set}
                 WHERE ol_w_id BETWEEN ${first} AND ${last} GROUP BY ol_w_id, ol_d_id, ol_o_id) l
        ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id
      WHERE o.o_ol_cnt IS DISTINCT FROM coalesce(l.lines, 0)
      ORDER BY coalesce(o.o_w_id, l.ol_w_id), coalesce(o.o_d_id, l.ol_d_id),
               coalesce(o.o_id, l.ol_o_id)
      """;

  static final String DELIVERY_VERSUS_CARRIER =
      """
      SELECT format('w_id=%s d_id=%s o_id=%s ol_number=%s: ol_delivery_d %s, o_carrier_id %s',
                    ol.ol_w_id, ol.ol_d_id, ol.ol_o_id, ol.ol_number,
                    CASE WHEN ol.ol_delivery_d IS NULL THEN 'null' ELSE 'set' END,
                    coalesce(o.o_carrier_id::text, 'null'))
      FROM order_line${set} ol
      JOIN orders${set} o ON o.o_w_id = ol.ol_w_id AND o.o_d_id = ol.ol_d_id AND o.o_id = ol.ol_o_id
      WHERE ol.ol_w_id BETWEEN ${first} AND ${last} AND o.o_w_id BETWEEN ${first} AND ${last}
        AND (ol.ol_delivery_d IS NULL) <> (o.o_carrier_id IS NULL)
      ORDER BY ol.ol_w_id, ol.ol_d_id, ol.ol_o_id, ol.ol_number
      """;

  static final String WAREHOUSE_HISTORY =
      """
      SELECT format('w_id=%s w_ytd=%s sum(h_amount)=%s', w.w_id, w.w_ytd, coalesce(h.amount, 0))
      FROM warehouse${set} w
      LEFT JOIN (SELECT h_w_id, sum(h_amount) AS amount FROM history${set}
                 WHERE h_w_id BETWEEN ${first} AND ${last} GROUP BY h_w_id) h
        ON h.h_w_id = w.w_id
      WHERE w.w_id BETWEEN ${first} AND ${last} AND w.w_ytd IS DISTINCT FROM coalesce(h.amount, 0)
      ORDER BY w.w_id
      """;

  static final String DISTRICT_HISTORY =
      """
      SELECT format('w_id=%s d_id=%s d_ytd=%s sum(h_amount)=%s',
                    d.d_w_id, d.d_id, d.d_ytd, coalesce(h.amount, 0))
      FROM district${set} d
      LEFT JOIN (SELECT h_w_id, h_d_id, sum(h_amount) AS amount FROM history${set}
                 WHERE h_w_id BETWEEN ${first} AND ${last} GROUP BY h_w_id, h_d_id) h
        ON h.h_w_id = d.d_w_id AND h.h_d_id = d.d_id
      WHERE d.d_w_id BETWEEN ${first} AND ${last} AND d.d_ytd IS DISTINCT FROM coalesce(h.amount, 0)
      ORDER BY d.d_w_id, d.d_id
      """;

  /** Delivered order-line amounts per customer, joined to CUSTOMER as {@code d}. */
  private static final String DELIVERED_PER_CUSTOMER =
      """
      LEFT JOIN (SELECT o.o_w_id, o.o_d_id, o.o_c_id, sum(ol.ol_amount) AS amount
                 FROM orders${set} o
                 JOIN order_line${set} ol
                   ON ol.ol_w_id = o.o_w_id AND ol.ol_d_id = o.o_d_id AND ol.ol_o_id = o.o_id
                 WHERE o.o_w_id BETWEEN ${first} AND ${last}
                   AND ol.ol_w_id BETWEEN ${first} AND ${last} AND ol.ol_delivery_d IS NOT NULL
                 GROUP BY o.o_w_id, o.o_d_id, o.o_c_id) d
        ON d.o_w_id = c.c_w_id AND d.o_d_id = c.c_d_id AND d.o_c_id = c.c_id
      """;

  static final String CUSTOMER_BALANCE =
      """
      SELECT format('w_id=%s d_id=%s c_id=%s c_balance=%s delivered=%s sum(h_amount)=%s',
                    c.c_w_id, c.c_d_id, c.c_id, c.c_balance, coalesce(d.amount, 0),
                    coalesce(h.amount, 0))
      FROM customer${set} c
      """
          + DELIVERED_PER_CUSTOMER
          + """
      LEFT JOIN (SELECT h_c_w_id, h_c_d_id, h_c_id, sum(h_amount) AS amount FROM history${set}
                 WHERE h_c_w_id BETWEEN ${first} AND ${last} GROUP BY h_c_w_id, h_c_d_id, h_c_id) h
        ON h.h_c_w_id = c.c_w_id AND h.h_c_d_id = c.c_d_id AND h.h_c_id = c.c_id
      WHERE c.c_w_id BETWEEN ${first} AND ${last}
        AND c.c_balance IS DISTINCT FROM coalesce(d.amount, 0) - coalesce(h.amount, 0)
      ORDER BY c.c_w_id, c.c_d_id, c.c_id
      """;

  static final String DELIVERED_ORDERS =
      """
      SELECT format('w_id=%s d_id=%s count(orders)=%s count(new_orders)=%s',
                    d.d_w_id, d.d_id, coalesce(o.n, 0), coalesce(n.n, 0))
      FROM district${set} d
      LEFT JOIN (SELECT o_w_id, o_d_id, count(*) AS n FROM orders${set}
                 WHERE o_w_id BETWEEN ${first} AND ${last} GROUP BY o_w_id, o_d_id) o
        ON o.o_w_id = d.d_w_id AND o.o_d_id = d.d_id
      LEFT JOIN (SELECT no_w_id, no_d_id, count(*) AS n FROM new_orders${set}
                 WHERE no_w_id BETWEEN ${first} AND ${last} GROUP BY no_w_id, no_d_id) n
        ON n.no_w_id = d.d_w_id AND n.no_d_id = d.d_id
      WHERE d.d_w_id BETWEEN ${first} AND ${last}
        AND coalesce(o.n, 0) - coalesce(n.n, 0) <> ${delivered}
      ORDER BY d.d_w_id, d.d_id
      """;

  static final String BALANCE_PLUS_PAYMENTS =
      """
      SELECT format('w_id=%s d_id=%s c_id=%s c_balance+c_ytd_payment=%s delivered=%s',
                    c.c_w_id, c.c_d_id, c.c_id, c.c_balance + c.c_ytd_payment,
                    coalesce(d.amount, 0))
      FROM customer${set} c
      """
          + DELIVERED_PER_CUSTOMER
          + """
      WHERE c.c_w_id BETWEEN ${first} AND ${last}
        AND c.c_balance + c.c_ytd_payment IS DISTINCT FROM coalesce(d.amount, 0)
      ORDER BY c.c_w_id, c.c_d_id, c.c_id
      """;
}
