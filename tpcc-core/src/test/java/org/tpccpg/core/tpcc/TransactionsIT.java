package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tpccpg.core.tpcc.LoadedSet.count;
import static org.tpccpg.core.tpcc.LoadedSet.number;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tpccpg.core.sql.Tally;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Runs each transaction against a loaded set, in TPC-C mode and in sysbench compatibility, and
 * checks the statement counts of sysbench-tpcc (fact sheet 7.3), the effects and the consistency
 * conditions afterwards.
 */
class TransactionsIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();
  private static final String STOCK_TOTALS = "SELECT sum(s_order_cnt) + sum(s_ytd) FROM stock1";
  private static final int RUNS = 150;

  private static LoadedSet data;

  @BeforeAll
  static void load() throws Exception {
    data = LoadedSet.load(POSTGRES.database());
  }

  private static Connection connect() throws SQLException {
    Connection c = POSTGRES.database().connect();
    c.setAutoCommit(false);
    return c;
  }

  @ParameterizedTest(name = "sysbenchCompat={0}")
  @ValueSource(booleans = {false, true})
  void newOrderReadsTwoPlusTwoPerLineWritesThreePlusTwoPerLineAndAddsTheOrder(boolean compat)
      throws SQLException {
    NewOrder newOrder = new NewOrder(LoadedSet.shape(compat));
    InputGenerator g = data.generator(compat, compat ? 11 : 12);
    Tally t = new Tally();
    try (Connection c = connect()) {
      BigDecimal stockBefore = number(c, STOCK_TOTALS);
      long expectedStockGrowth = 0;
      for (int i = 0; i < RUNS; i++) {
        NewOrderInput in = g.newOrder();
        int lines = in.orderLineCount();
        NewOrderResult result = newOrder.execute(c, in, t.reset());
        assertEquals(in.hasUnusedItem(), result.rollbackRequested(), in::toString);
        if (result.rollbackRequested()) {
          c.rollback();
          continue;
        }
        c.commit();
        assertEquals((2 + 2 * lines) + "/" + (3 + 2 * lines) + "/0", t.counts(), in::toString);
        assertOrderStored(c, in, result.orderId());
        for (int l = 0; l < lines; l++) {
          expectedStockGrowth += compat ? 0 : 1 + in.quantity(l);
        }
      }
      assertEquals(
          stockBefore.add(BigDecimal.valueOf(expectedStockGrowth)), number(c, STOCK_TOTALS));
      assertUnusedItemRollsBack(c, newOrder, g, compat ? 2 : 1);
      LoadedSet.assertConsistent(c);
    }
  }

  private static void assertOrderStored(Connection c, NewOrderInput in, int orderId)
      throws SQLException {
    int w = in.warehouseId();
    int d = in.districtId();
    assertEquals(
        orderId + 1,
        count(c, "SELECT d_next_o_id FROM district1 WHERE d_w_id = ? AND d_id = ?", w, d));
    assertEquals(
        in.orderLineCount(),
        count(
            c,
            "SELECT count(*) FROM order_line1 WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?",
            w,
            d,
            orderId));
    assertEquals(
        1,
        count(
            c,
            "SELECT count(*) FROM new_orders1 WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?",
            w,
            d,
            orderId));
  }

  /** Draws until an order names the unused item, runs it, rolls back and finds no trace. */
  private static void assertUnusedItemRollsBack(
      Connection c, NewOrder newOrder, InputGenerator g, int fromEnd) throws SQLException {
    NewOrderInput in = g.newOrder();
    while (!in.hasUnusedItem()) {
      in = g.newOrder();
    }
    String district = "SELECT d_next_o_id FROM district1 WHERE d_w_id = ? AND d_id = ?";
    long next = count(c, district, in.warehouseId(), in.districtId());
    Tally t = new Tally();
    NewOrderResult result = newOrder.execute(c, in, t);
    c.rollback();
    assertTrue(result.rollbackRequested());
    int done = in.orderLineCount() - fromEnd;
    assertEquals((2 + 2 * done + 1) + "/" + (3 + 2 * done) + "/0", t.counts(), in::toString);
    assertEquals(next, count(c, district, in.warehouseId(), in.districtId()));
    assertEquals(
        0,
        count(
            c,
            "SELECT count(*) FROM orders1 WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?",
            in.warehouseId(),
            in.districtId(),
            result.orderId()));
    c.commit();
  }

  @ParameterizedTest(name = "sysbenchCompat={0}")
  @ValueSource(booleans = {false, true})
  void paymentReadsThreePlusTwoByNamePlusOneBadCreditWritesFourAndMovesTheMoney(boolean compat)
      throws SQLException {
    Payment payment = new Payment(LoadedSet.shape(compat));
    InputGenerator g = data.generator(compat, compat ? 21 : 22);
    Tally t = new Tally();
    String totals =
        "SELECT (SELECT sum(w_ytd) FROM warehouse1) + (SELECT sum(d_ytd) FROM district1)"
            + " - (SELECT sum(c_balance) FROM customer1) + (SELECT sum(h_amount) FROM history1)";
    String counts =
        "SELECT (SELECT count(*) FROM history1) * 1000000 + (SELECT sum(c_payment_cnt) FROM"
            + " customer1)";
    try (Connection c = connect()) {
      BigDecimal moneyBefore = number(c, totals);
      long countsBefore = count(c, counts);
      long cents = 0;
      int badCredit = 0;
      for (int i = 0; i < RUNS; i++) {
        PaymentInput in = g.payment();
        PaymentResult result = payment.execute(c, in, t.reset());
        c.commit();
        int reads = 3 + (in.byName() ? 2 : 0) + (result.badCredit() ? 1 : 0);
        assertEquals(reads + "/4/0", t.counts(), in::toString);
        cents += in.amountCents();
        badCredit += result.badCredit() ? 1 : 0;
      }
      assertTrue(badCredit > 0, "no bad-credit customer paid");
      BigDecimal moved = BigDecimal.valueOf(cents, 2).multiply(BigDecimal.valueOf(4));
      assertEquals(0, moneyBefore.add(moved).compareTo(number(c, totals)));
      assertEquals(countsBefore + RUNS * (compat ? 1_000_000L : 1_000_001L), count(c, counts));
      LoadedSet.assertConsistent(c);
    }
  }

  @ParameterizedTest(name = "sysbenchCompat={0}")
  @ValueSource(booleans = {false, true})
  void orderStatusReadsThreeByIdOrFourByNameAndFindsTheLatestOrder(boolean compat)
      throws SQLException {
    OrderStatus orderStatus = new OrderStatus(LoadedSet.shape(compat));
    InputGenerator g = data.generator(compat, compat ? 31 : 32);
    Tally t = new Tally();
    try (Connection c = connect()) {
      for (int i = 0; i < RUNS; i++) {
        var in = g.orderStatus();
        OrderStatusResult result = orderStatus.execute(c, in, t.reset());
        c.commit();
        assertEquals((in.byName() ? 4 : 3) + "/0/0", t.counts(), in::toString);
        long latest =
            count(
                c,
                "SELECT max(o_id) FROM orders1 WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ?",
                in.warehouseId(),
                in.districtId(),
                result.customerId());
        assertEquals(latest, result.orderId(), in::toString);
        assertTrue(result.orderLineCount() >= 5, in::toString);
      }
      c.commit();
    }
  }

  @ParameterizedTest(name = "sysbenchCompat={0}")
  @ValueSource(booleans = {false, true})
  void deliveryOfTenDistrictsReadsThirtyWritesFortyAndDeliversTheOldestOrders(boolean compat)
      throws SQLException {
    Delivery delivery = new Delivery(LoadedSet.shape(compat));
    InputGenerator g = data.generator(compat, compat ? 41 : 42);
    Tally t = new Tally();
    String pending = "SELECT count(*) FROM new_orders1";
    String undelivered = "SELECT count(*) FROM orders1 WHERE o_carrier_id IS NULL";
    try (Connection c = connect()) {
      long pendingBefore = count(c, pending);
      long undeliveredBefore = count(c, undelivered);
      for (int i = 0; i < RUNS / 5; i++) {
        var result = delivery.execute(c, g.delivery(), t.reset());
        c.commit();
        assertEquals(10, result.districtsDelivered());
        assertEquals("30/40/0", t.counts());
      }
      assertEquals(pendingBefore - RUNS / 5 * 10, count(c, pending));
      assertEquals(undeliveredBefore - RUNS / 5 * 10, count(c, undelivered));
      LoadedSet.assertConsistent(c);
    }
  }

  @ParameterizedTest(name = "sysbenchCompat={0}")
  @ValueSource(booleans = {false, true})
  void stockLevelReadsTwiceAndCountsLowStock(boolean compat) throws SQLException {
    StockLevel stockLevel = new StockLevel(LoadedSet.shape(compat));
    InputGenerator g = data.generator(compat, compat ? 51 : 52);
    Tally t = new Tally();
    try (Connection c = connect()) {
      for (int i = 0; i < RUNS; i++) {
        StockLevelResult result = stockLevel.execute(c, g.stockLevel(), t.reset());
        c.commit();
        assertEquals("2/0/0", t.counts());
        assertTrue(result.lowStock() >= 0);
      }
      LoadedSet.assertConsistent(c);
    }
  }
}
