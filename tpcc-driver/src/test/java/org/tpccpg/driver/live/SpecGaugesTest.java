package org.tpccpg.driver.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.TerminalStates;

/**
 * Spec mode's gauges on the loopback endpoint, without a run: counted afresh at each scrape, and
 * absent for a run without terminals.
 */
class SpecGaugesTest {
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

  @Test
  void eachScrapeCountsTheTerminalsAndTheDeferredQueueAfresh() throws Exception {
    AtomicReference<TerminalStates> now = new AtomicReference<>(new TerminalStates(7, 2, 1, 4));
    try (LiveMetrics metrics = LiveMetrics.open(LOOPBACK, 0)) {
      metrics.publish(
          new RunFigures(
              List.of("new_order"),
              List.of(new ClientCounters(1)),
              () -> false,
              () -> 0,
              now::get));
      Scrape first = Scrape.of(metrics.url(LOOPBACK));
      assertEquals(7.0, first.get("tpcc_terminals{state=\"thinking\"}"), first.toString());
      assertEquals(2.0, first.get("tpcc_terminals{state=\"keying\"}"), first.toString());
      assertEquals(1.0, first.get("tpcc_terminals{state=\"in_transaction\"}"), first.toString());
      assertEquals(4.0, first.get("tpcc_deferred_delivery_queue"), first.toString());
      now.set(new TerminalStates(3, 3, 4, 0));
      Scrape second = Scrape.of(metrics.url(LOOPBACK));
      assertEquals(4.0, second.get("tpcc_terminals{state=\"in_transaction\"}"), second.toString());
      assertEquals(0.0, second.get("tpcc_deferred_delivery_queue"), second.toString());
    }
  }

  @Test
  void aRunWithoutTerminalsServesNoneOfTheirSeries() throws Exception {
    try (LiveMetrics metrics = LiveMetrics.open(LOOPBACK, 0)) {
      metrics.publish(
          new RunFigures(
              List.of("tpcb-like"), List.of(new ClientCounters(1)), () -> false, () -> 0));
      Scrape scrape = Scrape.of(metrics.url(LOOPBACK));
      assertNotNull(scrape.get("tpcc_transactions_total{kind=\"tpcb-like\"}"), scrape.toString());
      assertNull(scrape.get("tpcc_terminals{state=\"thinking\"}"), scrape.toString());
      assertNull(scrape.get("tpcc_deferred_delivery_queue"), scrape.toString());
    }
  }
}
