package org.tpccpg.core.check;

import java.util.List;

/**
 * A consistent set 1 small enough to reason about by hand. District 1 has orders 1-5 (1-2
 * delivered, 3-5 new), district 2 orders 1-3 (1-2 delivered, 3 new), so count(ORDER) -
 * count(NEW-ORDER) is 2 in both. Each customer paid once; C_BALANCE is delivered amounts minus
 * payments, and W_YTD and D_YTD are the sums of the payments.
 */
final class SmallDataSet {
  private SmallDataSet() {}

  static final List<String> INSERTS =
      List.of(
          """
          INSERT INTO warehouse1 VALUES (1, 'w1', 'street 1', 'street 2', 'city', 'ST',
            '123456789', 0.10, 65.00)""",
          """
          INSERT INTO district1 (d_id, d_w_id, d_name, d_tax, d_ytd, d_next_o_id) VALUES
            (1, 1, 'd1', 0.05, 30.00, 6),
            (2, 1, 'd2', 0.05, 35.00, 4)""",
          """
          INSERT INTO item1 VALUES (1, 11, 'item 1', 1.00, 'data'), (2, 12, 'item 2', 2.00, 'data'),
            (3, 13, 'item 3', 3.00, 'data')""",
          """
          INSERT INTO stock1 (s_i_id, s_w_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt) VALUES
            (1, 1, 50, 0, 0, 0), (2, 1, 50, 0, 0, 0), (3, 1, 50, 0, 0, 0)""",
          """
          INSERT INTO customer1 (c_id, c_d_id, c_w_id, c_last, c_credit, c_credit_lim, c_discount,
            c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt) VALUES
            (1, 1, 1, 'BARBARBAR', 'GC', 50000, 0.10, 2.50, 10.00, 1, 1),
            (2, 1, 1, 'BARBAROUGHT', 'GC', 50000, 0.10, -8.00, 20.00, 1, 1),
            (1, 2, 1, 'BARBARABLE', 'BC', 50000, 0.10, 10.00, 30.00, 1, 1),
            (2, 2, 1, 'BARBARPRI', 'GC', 50000, 0.10, 1.00, 5.00, 1, 1)""",
          """
          INSERT INTO history1 VALUES
            (1, 1, 1, 1, 1, now(), 10.00, 'paid'), (2, 1, 1, 1, 1, now(), 20.00, 'paid'),
            (1, 2, 1, 2, 1, now(), 30.00, 'paid'), (2, 2, 1, 2, 1, now(), 5.00, 'paid')""",
          """
          INSERT INTO orders1 VALUES
            (1, 1, 1, 1, now(), 3, 2, 1), (2, 1, 1, 2, now(), 4, 1, 1),
            (3, 1, 1, 1, now(), NULL, 1, 1), (4, 1, 1, 2, now(), NULL, 2, 1),
            (5, 1, 1, 1, now(), NULL, 1, 1),
            (1, 2, 1, 1, now(), 1, 1, 1), (2, 2, 1, 2, now(), 2, 1, 1),
            (3, 2, 1, 1, now(), NULL, 1, 1)""",
          "INSERT INTO new_orders1 VALUES (3, 1, 1), (4, 1, 1), (5, 1, 1), (3, 2, 1)",
          """
          INSERT INTO order_line1 VALUES
            (1, 1, 1, 1, 1, 1, now(), 5, 5.00, 'x'), (1, 1, 1, 2, 2, 1, now(), 5, 7.50, 'x'),
            (2, 1, 1, 1, 3, 1, now(), 5, 12.00, 'x'),
            (3, 1, 1, 1, 1, 1, NULL, 5, 3.00, 'x'),
            (4, 1, 1, 1, 2, 1, NULL, 5, 4.00, 'x'), (4, 1, 1, 2, 3, 1, NULL, 5, 6.00, 'x'),
            (5, 1, 1, 1, 1, 1, NULL, 5, 8.00, 'x'),
            (1, 2, 1, 1, 1, 1, now(), 5, 40.00, 'x'),
            (2, 2, 1, 1, 2, 1, now(), 5, 6.00, 'x'),
            (3, 2, 1, 1, 3, 1, NULL, 5, 9.99, 'x')""");
}
