package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;

class ThreadCountersTest {
  @Test
  void eachMethodCountsItsOwnCounter() {
    ThreadCounters c = new ThreadCounters();
    c.addRead();
    c.addRead();
    c.addWrite();
    c.addOther();
    c.addOther();
    c.addOther();
    c.addError();
    c.addReconnect();
    c.eventCompleted(1_500);
    c.eventCompleted(2_500);
    assertEquals(new CounterTotals(2, 2, 1, 3, 1, 1, 4_000), c.totals());
    assertEquals(6, c.totals().queries());
  }

  @Test
  void outcomesAreCountedPerKindAndLeaveTheGlobalErrorCounterAlone() {
    ThreadCounters c = new ThreadCounters();
    c.committed(TransactionType.NEW_ORDER);
    c.committed(TransactionType.NEW_ORDER);
    c.rolledBack(TransactionType.NEW_ORDER);
    c.failed(TransactionType.PAYMENT);
    assertEquals(new KindTotals(2, 1, 0), c.kind(TransactionType.NEW_ORDER));
    assertEquals(new KindTotals(0, 0, 1), c.kind(TransactionType.PAYMENT));
    assertEquals(KindTotals.ZERO, c.kind(TransactionType.PURGE));
    assertEquals(3, c.kind(TransactionType.NEW_ORDER).completed());
    assertEquals(0, c.totals().errors());
  }

  @Test
  void theRunningFlagFollowsTheWorker() {
    ThreadCounters c = new ThreadCounters();
    assertFalse(c.isRunning());
    assertFalse(c.ranSince(0));
    c.started();
    assertTrue(c.isRunning());
    assertTrue(c.ranSince(Long.MAX_VALUE));
    c.stopped(100);
    assertFalse(c.isRunning());
    assertTrue(c.ranSince(99), "it ran after 99");
    assertFalse(c.ranSince(100), "it stopped at 100");
  }

  @Test
  void aNegativeLatencyIsRejectedWithItsValue() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new ThreadCounters().eventCompleted(-5));
    assertEquals("latencyNanos must be >= 0 but was -5", e.getMessage());
  }

  @Test
  void countersWrittenByTwoThreadsAreSummedAcrossThreads() throws InterruptedException {
    ThreadCounters a = new ThreadCounters();
    ThreadCounters b = new ThreadCounters();
    Thread ta = new Thread(() -> work(a, 1_000));
    Thread tb = new Thread(() -> work(b, 3_000));
    ta.start();
    tb.start();
    ta.join();
    tb.join();

    CounterSnapshot s = CounterSnapshot.of(List.of(a, b));

    assertEquals(new CounterTotals(4_000, 8_000, 4_000, 0, 0, 0, 40_000), s.total());
    assertEquals(new KindTotals(4_000, 0, 0), s.kind(TransactionType.DELIVERY));
    assertEquals(
        List.of(new ThreadTotals(1_000, 10_000), new ThreadTotals(3_000, 30_000)), s.perThread());
  }

  @Test
  void aSnapshotMinusAnEarlierOneIsWhatHappenedBetween() {
    ThreadCounters a = new ThreadCounters();
    work(a, 2);
    CounterSnapshot before = CounterSnapshot.of(List.of(a));
    work(a, 3);
    a.failed(TransactionType.DELIVERY);

    CounterSnapshot delta = CounterSnapshot.of(List.of(a)).minus(before);

    assertEquals(new CounterTotals(3, 6, 3, 0, 0, 0, 30), delta.total());
    assertEquals(new KindTotals(3, 0, 1), delta.kind(TransactionType.DELIVERY));
    assertEquals(List.of(new ThreadTotals(3, 30)), delta.perThread());
  }

  private static void work(ThreadCounters c, int events) {
    for (int i = 0; i < events; i++) {
      c.addRead();
      c.addRead();
      c.addWrite();
      c.committed(TransactionType.DELIVERY);
      c.eventCompleted(10);
    }
  }
}
