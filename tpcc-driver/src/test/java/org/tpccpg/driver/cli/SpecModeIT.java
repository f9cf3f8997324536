package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.core.tpcc.TransactionDeck;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.TpmC;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.testkit.PostgresFixture;

/**
 * {@code run --spec} on a real server. Loading 10 warehouses takes longer than CI can spare, so the
 * runs put 10 warehouses' terminals (100) over a data set of 2 with {@code --spec-warehouses}, the
 * documented test option, and shorten keying and think times 50-fold so the load is measurable in
 * 25 s instead of the 60 s.
 */
class SpecModeIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final Pattern REPORT_STATES =
      Pattern.compile(
          "terminals thinking/keying/in txn: (\\d+)/(\\d+)/(\\d+) deferred queue: \\d+");

  private static final List<String> CONSTRAINTS =
      List.of(
          "new_order p90 response time",
          "payment p90 response time",
          "order_status p90 response time",
          "delivery p90 response time",
          "stock_level p90 response time",
          "delivery_deferred p90 response time",
          "payment share of the mix",
          "order_status share of the mix",
          "delivery share of the mix",
          "stock_level share of the mix",
          "deferred deliveries completed");

  private static List<String> options(String... more) {
    List<String> args = new ArrayList<>(List.of("--tables=1", "--scale=2"));
    args.addAll(List.of(more));
    return CliRun.connectedTo(POSTGRES.database(), args.toArray(String[]::new));
  }

  private static CliRun tpcc(List<String> args) {
    return CliRun.of(args.toArray(String[]::new));
  }

  @BeforeAll
  static void prepare() {
    CliRun prepare = tpcc(options("--threads=2", "prepare"));
    assertEquals(0, prepare.exitCode(), prepare.err());
  }

  @Test
  void tenWarehousesOfTerminalsKeepTheMixCompleteEveryDeferredDeliveryAndGetAVerdict(
      @TempDir Path dir) throws Exception {
    Path results = dir.resolve("results");
    CliRun run =
        tpcc(
            options(
                "--spec",
                "--spec-warehouses=10",
                "--pool-size=4",
                "--keying-multiplier=0.02",
                "--think-multiplier=0.02",
                "--warmup-time=3",
                "--time=25",
                "--report-interval=5",
                "--results=" + results,
                "run"));
    assertEquals(0, run.exitCode(), run.out() + run.err());
    String out = run.out();

    // every report line counts all 100 terminals as thinking, keying or in a transaction
    Matcher states = REPORT_STATES.matcher(out);
    int lines = 0;
    while (states.find()) {
      lines++;
      int sum = 0;
      for (int g = 1; g <= 3; g++) {
        sum += Integer.parseInt(states.group(g));
      }
      assertEquals(100, sum, states.group());
    }
    assertTrue(lines >= 4, "report lines with the terminals' states:\n" + out);

    // the verdict names every constraint; the multipliers and the test option are flagged
    String verdict = out.lines().filter(l -> l.startsWith("verdict: ")).findFirst().orElse("");
    CONSTRAINTS.forEach(c -> assertTrue(verdict.contains(c), c + " in " + verdict));
    assertTrue(
        out.contains(
            "not a TPC-C result: keying multiplier 0.02 and think multiplier 0.02 (TPC-C 5.2.5 asks"
                + " for 1); 10 warehouses' terminals over a data set of 2"),
        out);

    ResultsSchema.assertConforms(results);
    Map<String, Object> summary =
        JsonReader.object(Files.readString(results.resolve("summary.json")));
    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) summary.get("spec");
    assertEquals(100L, number(spec.get("terminals")).longValue());
    assertEquals(false, spec.get("tpcc_result"));
    assertEquals(verdict, spec.get("verdict_line"));

    // deferred Deliveries: every one queued was executed and committed
    @SuppressWarnings("unchecked")
    Map<String, Object> deferred = (Map<String, Object>) spec.get("deferred_delivery");
    long queued = number(deferred.get("queued")).longValue();
    assertTrue(queued > 0, "deliveries were queued: " + deferred);
    assertEquals(queued, number(deferred.get("completed")).longValue(), deferred.toString());
    assertEquals(0L, number(deferred.get("failed")).longValue(), deferred.toString());

    // efficiency is tpmC against 12.86 per warehouse of terminals
    double tpmC = number(summary.get("tpmC")).doubleValue();
    assertTrue(tpmC > 0, "tpmC: " + tpmC);
    assertEquals(
        tpmC / (TpmC.MAX_TPMC_PER_WAREHOUSE * 10) * 100,
        number(summary.get("efficiency_percent")).doubleValue(),
        1e-6);

    assertMixWithinTolerance(summary, 100);
  }

  /**
   * The finished mix against the deck's weights (10/10/1/1/1 of 23): within 1 percentage point, or
   * within a bound from the sample when the run completed too few transactions for that. Each
   * terminal deals from its own shuffled deck, so its mix departs from the weights only by the deck
   * cut at each end of the measurement interval: a hypergeometric draw of at most 22 cards,
   * variance at most 23 p (1 - p) / 4 (r (23 - r) / 22 peaks near 6 at r = 11 or 12; 6 is used).
   * Over T terminals and N transactions the share's standard deviation is then at most sqrt(2 T 6 p
   * (1 - p)) / N; three of them are allowed. On an idle CI machine (several hundred transactions a
   * second) that bound is under 1 point and the check is the plus or minus 1 %.
   */
  private static void assertMixWithinTolerance(Map<String, Object> summary, int terminals) {
    @SuppressWarnings("unchecked")
    Map<String, Object> mix = (Map<String, Object>) summary.get("mix");
    double tpmTotal = number(summary.get("tpmTotal")).doubleValue();
    @SuppressWarnings("unchecked")
    Map<String, Object> totals = (Map<String, Object>) summary.get("totals");
    double n = tpmTotal * number(totals.get("elapsed_s")).doubleValue() / 60;
    for (TransactionType type : TpccMixTypes.TYPES) {
      double p = TransactionDeck.percentOf(type) / 100;
      double bound = 3 * Math.sqrt(2.0 * terminals * 6 * p * (1 - p)) / n * 100;
      double tolerance = Math.max(1.0, bound);
      double share = number(mix.get(type.label())).doubleValue();
      assertEquals(
          TransactionDeck.percentOf(type),
          share,
          tolerance,
          type.label() + " of " + Math.round(n) + " transactions, tolerance " + tolerance);
    }
  }

  @Test
  void aSinglePooledConnectionAndATightenedLimitMakeNewOrderMissItAndTheTerminalsStayHome()
      throws SQLException {
    String before = warehouseTwo();
    CliRun run =
        tpcc(
            options(
                "--spec",
                "--spec-warehouses=1", // the 10 terminals of warehouse 1; warehouse 2 has none
                "--pool-size=1",
                "--spec-limit",
                "new_order=0.001",
                "--keying-multiplier=0.05",
                "--think-multiplier=0.05",
                "--warmup-time=1",
                "--time=8",
                "--report-interval=0",
                "run"));
    assertEquals(0, run.exitCode(), run.out() + run.err());
    String out = run.out();
    assertTrue(
        Pattern.compile(
                "^    new_order p90 response time: +\\d+\\.\\d{3} s  <= 0\\.001 s +MISSED$",
                Pattern.MULTILINE)
            .matcher(out)
            .find(),
        out);
    String verdict = out.lines().filter(l -> l.startsWith("verdict: ")).findFirst().orElse("");
    assertTrue(verdict.startsWith("verdict: MISSED: new_order p90 response time"), verdict);
    assertTrue(verdict.contains("; met: "), "the constraints met are named too: " + verdict);
    assertTrue(out.contains("(--spec-limit, a test setting)"), out);

    // Warehouse 2's own rows are as loaded: no order, payment or delivery of its own. Only the
    // remote parts TPC-C allows reach it (a New-Order line's stock, a Payment's customer).
    assertEquals(before, warehouseTwo());
  }

  /** What only a terminal at home on warehouse 2 could change there. */
  private static String warehouseTwo() throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT (SELECT w_ytd FROM warehouse1 WHERE w_id = 2),"
                    + " (SELECT sum(d_next_o_id) || '/' || sum(d_ytd) FROM district1"
                    + " WHERE d_w_id = 2),"
                    + " (SELECT count(*) FROM orders1 WHERE o_w_id = 2),"
                    + " (SELECT count(*) FROM orders1 WHERE o_w_id = 2 AND o_carrier_id IS NULL),"
                    + " (SELECT count(*) FROM new_orders1 WHERE no_w_id = 2),"
                    + " (SELECT count(*) FROM history1 WHERE h_w_id = 2)")) {
      r.next();
      StringBuilder state = new StringBuilder();
      for (int i = 1; i <= 6; i++) {
        state.append(r.getString(i)).append(' ');
      }
      return state.toString();
    }
  }

  private static Number number(Object value) {
    return (Number) value;
  }

  /** TPC-C's five types, as the mix lists them. */
  private static final class TpccMixTypes {
    static final List<TransactionType> TYPES =
        List.of(
            TransactionType.NEW_ORDER,
            TransactionType.PAYMENT,
            TransactionType.ORDER_STATUS,
            TransactionType.DELIVERY,
            TransactionType.STOCK_LEVEL);
  }
}
