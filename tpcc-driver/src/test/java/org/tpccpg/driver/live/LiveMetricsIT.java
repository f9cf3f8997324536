package org.tpccpg.driver.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.driver.cli.TpccCli;
import org.tpccpg.testkit.Background;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/** {@code --metrics-port}: a Prometheus scrape of a running tpcb run, parsed as the text format. */
class LiveMetricsIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final String KIND = "{kind=\"tpcb-like\"}";

  private static int tpcb(StringWriter live, String... args) {
    TestDatabase db = POSTGRES.database();
    List<String> command = new java.util.ArrayList<>(List.of("tpcb"));
    command.addAll(List.of(args));
    command.add(db.name());
    return TpccCli.execute(
        command.toArray(String[]::new),
        new PrintWriter(live),
        new PrintWriter(live),
        Map.of(
            "PGHOST", db.host(),
            "PGPORT", Integer.toString(db.port()),
            "PGUSER", db.user(),
            "PGPASSWORD", db.password()));
  }

  @BeforeAll
  static void initialize() {
    StringWriter out = new StringWriter();
    assertEquals(0, tpcb(out, "-i", "-s", "1", "-q"), out.toString());
  }

  private static String awaitUrl(StringWriter live, CompletableFuture<Integer> run)
      throws InterruptedException {
    for (int i = 0; i < 600 && !run.isDone(); i++) {
      String url = Scrape.url(live.toString());
      if (url != null) {
        return url;
      }
      TimeUnit.MILLISECONDS.sleep(50);
    }
    throw new AssertionError("no metrics URL printed: " + live);
  }

  /** The first scrape whose latest interval had transactions; fails after 60 s or the run. */
  private static Scrape awaitTransactions(String url, CompletableFuture<Integer> run)
      throws IOException, InterruptedException {
    for (int i = 0; i < 600 && !run.isDone(); i++) {
      Scrape scrape = Scrape.of(url);
      Double tps = scrape.get("tpcc_interval_tps");
      if (tps != null && tps > 0) {
        return scrape;
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
    throw new AssertionError("no interval with transactions scraped from " + url);
  }

  @Test
  void aScrapeDuringTheRunShowsRisingCountersPerKindAndTheRunsState() throws Exception {
    StringWriter live = new StringWriter();
    CompletableFuture<Integer> run =
        Background.supply(() -> tpcb(live, "-c", "2", "-T", "10", "-P", "1", "--metrics-port=0"));
    String url = awaitUrl(live, run);
    assertTrue(url.startsWith("http://127.0.0.1:"), url);
    // The URL comes before the table checks and the clients' connections: the first scrape waits
    // for an interval that saw transactions, however loaded the machine is
    Scrape first = awaitTransactions(url, run);
    TimeUnit.MILLISECONDS.sleep(1_500);
    Scrape second = Scrape.of(url);
    assertEquals(0, run.get(60, TimeUnit.SECONDS), live.toString());

    Double before = first.get("tpcc_transactions_total" + KIND);
    Double after = second.get("tpcc_transactions_total" + KIND);
    assertNotNull(before, first.toString());
    assertTrue(after > before, before + " then " + after);
    assertTrue(second.get("tpcc_latency_seconds_count" + KIND) > 0, "latency count: " + second);
    assertTrue(second.get("tpcc_latency_seconds_sum" + KIND) > 0, "latency sum: " + second);
    Double p95 = second.get("tpcc_latency_seconds{kind=\"tpcb-like\",quantile=\"0.95\"}");
    assertNotNull(p95, "the quantiles of the latest interval: " + second);
    assertTrue(p95 > 0 && p95 < 10, "p95 in seconds: " + p95);
    assertEquals(2.0, second.get("tpcc_clients_running"), second.toString());
    assertEquals(0.0, second.get("tpcc_outage"), second.toString());
    assertEquals(0.0, second.get("tpcc_outages_total"), second.toString());
    assertEquals(0.0, second.get("tpcc_reconnects_total"), second.toString());
    for (String cause : List.of("serialization", "deadlock", "connection", "other")) {
      assertNotNull(
          second.get("tpcc_errors_total{cause=\"" + cause + "\"}"), cause + ": " + second);
    }
    assertTrue(second.get("tpcc_interval_tps") > 0, second.toString());
    // the endpoint closes with the run
    assertThrows(IOException.class, () -> Scrape.of(url));
  }
}
