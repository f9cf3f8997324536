package org.tpccpg.driver.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.Fairness;
import org.tpccpg.driver.metrics.ThreadTotals;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.report.SysbenchFigures;
import org.tpccpg.driver.report.TypeRow;
import org.tpccpg.driver.results.JsonReader;

/**
 * The figures of a merge as a single run's summary prints them, from two drivers whose counts are
 * chosen so that a wrong way of merging (averaging ratios, taking one driver's spread) gives
 * another number than the right one.
 */
class MergedFiguresTest {
  private static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

  /**
   * Driver a: 2 threads (10 and 20 events), 10 s; new_order 100 completed in 1,000 round trips,
   * payment 100 in 400. Driver b: 1 thread (30 events), 5 s; new_order 300 in 1,500, payment 0.
   */
  private static ResultsMerge merge(boolean withFairness) {
    DriverResult a =
        driver("a", "1-1", 2, 10, 15, 5, 2.0, 100, 1_000, 100, 400, withFairness, 2_000);
    DriverResult b = driver("b", "2-2", 1, 5, 30, 0, 4.5, 300, 1_500, 0, 0, withFairness, 7_000);
    Map<String, Histogram> whole = new LinkedHashMap<>();
    for (String kind : List.of("new_order", "payment")) {
      Histogram sum = new Histogram(3);
      sum.add(a.histograms().get(kind).get(0));
      sum.add(b.histograms().get(kind).get(0));
      whole.put(kind, sum);
    }
    return new ResultsMerge(
        List.of(a, b),
        new Alignment(List.of(0, 0), 1),
        List.of("new_order", "payment"),
        whole,
        List.of(whole));
  }

  private static DriverResult driver(
      String name,
      String range,
      int threads,
      double elapsed,
      double eventsAvg,
      double eventsStddev,
      double latencySumMs,
      int newOrders,
      int newOrderTrips,
      int payments,
      int paymentTrips,
      boolean withFairness,
      long latencyMicros) {
    Map<String, Object> totals = new HashMap<>();
    totals.put("clients", (double) threads);
    totals.put("elapsed_s", elapsed);
    totals.put("transactions", (double) (newOrders + payments));
    totals.put("queries", 10.0 * (newOrders + payments));
    totals.put("reads", 6.0 * (newOrders + payments));
    totals.put("writes", 3.0 * (newOrders + payments));
    totals.put("others", 1.0 * (newOrders + payments));
    totals.put("errors", 2.0);
    totals.put("reconnects", 0.0);
    totals.put("retries", 1.0);
    totals.put("failed", 1.0);
    totals.put(
        "failed_tries_by_cause",
        Map.of(
            "serialization",
            2.0,
            "deadlock",
            0.0,
            "unique_violation",
            0.0,
            "connection",
            0.0,
            "other",
            0.0));
    totals.put("latency_sum_ms", latencySumMs);
    totals.put("latency", Map.of("count", (double) (newOrders + payments), "avg_ms", 1.0));
    if (withFairness) {
      totals.put(
          "threads_fairness",
          Map.of(
              "events_avg",
              eventsAvg,
              "events_stddev",
              eventsStddev,
              "execution_time_avg_s",
              eventsAvg / 100,
              "execution_time_stddev_s",
              eventsStddev / 100));
    }
    Map<String, Object> kinds = new LinkedHashMap<>();
    kinds.put("new_order", kind(newOrders, 1, 2));
    kinds.put("payment", kind(payments, 0, 0));
    Map<String, Object> trips = new LinkedHashMap<>();
    trips.put("new_order", Map.of("round_trips", (double) newOrderTrips));
    trips.put("payment", Map.of("round_trips", (double) paymentTrips));
    trips.put("total", Map.of("round_trips", (double) (newOrderTrips + paymentTrips)));
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("workload", "tpcc");
    summary.put("started", T0.toString());
    summary.put(
        "config",
        Map.of(
            "home_warehouses",
            range,
            "scale",
            2.0,
            "percentile",
            95.0,
            "histogram",
            false,
            "sysbench_compat",
            false));
    summary.put("options", Map.of("threads", (double) threads));
    summary.put("totals", totals);
    summary.put("kinds", kinds);
    summary.put("round_trips", trips);
    summary.put("outages", List.of());
    Map<String, List<Histogram>> histograms = new LinkedHashMap<>();
    for (String k : List.of("new_order", "payment")) {
      Histogram h = new Histogram(3);
      int n = k.equals("new_order") ? newOrders : payments;
      if (n > 0) {
        h.recordValueWithCount(latencyMicros, n);
      }
      histograms.put(k, List.of(h));
    }
    List<Map<String, Object>> lines =
        List.of(
            Map.of(
                "time",
                T0.plusSeconds(1).toString(),
                "interval_s",
                1.0,
                "transactions",
                (double) (newOrders + payments),
                "server",
                Map.of("wal_bytes", (double) latencyMicros)));
    return new DriverResult(Path.of(name), summary, lines, histograms);
  }

  private static Map<String, Object> kind(int completed, int failed, int errors) {
    return Map.of(
        "completed",
        (double) completed,
        "failed",
        (double) failed,
        "skipped",
        0.0,
        "errors",
        (double) errors,
        "rollbacks",
        0.0);
  }

