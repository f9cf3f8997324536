package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tpccpg.core.tpcc.LoadedSet.count;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.core.sql.Tally;
import org.tpccpg.core.tpcc.mode.TxnMode;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Purge and the empty-district path of Delivery. A purge needs a customer with two delivered orders
 * placed after the load, which takes all 900 initial new orders of a district delivered first: the
 * test does that for one district in one set-based statement that has the effects of Delivery
 * (carrier, delivery dates, customer balances, NEW-ORDER rows), then places and delivers the orders
 * with the library.
 */
class PurgeIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();
  // Customers whose one order from the load is among those delivered at load (o_id <= 2100), so
  // that the orders the test places are their only ones above 2100, whatever the generator drew.
  private static final String DELIVERED_AT_LOAD =
      """
      SELECT o_c_id FROM orders1 WHERE o_w_id = ? AND o_d_id = 1 AND o_id <= 2100
       ORDER BY o_c_id LIMIT 2""";
  // Deleting history and delivered order lines breaks these; the test of either mode may run
  // after the other's purge.
  private static final ConsistencyCondition[] BROKEN_BY_PURGE = {
    ConsistencyCondition.WAREHOUSE_YTD_IS_SUM_OF_HISTORY,
    ConsistencyCondition.DISTRICT_YTD_IS_SUM_OF_HISTORY,
    ConsistencyCondition.CUSTOMER_BALANCE,
    ConsistencyCondition.CUSTOMER_BALANCE_PLUS_PAYMENTS
  };
  private static final String DELIVER_DISTRICT =
      """
      WITH gone AS (DELETE FROM new_orders1 WHERE no_w_id = ? AND no_d_id = 1 RETURNING no_o_id),
           o AS (UPDATE orders1 SET o_carrier_id = 1
                  WHERE o_w_id = ? AND o_d_id = 1 AND o_id IN (SELECT no_o_id FROM gone)
              RETURNING o_id, o_c_id),
           l AS (UPDATE order_line1 SET ol_delivery_d = now()
                  WHERE ol_w_id = ? AND ol_d_id = 1 AND ol_o_id IN (SELECT o_id FROM o)
              RETURNING ol_o_id, ol_amount)
      UPDATE customer1 c SET c_balance = c_balance + s.total, c_delivery_cnt = c_delivery_cnt + 1
        FROM (SELECT o.o_c_id, sum(l.ol_amount) AS total
                FROM o JOIN l ON l.ol_o_id = o.o_id GROUP BY o.o_c_id) s
       WHERE c.c_w_id = ? AND c.c_d_id = 1 AND c.c_id = s.o_c_id""";

  @BeforeAll
  static void load() throws Exception {
    LoadedSet.load(POSTGRES.database());
  }

  @ParameterizedTest(name = "sysbenchCompat={0}")
  @ValueSource(booleans = {false, true})
  void purgeDeletesAnOrderOfACustomerWithTwoDeliveredOrdersAndTenHistoryRows(boolean compat)
      throws SQLException {
    WorkloadShape shape = LoadedSet.shape(compat);
    Purge purge = new Purge(shape);
    int w = compat ? 2 : 1;
    try (Connection c = POSTGRES.database().connect()) {
      c.setAutoCommit(false);
      deliverDistrictOne(c, w);
      assertEmptyDistrictIsSkipped(c, shape, purge, w);
      int[] customers = customersDeliveredAtLoad(c, w);
      int first = placeOrder(c, shape, w, customers[0]);
      int second = placeOrder(c, shape, w, customers[0]);
      placeOrder(c, shape, w, customers[1]);
      Tally t = new Tally();
      for (int i = 0; i < 2; i++) {
        new Delivery(shape).execute(c, new DeliveryInput(1, w, 4), t.reset());
        c.commit();
        assertEquals("30/40/0", t.counts());
      }
      long history = count(c, "SELECT count(*) FROM history1");
      PurgeResult purged = purge.execute(c, new PurgeInput(1, w, 1), t.reset());
      c.commit();
      assertEquals("2/3/0", t.counts());
      assertEquals(10, purged.historyRowsDeleted());
      assertEquals(history - 10, count(c, "SELECT count(*) FROM history1"));
      // sysbench-tpcc may take any order of the customer; TPC-C mode the oldest delivered one.
      assertTrue(compat ? purged.purged() : purged.purgedOrderId() == first, purged::toString);
      assertTrue(compat || purged.purgedOrderId() != second);
      String lines =
          "SELECT count(*) FROM order_line1 WHERE ol_w_id = ? AND ol_d_id = 1 AND ol_o_id = ?";
      assertEquals(0, count(c, lines, w, purged.purgedOrderId()));
      PurgeResult nothing = purge.execute(c, new PurgeInput(1, w, 2), t.reset());
      c.commit();
      assertFalse(nothing.purged());
      assertEquals("2/0/0", t.counts(), "district 2 has no customer with two new orders");
      LoadedSet.assertConsistent(c, BROKEN_BY_PURGE);
    }
  }

  /**
   * Every mode's transaction set purges, as the same statements (purge is not TPC-C, so no mode
   * batches it or has a function for it), and the dispatcher reaches it through the set.
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(TxnMode.class)
  void everyModePurgesWithTheSameStatements(TxnMode mode) throws SQLException {
    WorkloadShape shape = LoadedSet.shape(false);
    try (Connection c = POSTGRES.database().connect()) {
      c.setAutoCommit(false);
      Tally t = new Tally();
      PurgeResult direct = mode.transactions(shape).purge(c, new PurgeInput(1, 1, 7), t);
      assertFalse(direct.purged(), "every customer of the load has one order");
      assertEquals("2/0/0", t.counts(), "the oldest new order, then no customer with two");
      TransactionResult dispatched =
          new Dispatcher(mode.transactions(shape)).execute(c, new PurgeInput(1, 1, 7), t.reset());
      assertEquals(direct, dispatched);
      assertEquals("2/0/0", t.counts());
      c.rollback();
    }
  }

  /** Delivery reads once for a district without new orders; purge finds nothing there. */
  private static void assertEmptyDistrictIsSkipped(
      Connection c, WorkloadShape shape, Purge purge, int w) throws SQLException {
    Tally t = new Tally();
    DeliveryResult delivery = new Delivery(shape).execute(c, new DeliveryInput(1, w, 3), t);
    c.commit();
    assertEquals(9, delivery.districtsDelivered());
    assertEquals("28/36/0", t.counts(), "district 1 has no new order: one read");
    PurgeResult none = purge.execute(c, new PurgeInput(1, w, 1), t.reset());
    c.commit();
    assertFalse(none.purged());
    assertEquals("1/0/0", t.counts(), "no new orders: only the min(no_o_id) read");
  }

  /** Delivers every pending order of district 1 of {@code w} at once. */
  private static void deliverDistrictOne(Connection c, int w) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(DELIVER_DISTRICT)) {
      for (int p = 1; p <= 4; p++) {
        s.setInt(p, w);
      }
      assertTrue(s.executeUpdate() > 800);
    }
    c.commit();
    LoadedSet.assertConsistent(c, BROKEN_BY_PURGE);
  }

  private static int placeOrder(Connection c, WorkloadShape shape, int w, int customer)
      throws SQLException {
    int[] home = {w, w, w, w, w};
    NewOrderInput in =
        new NewOrderInput(1, w, 1, customer, new int[] {11, 12, 13, 14, 15}, home, home, true);
    int orderId = new NewOrder(shape).execute(c, in, new Tally()).orderId();
    c.commit();
    return orderId;
  }

  private static int[] customersDeliveredAtLoad(Connection c, int w) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(DELIVERED_AT_LOAD)) {
      s.setInt(1, w);
      try (ResultSet rows = s.executeQuery()) {
        int[] customers = new int[2];
        for (int i = 0; i < 2; i++) {
          assertTrue(rows.next(), "two customers with an order delivered at load");
          customers[i] = rows.getInt(1);
        }
        return customers;
      }
    }
  }
}
