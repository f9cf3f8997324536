package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.live.Scrape;
import org.tpccpg.driver.metrics.TpmC;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.driver.results.ResultsSchema;
import org.tpccpg.driver.spec.TransactionDeck;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.ServerControl;

/**
 * {@code run --spec} on a real server, over one data set of 10 loaded warehouses (35 to 100 s to
 * load on a busy 2-core machine): the 60 s run of their 100 terminals, keying and think
 * times shortened 50-fold so the load is measurable; a scale-out driver's share ({@code
 * --warehouses=2-2}) scraped live; and a forced failure.
 */
class SpecModeIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final int WAREHOUSES = 10;

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
    List<String> args = new ArrayList<>(List.of("--tables=1", "--scale=" + WAREHOUSES));
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
  void tenLoadedWarehousesTerminalsKeepTheMixStayHomeCompleteEveryDeferredDeliveryAndGetAVerdict(
      @TempDir Path dir) throws Exception {
    Path results = dir.resolve("results");
    long[] ordersBefore = ordersPerWarehouse();
    long[] paymentsBefore = payments();
    CliRun run =
        tpcc(
            options(
                "--spec",
                "--pool-size=4",
                "--keying-multiplier=0.02",
                "--think-multiplier=0.02",
                "--warmup-time=3",
                "--time=60",
                "--report-interval=10",
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
    assertTrue(lines >= 5, "report lines with the terminals' states:\n" + out);

    // the verdict names every constraint; the multipliers are flagged, nothing else of the set-up
    String verdict = out.lines().filter(l -> l.startsWith("verdict: ")).findFirst().orElse("");
    CONSTRAINTS.forEach(c -> assertTrue(verdict.contains(c), c + " in " + verdict));
    assertTrue(
        out.contains(
            "not a TPC-C result: keying multiplier 0.02 and think multiplier 0.02 (TPC-C 5.2.5.7"
                + " sets minimums: both must be 1 or more); a ramp-up of 3 s (--warmup-time; at"
                + " least 600 s, one steady-state window, for a TPC-C result); a measurement"
                + " interval of"),
        out);
    assertTrue(verdict.contains(" -- NOT a TPC-C result ("), verdict);
    assertTrue(out.contains("steady state: no whole 10-minute window measured"), out);
    assertTrue(out.contains("think times (mean measured / 5.2.5.7's x 0.02): new_order "), out);
    assertTrue(
        out.contains("skipped (2.7.4.2, Deliveries queued in the measurement interval): "), out);
    assertTrue(out.contains("count a deferred Delivery twice: its queueing"), out);

    // intervals.jsonl records the same states, each line counting every terminal
    ResultsSchema.assertConforms(results);
    List<String> intervals = Files.readAllLines(results.resolve("intervals.jsonl"));
    assertTrue(intervals.size() >= 5, intervals.toString());
    for (String line : intervals) {
      @SuppressWarnings("unchecked")
      Map<String, Object> terminals =
          (Map<String, Object>) JsonReader.object(line).get("terminals");
      long sum =
          number(terminals.get("thinking")).longValue()
              + number(terminals.get("keying")).longValue()
              + number(terminals.get("in_transaction")).longValue();
      assertEquals(100, sum, line);
    }
    Map<String, Object> summary =
        JsonReader.object(Files.readString(results.resolve("summary.json")));
    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) summary.get("spec");
    assertEquals(100L, number(spec.get("terminals")).longValue());
    assertEquals(false, spec.get("tpcc_result"));
    assertEquals(verdict, spec.get("verdict_line"));
    // the mean think time measured after a New-Order, against 12 s x 0.02 (the truncated
    // exponential's mean; thousands of draws, so within 10 %)
    @SuppressWarnings("unchecked")
    Map<String, Object> think = (Map<String, Object>) spec.get("think_mean_s");
    assertEquals(0.24, number(think.get("new_order")).doubleValue(), 0.024, think.toString());
    // and "constraints" when a loaded machine made the response times miss them (CI at 14df3fd)
    List<?> codes = (List<?>) spec.get("not_tpcc_codes");
    assertEquals(
        List.of("times", "ramp_up", "interval", "steady_state"),
        codes.stream().filter(code -> !code.equals("constraints")).toList(),
        "the multipliers, the 3 s ramp-up, the 60 s interval without a whole window: " + codes);

    // deferred Deliveries: every one queued was executed and committed
    @SuppressWarnings("unchecked")
    Map<String, Object> deferred = (Map<String, Object>) spec.get("deferred_delivery");
    long queued = number(deferred.get("queued")).longValue();
    assertTrue(queued > 0, "deliveries were queued: " + deferred);
    assertEquals(queued, number(deferred.get("completed")).longValue(), deferred.toString());
    assertEquals(0L, number(deferred.get("failed")).longValue(), deferred.toString());
    // 2.7.4.2 per business transaction: each measured Delivery visits 10 districts
    long measured = number(deferred.get("measured_deliveries")).longValue();
    assertTrue(measured > 0 && measured <= queued, deferred.toString());
    assertEquals(
        10 * measured,
        number(deferred.get("measured_districts_delivered")).longValue()
            + number(deferred.get("measured_districts_skipped")).longValue(),
        deferred.toString());

    // efficiency is tpmC against 12.86 per warehouse of terminals
    double tpmC = number(summary.get("tpmC")).doubleValue();
    assertTrue(tpmC > 0, "tpmC: " + tpmC);
    assertEquals(
        tpmC / (TpmC.MAX_TPMC_PER_WAREHOUSE * WAREHOUSES) * 100,
        number(summary.get("efficiency_percent")).doubleValue(),
        1e-6);

    // the terminals' New-Orders are audited as an ordinary run's: all kept, the verdict says so
    @SuppressWarnings("unchecked")
    Map<String, Object> durability = (Map<String, Object>) summary.get("durability");
    long acknowledged = number(durability.get("acknowledged")).longValue();
    assertTrue(acknowledged > 0, durability.toString());
    assertEquals(0L, number(durability.get("acknowledged_and_lost")).longValue());
    assertEquals(true, durability.get("audited"), durability.toString());
    assertTrue(
        run.out()
            .contains("durability: " + acknowledged + " New-Orders acknowledged, 0 acknowledged"),
        run.out());

    assertMixWithinTolerance(summary, 100);
    assertRoundTripsCountedPerType(summary);
    assertTerminalsWorkedFromTheirHomes(ordersBefore, paymentsBefore);
  }

  /**
   * Each round trip counts for the transaction that made it: every type that sends SQL shows at
   * least its statement and its COMMIT, New-Order (one round trip per item) more than Payment; the
   * terminal's Delivery only queues the request and sends nothing, its deferred execution does.
   */
  private static void assertRoundTripsCountedPerType(Map<String, Object> summary) {
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> trips =
        (Map<String, Map<String, Object>>) (Map<?, ?>) summary.get("round_trips");
    for (String type :
        List.of("new_order", "payment", "order_status", "stock_level", "delivery_deferred")) {
      double perTransaction = number(trips.get(type).get("per_transaction")).doubleValue();
      assertTrue(perTransaction >= 2, type + " round trips per transaction: " + trips);
    }
    assertEquals(
        0L, number(trips.get("delivery").get("round_trips")).longValue(), trips.toString());
    assertTrue(
        number(trips.get("new_order").get("per_transaction")).doubleValue()
            > number(trips.get("payment").get("per_transaction")).doubleValue(),
        trips.toString());
  }

  /**
   * Ten terminals on each warehouse: each warehouse gets about a tenth of the orders (the run's
   * warmup included), which terminals drawing their warehouse from the whole set would also give,
   * but terminals all on one warehouse or wrapped wrongly would not. The only payments that leave
   * their warehouse are TPC-C's remote ones (2.5.1.2: 15 % pay through another warehouse); {@link
   * #aScaleOutDriversTerminalsWorkOnlyOnItsRangeAndServeLiveMetrics} shows a terminal never does
   * its home work elsewhere.
   */
  private static void assertTerminalsWorkedFromTheirHomes(
      long[] ordersBefore, long[] paymentsBefore) throws SQLException {
    long[] orders = ordersPerWarehouse();
    long total = 0;
    for (int w = 0; w < WAREHOUSES; w++) {
      total += orders[w] - ordersBefore[w];
    }
    assertTrue(total >= 100, "new orders: " + total);
    for (int w = 0; w < WAREHOUSES; w++) {
      long added = orders[w] - ordersBefore[w];
      assertTrue(
          added > total / WAREHOUSES / 2 && added < total / WAREHOUSES * 2,
          "warehouse " + (w + 1) + " got " + added + " of " + total + " new orders");
    }
    long[] payments = payments();
    long paid = payments[0] - paymentsBefore[0];
    long remote = payments[1] - paymentsBefore[1];
    assertTrue(paid >= 100, "payments: " + paid);
    // binomial, p = 0.15: five standard deviations either side
    double sd = Math.sqrt(paid * 0.15 * 0.85);
    assertEquals(0.15 * paid, remote, 5 * sd, remote + " remote of " + paid + " payments");
  }

  /** Orders per warehouse, 1 to 10. */
  private static long[] ordersPerWarehouse() throws SQLException {
    long[] orders = new long[WAREHOUSES];
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT o_w_id, count(*) FROM orders1 GROUP BY o_w_id")) {
      while (r.next()) {
        orders[r.getInt(1) - 1] = r.getLong(2);
      }
    }
    return orders;
  }

  /** History rows, and of them those whose customer is on another warehouse. */
  private static long[] payments() throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT count(*), count(*) FILTER (WHERE h_c_w_id <> h_w_id) FROM history1")) {
      r.next();
      return new long[] {r.getLong(1), r.getLong(2)};
    }
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
  void aScaleOutDriversTerminalsWorkOnlyOnItsRangeAndServeLiveMetrics() throws Exception {
    String[] othersBefore = new String[WAREHOUSES];
    for (int w = 1; w <= WAREHOUSES; w++) {
      othersBefore[w - 1] = warehouse(w);
    }
    List<String> args =
        options(
            "--spec",
            "--warehouses=2-2",
            "--pool-size=2",
            "--keying-multiplier=0.05",
            "--think-multiplier=0.05",
            "--warmup-time=1",
            "--time=8",
            "--report-interval=1",
            "--metrics-port=0",
            "run");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CompletableFuture<Integer> run =
        Background.supply(
            () ->
                TpccCli.execute(
                    args.toArray(String[]::new),
                    new PrintWriter(out, true),
                    new PrintWriter(err, true),
                    Map.of()));
    String url = null;
    for (int i = 0; i < 600 && url == null && !run.isDone(); i++) {
      url = Scrape.url(err.toString());
      TimeUnit.MILLISECONDS.sleep(50);
    }
    assertTrue(url != null, "no metrics URL printed: " + err);
    // the endpoint opens before the run connects, which takes seconds on a loaded machine: the
    // scrape comes 4 s after the terminals' connections are open, so there is something to count
    ServerControl.awaitBackends(POSTGRES.database(), "tpcc", 2);
    TimeUnit.SECONDS.sleep(4);
    Scrape live = Scrape.of(url);
    assertEquals(0, run.get(120, TimeUnit.SECONDS), out + "\n" + err);

    // the gauges count the driver's 10 terminals; the ordinary series are served too
    double terminals = 0;
    for (String state : List.of("thinking", "keying", "in_transaction")) {
      Double n = live.get("tpcc_terminals{state=\"" + state + "\"}");
      assertTrue(n != null, state + ": " + live);
      terminals += n;
    }
    assertEquals(10.0, terminals, live.toString());
    assertTrue(live.get("tpcc_deferred_delivery_queue") != null, live.toString());
    assertTrue(live.get("tpcc_transactions_total{kind=\"new_order\"}") > 0, live.toString());
    assertTrue(
        live.get("tpcc_transactions_total{kind=\"delivery_deferred\"}") != null, live.toString());

    String text = out.toString();
    assertTrue(text.contains("Home warehouses: 2-2 of 1-" + WAREHOUSES), text);
    assertTrue(text.contains("TPC-C spec mode: 10 terminals (1 warehouses x 10)"), text);
    assertTrue(
        text.contains("efficiency: ") && text.contains("(tpmC / (12.86 x 1 warehouses); the"),
        text);
    // the driver's share alone is not a TPC-C result, and says so (merge judges the whole run)
    assertTrue(
        text.contains("terminals on 1 of the data set's " + WAREHOUSES + " warehouses only"), text);
    assertTrue(!text.contains("warehouses' terminals over a data set"), text);

    // every terminal worked on warehouse 2: the others' own rows are as they were
    for (int w = 1; w <= WAREHOUSES; w++) {
      if (w == 2) {
        assertNotEquals(othersBefore[w - 1], warehouse(w), "warehouse 2 did work");
      } else {
        assertEquals(othersBefore[w - 1], warehouse(w), "warehouse " + w);
      }
    }
  }

  @Test
  void aSinglePooledConnectionAndATightenedLimitMakeNewOrderMissItAndTheTerminalsStayHome()
      throws SQLException {
    String before = warehouse(2);
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
    assertEquals(before, warehouse(2));
  }

  /** What only a terminal at home on warehouse {@code w} could change there. */
  private static String warehouse(int w) throws SQLException {
    try (Connection c = POSTGRES.database().connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT (SELECT w_ytd FROM warehouse1 WHERE w_id = ?),"
                    + " (SELECT sum(d_next_o_id) || '/' || sum(d_ytd) FROM district1"
                    + " WHERE d_w_id = ?),"
                    + " (SELECT count(*) FROM orders1 WHERE o_w_id = ?),"
                    + " (SELECT count(*) FROM orders1 WHERE o_w_id = ? AND o_carrier_id IS NULL),"
                    + " (SELECT count(*) FROM new_orders1 WHERE no_w_id = ?),"
                    + " (SELECT count(*) FROM history1 WHERE h_w_id = ?)")) {
      for (int p = 1; p <= 6; p++) {
        s.setInt(p, w);
      }
      try (ResultSet r = s.executeQuery()) {
        r.next();
        StringBuilder state = new StringBuilder();
        for (int i = 1; i <= 6; i++) {
          state.append(r.getString(i)).append(' ');
        }
        return state.toString();
      }
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
