package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.JsonParser;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.testkit.PostgresFixture;

/**
 * What a TPC-C run reports beyond sysbench (issue #13): failed transactions under pgbench's retry
 * rule, the mix against TPC-C's minimums, Delivery's skipped districts, tpmC without an efficiency,
 * the run's NURand C, and a unique violation that ends the run. One warehouse, so that four threads
 * conflict.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TpccFidelityIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.oneWarehouse());

  @TempDir Path tmp;

  private static List<String> options(String... more) {
    List<String> args = new ArrayList<>(List.of("--tables=1", "--scale=1"));
    args.addAll(List.of(more));
    return CliRun.connectedTo(POSTGRES.database(), args.toArray(String[]::new));
  }

  private static CliRun tpcc(List<String> args) {
    return CliRun.of(args.toArray(String[]::new));
  }

  private static long number(String text, String regex) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    assertTrue(matcher.find(), () -> regex + " in\n" + text);
    return Long.parseLong(matcher.group(1));
  }

  private Map<String, Object> summary(Path dir) throws IOException {
    return JsonParser.object(Files.readString(dir.resolve(ResultsFiles.SUMMARY)));
  }

  @Test
  @Order(1)
  void underRepeatableReadTransactionsWhoseTriesRunOutFailForTheirOwnType() throws IOException {
    Path dir = tmp.resolve("rr");
    // Four threads on one warehouse: Payments update the same warehouse row, and under
    // REPEATABLE READ the later of two concurrent updates fails with 40001.
    CliRun run =
        tpcc(
            options(
                "--threads=4",
                "--time=8",
                "--trx_level=RR",
                "--max-tries=2",
                "--results=" + dir,
                "run"));
    assertEquals(0, run.exitCode(), run.out() + run.err());
    String out = run.out();
    Map<String, Object> summary = summary(dir);
    Map<?, ?> totals = (Map<?, ?>) summary.get("totals");
    Map<?, ?> payment = (Map<?, ?>) ((Map<?, ?>) summary.get("kinds")).get("payment");
    double failed = (Double) totals.get("failed");
    assertTrue((Double) payment.get("failed") > 0, "Payments ran out of tries: " + payment);
    assertTrue((Double) totals.get("retries") > 0, totals.toString());
    assertEquals(
        (long) failed,
        number(out, "transactions failed after their last try: (\\d+)"),
        "the text and summary.json agree");
    assertEquals(
        (long) failed,
        number(out, "\\n +total +\\d+ +[\\d.]+ +\\d+ +(\\d+) "),
        "the table's total");
    assertEquals(
        (long) (double) (Double) payment.get("failed"),
        number(out, "\\n +payment +\\d+ +[\\d.]+ +\\d+ +(\\d+) "),
        "the table's payment row");
    assertTrue((Double) summary.get("mix_drift_points") > 0, "failures move the finished mix");
    CliRun check = tpcc(options("--threads=2", "check"));
    assertEquals(0, check.exitCode(), check.out() + check.err());
  }

  @Test
  @Order(2)
  void theSummaryHasTheMixSkippedDistrictsNoEfficiencyAndTheRunsNuRandC() throws IOException {
    Path dir = tmp.resolve("plain");
    // 400 transactions, not a time, so that some are Deliveries (1 in 23) on a loaded machine too
    CliRun run =
        tpcc(options("--threads=2", "--time=0", "--events=400", "--results=" + dir, "run"));
    assertEquals(0, run.exitCode(), run.out() + run.err());
    String out = run.out();
    Map<String, Object> summary = summary(dir);
    Map<?, ?> config = (Map<?, ?>) summary.get("config");
    assertTrue(
        out.contains(
            "NURand C for this run: C_LAST="
                + ((Double) config.get("run_c_last")).longValue()
                + " C_ID="
                + ((Double) config.get("run_c_id")).longValue()
                + " OL_I_ID="
                + ((Double) config.get("run_ol_i_id")).longValue()
                + " (C_LAST at load: "
                + ((Double) config.get("data_set_c_last")).longValue()),
        out);
    assertTrue(out.contains("efficiency: n/a ("), out);
    assertNull(summary.get("efficiency_percent"));
    assertTrue(summary.containsKey("efficiency_percent"));
    assertTrue(out.contains("\nmix (TPC-C 5.2.3): new_order "), out);
    Map<?, ?> mix = (Map<?, ?>) summary.get("mix");
    double shares = 0;
    for (Object share : mix.values()) {
      shares += (Double) share;
    }
    assertEquals(100.0, shares, 1e-6, mix.toString());
    Map<?, ?> totals = (Map<?, ?>) summary.get("totals");
    Map<?, ?> kinds = (Map<?, ?>) summary.get("kinds");
    double deliveries = (Double) ((Map<?, ?>) kinds.get("delivery")).get("completed");
    double districts =
        (Double) totals.get("delivery_districts_delivered")
            + (Double) totals.get("delivery_districts_skipped");
    assertTrue(deliveries > 0, kinds.toString());
    assertTrue(
        districts >= 10 * deliveries, "every committed Delivery visits ten districts: " + totals);
    assertEquals(
        (long) districts,
        number(out, "\\ndelivery: \\d+ of (\\d+) districts skipped"),
        "the text and summary.json agree");
    double newOrders = (Double) ((Map<?, ?>) kinds.get("new_order")).get("completed");
    double elapsed = (Double) totals.get("elapsed_s");
    assertEquals(
        newOrders * 60 / elapsed,
        (Double) summary.get("tpmC"),
        1e-6,
        "tpmC counts every completed New-Order, the rolled-back ones too");
  }

  @Test
  @Order(3)
  void aUniqueViolationEndsTheRunNamingTheTableAndKeyUnlessSysbenchCompatIgnoresIt()
      throws SQLException {
    // Take every district's next order id: each New-Order then collides with a row we made.
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.executeUpdate(
          "INSERT INTO orders1 (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt,"
              + " o_all_local) SELECT d_next_o_id, d_id, d_w_id, 1, now(), NULL, 5, 1 FROM"
              + " district1");
    }
    CliRun run = tpcc(options("--threads=2", "--time=10", "run"));
    assertEquals(1, run.exitCode(), run.out() + run.err());
    assertTrue(
        run.err().contains("a unique violation in table orders1 (constraint ")
            && run.err().contains("Key (")
            && run.err().contains("already exists")
            && run.err().contains("(SQLSTATE 23505)"),
        run.err());
    assertTrue(run.out().contains("\nSQL statistics:\n"), "the summary still comes: " + run.out());

    CliRun compat = tpcc(options("--threads=2", "--time=3", "--sysbench-compat=on", "run"));
    assertEquals(0, compat.exitCode(), compat.out() + compat.err());
    assertTrue(number(compat.out(), "23505 unique violation: (\\d+),") > 0, compat.out());
    assertTrue(
        compat.out().contains("NURand C: drawn again on every call, as sysbench-tpcc does"),
        compat.out());
  }
}
