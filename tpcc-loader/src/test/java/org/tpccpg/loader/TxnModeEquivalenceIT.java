package org.tpccpg.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.InputGenerator;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.NewOrderResult;
import org.tpccpg.core.tpcc.TransactionMix;
import org.tpccpg.core.tpcc.TransactionSet;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.core.tpcc.mode.TxnMode;
import org.tpccpg.testkit.PostgresFixture;

/**
 * The same seeded inputs make the same database changes and results in every {@link TxnMode}: one
 * data set is prepared, copied once per mode (CREATE DATABASE ... TEMPLATE), and one input stream
 * runs through statements and through each other mode, committing and rolling back as the driver
 * does. Then every row of every table is compared, and the consistency conditions are checked.
 *
 * <p>Only values the server's clock sets differ: o_entry_d, h_date and ol_delivery_d are compared
 * as set or not, and the epoch seconds a bad-credit Payment writes into c_data are masked.
 *
 * <p>A new mode joins by its name in the {@code names} of {@link #sameInputsMakeTheSameRows}.
 */
class TxnModeEquivalenceIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final long LOAD_SEED = 20261214L;
  private static final long RUN_SEED = 14L;
  private static final int TRANSACTIONS = 300;
  private static final WorkloadShape SHAPE = WorkloadShape.of(1, 1);
  private static final List<String> TABLES =
      List.of(
          "warehouse1",
          "district1",
          "customer1",
          "history1",
          "orders1",
          "new_orders1",
          "order_line1",
          "stock1",
          "item1");
  private static final List<String> CLOCK_COLUMNS = List.of("o_entry_d", "h_date", "ol_delivery_d");

  /**
   * Districts 2 to 9 have delivered all their orders, so that Delivery skips them until a New-Order
   * comes: what Delivery does, for all their new orders at once.
   */
  private static final List<String> DELIVER_DISTRICTS_2_TO_9 =
      List.of(
          """
          UPDATE customer1 c
             SET c_balance = c.c_balance + s.total, c_delivery_cnt = c.c_delivery_cnt + s.orders
            FROM (SELECT o.o_w_id, o.o_d_id, o.o_c_id, sum(l.ol_amount) AS total,
                         count(DISTINCT o.o_id) AS orders
                    FROM new_orders1 n
                    JOIN orders1 o
                      ON o.o_w_id = n.no_w_id AND o.o_d_id = n.no_d_id AND o.o_id = n.no_o_id
                    JOIN order_line1 l
                      ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id
                   WHERE n.no_d_id BETWEEN 2 AND 9
                   GROUP BY o.o_w_id, o.o_d_id, o.o_c_id) s
           WHERE c.c_w_id = s.o_w_id AND c.c_d_id = s.o_d_id AND c.c_id = s.o_c_id""",
          """
          UPDATE order_line1 l SET ol_delivery_d = now() FROM new_orders1 n
           WHERE l.ol_w_id = n.no_w_id AND l.ol_d_id = n.no_d_id AND l.ol_o_id = n.no_o_id
             AND n.no_d_id BETWEEN 2 AND 9""",
          """
          UPDATE orders1 o SET o_carrier_id = 1 FROM new_orders1 n
           WHERE o.o_w_id = n.no_w_id AND o.o_d_id = n.no_d_id AND o.o_id = n.no_o_id
             AND n.no_d_id BETWEEN 2 AND 9""",
          "DELETE FROM new_orders1 WHERE no_d_id BETWEEN 2 AND 9");

  private static final List<String> copies = new ArrayList<>();
  private static Outcome statements;

  /** What a stream did: every result in order, and each table's rows, sorted. */
  private record Outcome(List<String> results, List<String> tableDigests) {}

  @BeforeAll
  static void prepareOneDataSetAndRunTheStreamAsStatements() throws Exception {
    LoadConfig config = LoadConfig.of(1, 1, 2, LOAD_SEED).withForeignKeys(false);
    new TpccLoader(POSTGRES.database()::connect, LoadListener.none())
        .prepare(config, new LoadProgress(1, 1));
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      for (String sql : DELIVER_DISTRICTS_2_TO_9) {
        s.execute(sql);
      }
    }
    statements = runStream(TxnMode.STATEMENTS);
    String all = String.join("\n", statements.results());
    assertTrue(all.contains("rollbackRequested=true"), "the stream rolls a New-Order back");
    assertTrue(
        Pattern.compile("districtsDelivered=[2-9]]").matcher(all).find(),
        "the stream has Deliveries that skip districts: " + all);
    assertTrue(all.contains("badCredit=true"), "the stream pays for a bad-credit customer");
  }

  @AfterAll
  static void dropCopies() throws SQLException {
    try (Connection admin = POSTGRES.database().connectAdmin();
        Statement s = admin.createStatement()) {
      for (String copy : copies) {
        s.execute("DROP DATABASE IF EXISTS " + copy);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = TxnMode.class,
      names = {"BATCHED", "PROCEDURES"})
  void sameInputsMakeTheSameRows(TxnMode mode) throws Exception {
    Outcome outcome = runStream(mode);
    assertEquals(statements.results(), outcome.results(), mode + ": the results");
    for (int i = 0; i < TABLES.size(); i++) {
      assertEquals(
          statements.tableDigests().get(i),
          outcome.tableDigests().get(i),
          mode + ": the rows of " + TABLES.get(i));
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = TxnMode.class,
      names = {"STATEMENTS", "PROCEDURES"})
  void aMissingRowRaisesNoDataAsInTheStatementsMode(TxnMode mode) throws Exception {
    try (Connection c = open(POSTGRES.database().name())) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("DELETE FROM customer1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 5");
      }
      NewOrderInput ofTheDeleted =
          new NewOrderInput(
              1,
              1,
              1,
              5,
              new int[] {1, 2, 3, 4, 5},
              new int[] {1, 1, 1, 1, 1},
              new int[] {1, 1, 1, 1, 1},
              true);
      SQLException e =
          assertThrows(
              SQLException.class,
              () -> mode.transactions(SHAPE).newOrder(c, ofTheDeleted, StatementCounter.NONE));
      c.rollback();
      assertEquals("02000", e.getSQLState(), mode + ": " + e.getMessage());
      assertTrue(
          e.getMessage()
              .contains("no customer1 row for w_id 1, d_id 1, c_id 5: the data set is incomplete"),
          e.getMessage());
    }
  }

  /** Copies the prepared data set and runs the stream on the copy in {@code mode}. */
  private static Outcome runStream(TxnMode mode) throws Exception {
    String copy = POSTGRES.database().name() + "_" + mode.optionValue();
    try (Connection admin = POSTGRES.database().connectAdmin();
        Statement s = admin.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + copy);
      // FILE_COPY (PostgreSQL 15+) copies the files instead of writing every page to the WAL.
      s.execute(
          "CREATE DATABASE "
              + copy
              + " TEMPLATE "
              + POSTGRES.database().name()
              + (admin.getMetaData().getDatabaseMajorVersion() >= 15
                  ? " STRATEGY = FILE_COPY"
                  : ""));
      copies.add(copy);
    }
    try (Connection c = open(copy)) {
      List<String> results = run(c, mode.transactions(SHAPE));
      assertConsistent(c, mode);
      List<String> digests = new ArrayList<>();
      for (String table : TABLES) {
        digests.add(digest(c, table));
      }
      return new Outcome(results, digests);
    }
  }

  /** Runs the seeded stream as the driver does: one transaction each, committed or rolled back. */
  private static List<String> run(Connection c, TransactionSet transactions) throws SQLException {
    TpccRandom random =
        new TpccRandom(
            RUN_SEED,
            DataSetMetadata.read(c).orElseThrow().runConstants(new TpccRandom(RUN_SEED + 1)));
    TransactionMix mix = new TransactionMix(false);
    InputGenerator inputs = new InputGenerator(random, SHAPE);
    StatementCounter none = StatementCounter.NONE;
    c.setAutoCommit(false);
    List<String> results = new ArrayList<>(TRANSACTIONS);
    for (int i = 0; i < TRANSACTIONS; i++) {
      TransactionType type = mix.next(random);
      boolean commit = true;
      Record result =
          switch (type) {
            case NEW_ORDER -> {
              NewOrderResult r = transactions.newOrder(c, inputs.newOrder(), none);
              commit = !r.rollbackRequested();
              yield r;
            }
            case PAYMENT -> transactions.payment(c, inputs.payment(), none);
            case ORDER_STATUS -> transactions.orderStatus(c, inputs.orderStatus(), none);
            case DELIVERY -> transactions.delivery(c, inputs.delivery(), none);
            case STOCK_LEVEL -> transactions.stockLevel(c, inputs.stockLevel(), none);
            case PURGE -> throw new IllegalStateException("the mix has no purge");
          };
      if (commit) {
        c.commit();
      } else {
        c.rollback();
      }
      results.add(i + " " + result);
    }
    c.setAutoCommit(true);
    return results;
  }

  private static void assertConsistent(Connection c, TxnMode mode) throws SQLException {
    c.setAutoCommit(false);
    c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    List<ConditionResult> results =
        ConsistencyCheck.allConditions()
            .skipping(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT)
            .run(c, CheckScope.wholeSet(1, 1));
    c.rollback();
    for (ConditionResult result : results) {
      assertTrue(result.outcome() != ConditionResult.Outcome.FAILED, () -> mode + ": " + result);
    }
  }

  /**
   * The md5 of the table's rows as text, sorted, the clock's columns reduced to whether they are
   * set; and, for a failure message worth reading, the row count.
   */
  private static String digest(Connection c, String table) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT column_name FROM information_schema.columns"
                + " WHERE table_schema = current_schema() AND table_name = ?"
                + " ORDER BY ordinal_position")) {
      s.setString(1, table);
      try (ResultSet rows = s.executeQuery()) {
        while (rows.next()) {
          String column = rows.getString(1);
          if (CLOCK_COLUMNS.contains(column)) {
            columns.add("(" + column + " IS NOT NULL) AS " + column);
          } else if (column.equals("c_data")) {
            // "| c_id d w d w $amount epoch old": the epoch seconds come from now()
            columns.add(
                "regexp_replace(c_data, '(\\$[ 0-9.]{7} )[ 0-9]{12}', '\\1<epoch>', 'g')"
                    + " AS c_data");
          } else {
            columns.add(column);
          }
        }
      }
    }
    String sql =
        "SELECT count(*) || ' rows, md5 ' || md5(string_agg(r::text, E'\\n' ORDER BY r::text))"
            + " FROM (SELECT "
            + String.join(", ", columns)
            + " FROM "
            + table
            + ") AS r";
    try (Statement s = c.createStatement();
        ResultSet row = s.executeQuery(sql)) {
      row.next();
      return row.getString(1);
    }
  }

  private static Connection open(String database) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://"
            + POSTGRES.database().host()
            + ":"
            + POSTGRES.database().port()
            + "/"
            + database,
        POSTGRES.database().credentials());
  }
}
