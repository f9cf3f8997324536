package org.tpccpg.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.OutageTracker;

/** The engine's schedule for a rate, its reconnect backoff and the outage figures. */
class PacingAndBackoffTest {
  @Test
  void fourClientsAtOneHundredTpsEachStartTwentyFivePerSecondOnAverage() {
    Pacer schedule = new Pacer(100, 4, new SplittableRandom(7), 0);
    long last = 0;
    int n = 100_000;
    for (int i = 0; i < n; i++) {
      long next = schedule.next();
      assertTrue(next >= last, "starts never go backwards");
      last = next;
    }
    double perSecond = n / (last / 1e9);
    assertEquals(25.0, perSecond, 0.5);
  }

  @Test
  void backoffDoublesFromOneTenthOfASecondAndStopsAtFiveSeconds() {
    assertEquals(100_000_000L, Client.backoffNanos(1));
    assertEquals(200_000_000L, Client.backoffNanos(2));
    assertEquals(3_200_000_000L, Client.backoffNanos(6));
    assertEquals(5_000_000_000L, Client.backoffNanos(7));
    assertEquals(5_000_000_000L, Client.backoffNanos(1_000));
  }

  @Test
  void anOutageEndsWhenTheLastClientIsBackAndRecoversAtNinetyPercent() {
    AtomicLong transactions = new AtomicLong();
    AtomicLong clock = new AtomicLong();
    OutageTracker tracker = new OutageTracker(transactions::get, clock::get, 0);
    for (int second = 1; second <= 5; second++) {
      clock.set(second * 1_000_000_000L);
      transactions.addAndGet(100);
      tracker.tick();
    }
    clock.set(5_500_000_000L);
    tracker.connectionLost(0);
    tracker.connectionLost(1);
    clock.set(6_000_000_000L);
    tracker.reconnected();
    clock.set(7_500_000_000L);
    tracker.reconnected();
    clock.set(8_000_000_000L);
    transactions.addAndGet(50); // half the level: not recovered
    tracker.tick();
    assertEquals(-1, tracker.outages().get(0).recoveredAfter());
    clock.set(9_000_000_000L);
    transactions.addAndGet(95);
    tracker.tick();
    assertEquals(
        new OutageTracker.Outage(5.5, 2.0, 2, 3.5), tracker.outages().get(0), "start 5.5 s");
  }

  /**
   * Issue #32.8: during a restart a client may reconnect and lose the new connection again while
   * the other is still away; the outage then had 2 clients, not one per loss.
   */
  @Test
  void aClientThatLosesItsConnectionTwiceInOneOutageCountsOnce() {
    AtomicLong clock = new AtomicLong();
    OutageTracker tracker = new OutageTracker(() -> 0, clock::get, 0);
    tracker.connectionLost(0);
    tracker.connectionLost(1);
    for (int loss = 0; loss < 5; loss++) {
      tracker.reconnected();
      tracker.connectionLost(0);
    }
    tracker.reconnected();
    clock.set(2_000_000_000L);
    tracker.reconnected();
    assertEquals(2, tracker.outages().get(0).clients());
    assertEquals(2.0, tracker.outages().get(0).duration());
    tracker.connectionLost(1);
    assertEquals(1, tracker.outages().get(1).clients(), "the next outage counts afresh");
  }
}