  @Test
  void roundTripsPerTransactionAreTheSumOfTripsOverTheSumOfTransactions() throws Exception {
    ResultsMerge m = merge(true);
    Map<String, RoundTrips> trips = RoundTrips.of(m.drivers());
    // (1,000 + 1,500) / (100 + 300), not the mean of 10 and 5
    assertEquals(6.25, trips.get("new_order").perTransaction(), 1e-12);
    assertEquals(4.0, trips.get("payment").perTransaction(), 1e-12);
    assertEquals(2_900.0 / 500, trips.get("total").perTransaction(), 1e-12);
    List<TypeRow> rows = MergedFigures.rows(m);
    assertEquals(6.25, rows.get(0).roundTripsPerTransaction(), 1e-12);
    assertEquals(2_900.0 / 500, MergedFigures.total(m).roundTripsPerTransaction(), 1e-12);

    Map<String, Object> summary = JsonReader.object(MergedSummary.render(m, null));
    Map<?, ?> json = (Map<?, ?>) summary.get("round_trips");
    assertEquals(6.25, ((Map<?, ?>) json.get("new_order")).get("per_transaction"));
    assertEquals(2_500.0, ((Map<?, ?>) json.get("new_order")).get("round_trips"));
    assertEquals(5.8, ((Map<?, ?>) json.get("total")).get("per_transaction"));
  }

  @Test
  void threadsFairnessIsThatOfAllTheDriversThreadsTogether() throws Exception {
    Fairness union =
        Fairness.of(
            List.of(
                new ThreadTotals(10, 100_000_000L, 0, 0),
                new ThreadTotals(20, 200_000_000L, 0, 0),
                new ThreadTotals(30, 300_000_000L, 0, 0)));
    Fairness merged = MergedFigures.fairness(merge(true));
    assertEquals(union.eventsAvg(), merged.eventsAvg(), 1e-9);
    assertEquals(union.eventsStddev(), merged.eventsStddev(), 1e-9);
    assertEquals(union.timeAvgSeconds(), merged.timeAvgSeconds(), 1e-9);
    assertEquals(union.timeStddevSeconds(), merged.timeStddevSeconds(), 1e-9);
    assertNull(MergedFigures.fairness(merge(false)));
  }

  @Test
  void sysbenchFiguresSumCountsAndRatesAndTheExactLatencySums() throws Exception {
    SysbenchFigures f = MergedFigures.sysbench(merge(true));
    assertEquals(500, f.totals().events());
    assertEquals(5_000, f.totals().queries());
    assertEquals(4, f.totals().errors());
    assertEquals(6_500_000L, f.totals().latencySumNanos());
    assertEquals(10, f.elapsedSeconds(), "the longest driver's time");
    assertEquals(200 / 10.0 + 300 / 5.0, f.eventsPerSecond(), 1e-9);
    assertEquals(2 / 10.0 + 2 / 5.0, f.errorsPerSecond(), 1e-9);
    assertEquals(500, f.latencies().getTotalCount());
  }

  @Test
  void theMixAndItsDriftComeFromTheSummedCounts() throws Exception {
    TpccMix mix = MergedFigures.mix(merge(true));
    assertEquals(80.0, mix.finished().get(TransactionType.NEW_ORDER), 1e-9);
    assertEquals(20.0, mix.finished().get(TransactionType.PAYMENT), 1e-9);
    // drawn: 402 new orders (2 failed), 100 payments
    assertEquals(100.0 * 402 / 502 - 80.0, mix.driftPoints(), 1e-9);
  }

  @Test
  void theTextIsASingleRunsSummaryOfTheMergedFiguresAfterALinePerDriver() throws Exception {
    String text = merge(true).text();
    for (String block :
        List.of(
            "    driver 1: warehouses 1-1, 2 threads",
            "    driver 2: warehouses 2-2, 1 threads",
            "SQL statistics:",
            "    transactions:                        500    (80.00 per sec.)",
            "General statistics:",
            "    total time:                          10.0000s",
            "    total number of events:              500",
            "Latency (ms):",
            "         sum:                                    6.50",
            "Threads fairness:",
            "    events (avg/stddev):           20.0000/8.16",
            "Transactions by type:",
            "tpmC: ",
            "mix (TPC-C 5.2.3): ",
            "Errors by cause: 40001 serialization failure: 4,",
            "Outages: none",
            "threads fairness over all 3 threads")) {
      assertTrue(text.contains(block), block + " in:\n" + text);
    }
    String old = merge(false).text();
    assertTrue(old.contains("    events (avg/stddev):           n/a"), old);
    assertTrue(old.contains("threads fairness n/a (a driver's summary.json has no"), old);
  }

  @Test
  void aMergedIntervalSumsTheDriversCountsAndKeepsTheFirstDriversServerFigures() throws Exception {
    Map<String, Object> line = JsonReader.object(merge(true).intervalLines().get(0));
    assertEquals(500.0, line.get("transactions"));
    // both drivers sampled the same server: driver a's figures, not a sum
    assertEquals(Map.of("wal_bytes", 2_000.0), line.get("server"));
  }
}
