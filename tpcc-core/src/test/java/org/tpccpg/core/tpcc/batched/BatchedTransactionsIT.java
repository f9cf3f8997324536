package org.tpccpg.core.tpcc.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.TpccTable;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.DeliveryInput;
import org.tpccpg.core.tpcc.DeliveryResult;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.NewOrderResult;
import org.tpccpg.core.tpcc.StatementTransactions;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.testkit.FullDataSet;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/**
 * Feeds one seeded input stream through the statements style on one copy of a two-warehouse data
 * set and through the batched style on another, committing or rolling back as the driver does, and
 * compares the results, every table row by row, and the round trips each style took. The tests that
 * compare the copies run first: the concurrent ones change the batched copy alone.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BatchedTransactionsIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final WorkloadShape SHAPE = WorkloadShape.of(1, 2);
  private static final long SEED = 20261201L;
  private static final int TRANSACTIONS = 400;
  private static final ConsistencyCheck CHECK =
      ConsistencyCheck.allConditions().skipping(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT);

  private static NuRandConstants loadConstants;
  private static String copyName;

  @BeforeAll
  static void loadTwoWarehousesAndCopyThem() throws SQLException, IOException {
    TestDatabase db = POSTGRES.database();
    try (Connection c = db.connect()) {
      loadConstants = FullDataSet.load(c, 1, SHAPE.warehousesPerSet(), SEED);
      // Deliver every order of districts 9 and 10 of warehouse 2 ahead of the run, keeping the
      // data consistent, so that Deliveries there find no new order and skip (TPC-C 2.7.4.2).
      FullDataSet.execute(c, DrainedDistricts.STATEMENTS);
    }
    copyName = db.name() + "_batched";
    try (Connection admin = db.connectAdmin();
        Statement s = admin.createStatement()) {
      s.execute("CREATE DATABASE " + copyName + " TEMPLATE " + db.name());
    }
  }

  @AfterAll
  static void dropTheCopy() throws SQLException {
    if (copyName != null) {
      TestServer.instance().dropDatabase(copyName);
    }
  }

  @Test
  @Order(1)
  void theSameInputsMakeTheSameChangesAndResultsInBothStyles() throws SQLException {
    InputStream stream = InputStream.generate(SHAPE, loadConstants, SEED, TRANSACTIONS);
    assertTrue(stream.forcedRollbacks() > 0 && stream.repeatedStockRows() > 0);
    assertTrue(stream.byName() > 0 && stream.remote() > 0);
    try (Connection statements = connect(POSTGRES.database().name());
        Connection batched = connect(copyName)) {
      StreamRun expected = StreamRun.run(statements, new StatementTransactions(SHAPE), stream);
      StreamRun actual = StreamRun.run(batched, new BatchedTransactions(SHAPE), stream);
      for (int i = 0; i < stream.inputs().size(); i++) {
        Object input = stream.inputs().get(i);
        assertEquals(expected.outcomes().get(i), actual.outcomes().get(i), i + ": " + input);
      }
      assertTrue(
          expected.outcomes().stream()
              .anyMatch(o -> o instanceof NewOrderResult r && r.rollbackRequested()));
      assertTrue(
          expected.outcomes().stream()
              .anyMatch(o -> o instanceof DeliveryResult r && r.districtsSkipped() > 0));
      List<String> differences = new ArrayList<>();
      for (TpccTable table : TpccTable.values()) {
        String difference = TableContents.difference(statements, batched, 1, table);
        if (!difference.isEmpty()) {
          differences.add(difference);
        }
      }
      assertEquals(List.of(), differences);
      assertConsistent(statements);
      assertConsistent(batched);
      report(expected, actual);
    }
  }

  @Test
  void missingRowsRaiseTheSameSqlStateInBothStyles() throws SQLException {
    try (Connection statements = connect(POSTGRES.database().name());
        Connection batched = connect(copyName)) {
      for (Object input : MissingRows.inputs()) {
        String expected = StreamRun.sqlState(statements, new StatementTransactions(SHAPE), input);
        String actual = StreamRun.sqlState(batched, new BatchedTransactions(SHAPE), input);
        assertEquals("02000", expected, input.toString());
        assertEquals(expected, actual, input.toString());
      }
    }
  }

  @Test
  @Order(2)
  void theBatchedStatementsAlsoRunInSimpleQueryMode() throws SQLException {
    // pgjdbc's simple query mode (--db-ps-mode=disable) inlines the parameters, arrays included.
    InputStream stream = InputStream.generate(SHAPE, loadConstants, SEED + 7, 40);
    Properties simple = new Properties();
    simple.setProperty("preferQueryMode", "simple");
    try (Connection statements = connect(POSTGRES.database().name());
        Connection batched = connect(copyName, simple)) {
      List<Object> expected =
          StreamRun.rolledBack(statements, new StatementTransactions(SHAPE), stream);
      assertTrue(expected.stream().noneMatch(o -> o instanceof String), expected::toString);
      assertEquals(expected, StreamRun.rolledBack(batched, new BatchedTransactions(SHAPE), stream));
    }
  }

  @Test
  @Order(3)
  void concurrentBatchedTransactionsNeitherDeadlockNorBreakConsistency() throws Exception {
    // Rows are locked in the statements style's order (district before stock, stock sorted,
    // warehouse before district before customer), so only lock waits happen, no deadlock.
    int threads = 4;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<List<String>>> failures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        InputStream stream = InputStream.generate(SHAPE, loadConstants, SEED + 100 + t, 50);
        failures.add(
            pool.submit(
                () -> {
                  try (Connection c = connect(copyName)) {
                    return StreamRun.runRetrying(
                        c, new BatchedTransactions(SHAPE), stream, Set.of("40P01", "40001"));
                  }
                }));
      }
      for (Future<List<String>> failure : failures) {
        assertEquals(List.of(), failure.get());
      }
    } finally {
      pool.shutdownNow();
    }
    try (Connection batched = connect(copyName)) {
      assertConsistent(batched);
    }
  }

  @Test
  @Order(4)
  void aNewOrderWaitingForStockRowsAnUpdateHoldsGetsEveryRowAtItsCommittedValue() throws Exception {
    // READ COMMITTED rechecks each stock row A updated once A commits (EvalPlanQual); the
    // recheck must keep the row, and New-Order must read A's quantity (TPC-C 2.4.2.2).
    int[] items = {11, 22, 33, 44, 55};
    int[] supplyWarehouses = {1, 1, 2, 1, 1};
    NewOrderInput in = new NewOrderInput(1, 1, 1, 1, items, supplyWarehouses, ones(5), false);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (Connection a = connect(copyName);
        Connection b = connect(copyName)) {
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      try (PreparedStatement s =
          a.prepareStatement("UPDATE stock1 SET s_quantity = 50 WHERE s_w_id = ? AND s_i_id = ?")) {
        for (int i = 0; i < items.length; i++) {
          s.setInt(1, supplyWarehouses[i]);
          s.setInt(2, items[i]);
          assertEquals(1, s.executeUpdate(), "stock row of line " + i);
        }
      }
      int waiter = backendPid(b);
      Future<NewOrderResult> order =
          pool.submit(() -> new BatchedTransactions(SHAPE).newOrder(b, in, StatementCounter.NONE));
      awaitLockWait(a, waiter);
      a.commit();
      NewOrderResult result = order.get(60, TimeUnit.SECONDS);
      assertFalse(result.rollbackRequested());
      // 50 at least the line's quantity + 10: the new quantity is 50 - 1 (TPC-C 2.4.2.2)
      try (PreparedStatement s =
          b.prepareStatement("SELECT s_quantity FROM stock1 WHERE s_w_id = ? AND s_i_id = ?")) {
        for (int i = 0; i < items.length; i++) {
          s.setInt(1, supplyWarehouses[i]);
          s.setInt(2, items[i]);
          try (ResultSet rows = s.executeQuery()) {
            assertTrue(rows.next());
            assertEquals(49, rows.getInt(1), "s_quantity of line " + i);
          }
        }
      }
      b.rollback();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  @Order(5)
  void aDeliveryWaitingForCustomersAnUpdateHoldsCreditsEveryOne() throws Exception {
    // As for New-Order's stock rows: the recheck must keep each customer (TPC-C 2.7.4.2).
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (Connection a = connect(copyName);
        Connection b = connect(copyName)) {
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      List<Owed> owed = owedCustomers(a);
      assertTrue(owed.size() > 1, owed::toString);
      try (PreparedStatement s =
          a.prepareStatement(
              "UPDATE customer1 SET c_balance = c_balance"
                  + " WHERE c_w_id = 1 AND c_d_id = ? AND c_id = ?")) {
        for (Owed o : owed) {
          s.setInt(1, o.district());
          s.setInt(2, o.customer());
          assertEquals(1, s.executeUpdate(), o.toString());
        }
      }
      int waiter = backendPid(b);
      Future<DeliveryResult> delivery =
          pool.submit(
              () ->
                  new BatchedTransactions(SHAPE)
                      .delivery(b, new DeliveryInput(1, 1, 3), StatementCounter.NONE));
      awaitLockWait(a, waiter);
      a.commit();
      assertEquals(owed.size(), delivery.get(60, TimeUnit.SECONDS).districtsDelivered());
      try (PreparedStatement s =
          b.prepareStatement(
              "SELECT c_balance, c_delivery_cnt FROM customer1"
                  + " WHERE c_w_id = 1 AND c_d_id = ? AND c_id = ?")) {
        for (Owed o : owed) {
          s.setInt(1, o.district());
          s.setInt(2, o.customer());
          try (ResultSet rows = s.executeQuery()) {
            assertTrue(rows.next());
            assertEquals(o.balance().add(o.total()), rows.getBigDecimal(1), o.toString());
            assertEquals(o.deliveries() + 1, rows.getInt(2), o.toString());
          }
        }
      }
      b.rollback();
    } finally {
      pool.shutdownNow();
    }
  }

  /** A customer of warehouse 1 whose order is its district's oldest new order, and its total. */
  private record Owed(
      int district, int customer, BigDecimal balance, int deliveries, BigDecimal total) {}

  private static List<Owed> owedCustomers(Connection c) throws SQLException {
    List<Owed> owed = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rows =
            s.executeQuery(
                """
                SELECT o_d_id, o_c_id, c_balance, c_delivery_cnt,
                       (SELECT sum(ol_amount) FROM order_line1
                         WHERE ol_w_id = 1 AND ol_d_id = o_d_id AND ol_o_id = o_id)
                  FROM (SELECT no_d_id, min(no_o_id) AS no_o_id FROM new_orders1
                         WHERE no_w_id = 1 GROUP BY no_d_id) AS n
                  JOIN orders1 ON o_w_id = 1 AND o_d_id = no_d_id AND o_id = no_o_id
                  JOIN customer1 ON c_w_id = 1 AND c_d_id = o_d_id AND c_id = o_c_id
                 ORDER BY o_d_id""")) {
      while (rows.next()) {
        owed.add(
            new Owed(
                rows.getInt(1),
                rows.getInt(2),
                rows.getBigDecimal(3),
                rows.getInt(4),
                rows.getBigDecimal(5)));
      }
    }
    return owed;
  }

  private static int[] ones(int count) {
    int[] values = new int[count];
    Arrays.fill(values, 1);
    return values;
  }

  private static int backendPid(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("SELECT pg_backend_pid()")) {
      assertTrue(rows.next());
      return rows.getInt(1);
    }
  }

  /** Waits until the given backend waits for a lock, which here can only be one of {@code c}'s. */
  private static void awaitLockWait(Connection c, int pid) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    try (PreparedStatement s =
        c.prepareStatement("SELECT count(*) FROM pg_locks WHERE pid = ? AND NOT granted")) {
      s.setInt(1, pid);
      while (true) {
        try (ResultSet rows = s.executeQuery()) {
          assertTrue(rows.next());
          if (rows.getInt(1) > 0) {
            return;
          }
        }
        assertTrue(System.nanoTime() < deadline, "backend " + pid + " never waited for a lock");
        Thread.sleep(20);
      }
    }
  }

  private static void assertConsistent(Connection c) throws SQLException {
    c.setAutoCommit(true);
    for (ConditionResult result : CHECK.run(c, CheckScope.wholeSet(1, 2))) {
      assertFalse(result.failed(), result.description() + ": " + result.offendingKeys());
    }
  }

  /** Prints round trips and statements per transaction of each type, for the docs. */
  private static void report(StreamRun statements, StreamRun batched) {
    System.out.println(
        "round trips (and statements counted as queries) per transaction, statements -> batched:");
    Map<TransactionType, String> lines = new EnumMap<>(TransactionType.class);
    for (TransactionType type : statements.types()) {
      assertEquals(
          batched.executions(type),
          batched.tally(type).roundTrips,
          "batched round trips counted for " + type);
      lines.put(
          type,
          String.format(
              "  %-12s %4d txns  %6.2f -> %4.2f round trips  (%6.2f -> %4.2f queries)",
              type,
              statements.count(type),
              statements.perTransaction(type, statements.executions(type)),
              batched.perTransaction(type, batched.executions(type)),
              statements.perTransaction(type, statements.tally(type).statements()),
              batched.perTransaction(type, batched.tally(type).statements())));
    }
    lines.values().forEach(System.out::println);
  }

  private static Connection connect(String database) throws SQLException {
    return connect(database, new Properties());
  }

  private static Connection connect(String database, Properties extra) throws SQLException {
    TestDatabase db = POSTGRES.database();
    Properties properties = db.credentials();
    // As the driver connects: NUMERIC as text, so amounts travel exactly.
    properties.setProperty("binaryTransferDisable", "NUMERIC");
    properties.putAll(extra);
    return DriverManager.getConnection(
        "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + database, properties);
  }
}
