package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tpccpg.testkit.PostgresFixture;

/**
 * The widths of docs/tpcc.md "Column widths for week-long runs": with the totals 2,000.00 below
 * sysbench-tpcc's limits (numeric(12,2)), s_ytd 3 below numeric(8,0)'s and the counters at
 * smallint's, a run in each transaction mode (and with sysbench-tpcc's statements) passes those
 * limits without an error; with the same offsets taken off again, {@code check} passes. And a
 * district at the largest order id stops New-Order in every mode with 22003, naming the district,
 * before anything is committed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ColumnWidthsIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  /** 2,000.00 below numeric(12,2)'s largest value. */
  private static final String TOTAL_OFFSET = "(9999999999.99 - 2000.00)";

  /**
   * The counters are put at the old limit itself (smallint's 32767; the load leaves c_payment_cnt
   * at 1, the others at 0), since in 5 s no row is counted more than once or twice: one more passes
   * it. s_ytd 3 below numeric(8,0)'s 99,999,999, passed by one line of 4 or more.
   */
  private static final int SMALLINT_MAX = 32767;

  private static final int STOCK_YTD_OFFSET = 99999999 - 3;

  /** Where the runs record (without a time limit a run records by default, into results/). */
  @TempDir static Path results;

  private static CliRun tpcc(String... more) {
    List<String> args = CliRun.connectedTo(POSTGRES.database(), "--tables=1", "--scale=1");
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  /**
   * Moves every total and counter that only grows (or, c_balance, falls with Payments) by an offset
   * that leaves it just below (the counters: at) the old limit; {@code sign} -1 takes the offsets
   * off again, which restores the state the consistency conditions hold on (the run only adds to
   * these columns).
   */
  private static void shift(int sign) throws SQLException {
    String t = sign > 0 ? "+ " + TOTAL_OFFSET : "- " + TOTAL_OFFSET;
    String negT = sign > 0 ? "- " + TOTAL_OFFSET : "+ " + TOTAL_OFFSET;
    String sg = sign > 0 ? "+ " : "- ";
    String payments = sg + (SMALLINT_MAX - 1);
    String n = sg + SMALLINT_MAX;
    String y = sg + STOCK_YTD_OFFSET;
    execute(
        // W_YTD = sum(D_YTD) and the history sums: the offsets are taken off before check
        "UPDATE warehouse1 SET w_ytd = w_ytd " + t,
        "UPDATE district1 SET d_ytd = d_ytd " + t,
        "UPDATE customer1 SET c_balance = c_balance "
            + negT
            + ", c_ytd_payment = c_ytd_payment "
            + t
            + ", c_payment_cnt = c_payment_cnt "
            + payments
            + ", c_delivery_cnt = c_delivery_cnt "
            + n,
        "UPDATE stock1 SET s_ytd = s_ytd "
            + y
            + ", s_order_cnt = s_order_cnt "
            + n
            + ", s_remote_cnt = s_remote_cnt "
            + n);
  }

  /** The three modes, and sysbench-tpcc's statements ({@code compat}: --sysbench-compat=on). */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"statements", "batched", "procedures", "compat"})
  @Order(1)
  void aRunPassesTheOldLimitsInEveryModeAndCheckThenPasses(String mode) throws Exception {
    boolean compat = mode.equals("compat");
    shift(+1);
    CliRun run =
        compat
            ? tpcc(
                "--threads=2",
                "--time=0",
                "--events=400",
                "--results=" + results.resolve(mode),
                "--sysbench-compat=on",
                "run")
            : tpcc(
                "--threads=2",
                "--time=0",
                "--events=400",
                "--results=" + results.resolve(mode),
                "--txn-mode=" + mode,
                "run");
    assertEquals(0, run.exitCode(), run.out() + run.err());
    assertTrue(run.out().contains("other: 0"), run.out());
    // 400 transactions, not a time: each kind must run (a Delivery is 1 in 23; none in 5 s is
    // likely on a loaded machine), and the run went past every old limit it could reach
    // (s_remote_cnt needs a second warehouse)
    assertTrue(
        value("SELECT w_ytd FROM warehouse1").compareTo(new BigDecimal("9999999999.99")) > 0,
        "w_ytd");
    assertTrue(
        value("SELECT max(d_ytd) FROM district1").compareTo(new BigDecimal("9999999999.99")) > 0,
        "d_ytd");
    assertTrue(
        value("SELECT min(c_balance) FROM customer1").compareTo(new BigDecimal("-9999999999.99"))
            < 0,
        "c_balance");
    assertTrue(
        value("SELECT max(c_ytd_payment) FROM customer1").compareTo(new BigDecimal("9999999999.99"))
            > 0,
        "c_ytd_payment");
    assertTrue(value("SELECT max(c_delivery_cnt) FROM customer1").intValue() > 32767, "deliveries");
    if (!compat) { // sysbench-tpcc updates neither c_payment_cnt nor the stock's counters
      assertTrue(value("SELECT max(c_payment_cnt) FROM customer1").intValue() > 32767, "payments");
      assertTrue(value("SELECT max(s_order_cnt) FROM stock1").intValue() > 32767, "s_order_cnt");
      assertTrue(value("SELECT max(s_ytd) FROM stock1").intValue() > 99999999, "s_ytd");
    }
    shift(-1);
    CliRun check = tpcc("--threads=2", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("[10] PASSED"), check.out());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"statements", "batched", "procedures"})
  @Order(2)
  void aDistrictAtTheLargestOrderIdStopsNewOrderWithoutWrapping(String mode) throws Exception {
    execute("UPDATE district1 SET d_next_o_id = 2147483647 WHERE d_w_id = 1");
    try {
      CliRun run = tpcc("--threads=1", "--time=10", "--txn-mode=" + mode, "run");
      assertEquals(1, run.exitCode(), run.out() + run.err());
      String last = run.err().strip();
      assertTrue(last.contains("new_order: "), last);
      assertTrue(last.contains("(SQLSTATE 22003)"), last);
      assertTrue(
          mode.equals("statements")
              ? last.contains("district1 w_id 1, d_id ")
                  && last.contains("d_next_o_id is 2147483647")
              : last.contains("district1") && last.contains("integer out of range"),
          last);
      assertTrue(run.out().contains("Aborted: 1 of 1 threads"), run.out());
      // nothing of the New-Order committed: no district wrapped, no order took the last id
      assertEquals(
          0, value("SELECT count(*) FROM district1 WHERE d_next_o_id <> 2147483647").intValue());
      assertEquals(
          0, value("SELECT count(*) FROM orders1 WHERE o_id >= 2147483647 OR o_id < 0").intValue());
    } finally {
      execute(
          "UPDATE district1 SET d_next_o_id = 1 + (SELECT max(o_id) FROM orders1"
              + " WHERE o_w_id = d_w_id AND o_d_id = d_id)");
    }
  }

  @Test
  @Order(3)
  void checkPassesAfterTheRefusedNewOrders() {
    CliRun check = tpcc("--threads=2", "check");
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  private static BigDecimal value(String sql) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery(sql)) {
      rows.next();
      return rows.getBigDecimal(1);
    }
  }

  private static void execute(String... statements) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }
}
