package org.tpccpg.core.tpcc.batched;

import java.util.List;

/**
 * Test helper: delivers every undelivered order of districts 9 and 10 of warehouse 2 in set 1 at
 * once, as Deliveries would have (carrier, delivery date, customer balance and delivery count), so
 * that the data stays consistent and the next Deliveries there find no new order.
 */
final class DrainedDistricts {
  private DrainedDistricts() {}

  static final List<String> STATEMENTS =
      List.of(
          """
          UPDATE customer1
             SET c_balance = c_balance + t.total, c_delivery_cnt = c_delivery_cnt + t.orders
            FROM (SELECT o_d_id, o_c_id, count(DISTINCT o_id) AS orders, sum(ol_amount) AS total
                    FROM orders1 JOIN order_line1
                      ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id
                   WHERE o_w_id = 2 AND o_d_id IN (9, 10) AND o_carrier_id IS NULL
                   GROUP BY o_d_id, o_c_id) AS t
           WHERE c_w_id = 2 AND c_d_id = t.o_d_id AND c_id = t.o_c_id""",
          """
          UPDATE order_line1 SET ol_delivery_d = '2026-11-30 10:00:00'
           WHERE ol_w_id = 2 AND ol_d_id IN (9, 10) AND ol_delivery_d IS NULL""",
          """
          UPDATE orders1 SET o_carrier_id = 1
           WHERE o_w_id = 2 AND o_d_id IN (9, 10) AND o_carrier_id IS NULL""",
          "DELETE FROM new_orders1 WHERE no_w_id = 2 AND no_d_id IN (9, 10)");
}
