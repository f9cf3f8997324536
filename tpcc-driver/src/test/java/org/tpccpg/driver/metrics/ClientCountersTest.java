package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClientCountersTest {
  private static final int KINDS = 3;

  @Test
  void statementsAndReconnectsAreCountedOnTheirOwn() {
    ClientCounters c = new ClientCounters(KINDS);
    c.addRead();
    c.addRead();
    c.addWrite();
    c.addOther();
    c.addOther();
    c.addOther();
    c.reconnected();
    assertEquals(2, c.reads());
    assertEquals(1, c.writes());
    assertEquals(3, c.others());
    assertEquals(1, c.reconnects());
    assertEquals(KindTotals.ZERO, c.kind(0));
  }

  @Test
  void aCompletedTransactionAddsItsLatencyLagAndOutcomeToItsKindOnly() {
    ClientCounters c = new ClientCounters(KINDS);
    c.completed(1, 3_000, 500, 1, true, false);
    c.completed(1, 1_000, 2_000, 2, false, true);

    KindTotals k = c.kind(1);
    assertEquals(2, k.completed());
    assertEquals(1, k.rolledBack());
    assertEquals(1, k.commits());
    assertEquals(4_000, k.latencySumNanos());
    assertEquals(3_000.0 * 3_000 + 1_000.0 * 1_000, k.latencySquares());
    assertEquals(2_500, k.lagSumNanos());
    assertEquals(2_000, k.lagMaxNanos(), "the largest lag, not the last");
    assertEquals(1, k.late());
    assertEquals(1, k.retried(), "the one that took 2 tries");
    assertEquals(KindTotals.ZERO, c.kind(0));
    assertEquals(KindTotals.ZERO, c.kind(2));
    c.completed(2, 10, 0, 1, true, false);
    assertEquals(3, c.completed(), "every kind's completed transactions");
  }

  @Test
  void failedTriesCountByKindAndByCauseAndARetryingOneIsARetry() {
    ClientCounters c = new ClientCounters(KINDS);
    c.tryFailed(0, FailureCause.SERIALIZATION, true);
    c.tryFailed(0, FailureCause.SERIALIZATION, false);
    c.tryFailed(2, FailureCause.UNIQUE_VIOLATION, false);

    assertEquals(2, c.kind(0).tryFailures());
    assertEquals(1, c.kind(0).retries());
    assertEquals(0, c.kind(0).failed(), "a failed try is not a failed transaction");
    assertEquals(1, c.kind(2).tryFailures());
    assertEquals(2, c.tryFailures(FailureCause.SERIALIZATION));
    assertEquals(1, c.tryFailures(FailureCause.UNIQUE_VIOLATION));
    assertEquals(0, c.tryFailures(FailureCause.DEADLOCK));
  }

  @Test
  void aTransactionThatFailsForGoodCountsItsCauseAsPgbenchSplitsThem() {
    ClientCounters c = new ClientCounters(KINDS);
    c.failed(0, FailureCause.SERIALIZATION, 3);
    c.failed(0, FailureCause.DEADLOCK, 1);
    c.failed(0, FailureCause.CONNECTION, 1);
    c.skipped(0);

    KindTotals k = c.kind(0);
    assertEquals(3, k.failed());
    assertEquals(1, k.serializationFailures());
    assertEquals(1, k.deadlockFailures());
    assertEquals(1, k.retried(), "only the one with 3 tries");
    assertEquals(1, k.skipped());
    assertEquals(4, k.attempted(), "failed plus skipped, none completed");
  }

  @Test
  void sysbenchErrorsAreTheFailedTriesPlusTheRollbacksOnPurpose() {
    ClientCounters c = new ClientCounters(KINDS);
    c.completed(0, 10, 0, 1, false, false);
    c.tryFailed(1, FailureCause.DEADLOCK, false);
    c.completed(1, 20, 0, 1, true, false);

    CounterTotals total = CounterSnapshot.of(List.of(c)).total();
    assertEquals(2, total.events());
    assertEquals(2, total.errors());
    assertEquals(30, total.latencySumNanos());
  }

  @Test
  void theRunningFlagFollowsTheClient() {
    ClientCounters c = new ClientCounters(KINDS);
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
  void badArgumentsAreRejectedWithTheirValues() {
    ClientCounters c = new ClientCounters(KINDS);
    assertEquals(
        "latencyNanos and lagNanos must be >= 0 but were -5, 0",
        assertThrows(IllegalArgumentException.class, () -> c.completed(0, -5, 0, 1, true, false))
            .getMessage());
    assertEquals(
        "kind must be in [0, 3) but was 3",
        assertThrows(IllegalArgumentException.class, () -> c.skipped(3)).getMessage());
    assertEquals(
        "kinds must be >= 1 but was 0",
        assertThrows(IllegalArgumentException.class, () -> new ClientCounters(0)).getMessage());
  }

  @Test
  void countersWrittenByTwoThreadsAreSummedAcrossThreads() throws InterruptedException {
    ClientCounters a = new ClientCounters(KINDS);
    ClientCounters b = new ClientCounters(KINDS);
    Thread ta = new Thread(() -> work(a, 1_000));
    Thread tb = new Thread(() -> work(b, 3_000));
    ta.start();
    tb.start();
    ta.join();
    tb.join();

    CounterSnapshot s = CounterSnapshot.of(List.of(a, b));

    assertEquals(new CounterTotals(4_000, 8_000, 4_000, 0, 0, 0, 40_000), s.total());
    assertEquals(4_000, s.kind(2).completed());
    assertEquals(0, s.kind(0).completed());
    assertEquals(
        List.of(new ThreadTotals(1_000, 10_000, 10, 10), new ThreadTotals(3_000, 30_000, 10, 10)),
        s.perThread());
  }

  @Test
  void aSnapshotMinusAnEarlierOneIsWhatHappenedBetween() {
    ClientCounters a = new ClientCounters(KINDS);
    work(a, 2);
    a.completed(2, 1_000_000, 7, 1, true, false); // the largest lag, before the baseline
    CounterSnapshot before = CounterSnapshot.of(List.of(a));
    work(a, 3);
    a.tryFailed(2, FailureCause.DEADLOCK, false);

    CounterSnapshot delta = CounterSnapshot.of(List.of(a)).minus(before);

    assertEquals(new CounterTotals(3, 6, 3, 0, 1, 0, 30), delta.total());
    assertEquals(3, delta.kind(2).completed());
    assertEquals(1, delta.kind(2).tryFailures());
    assertEquals(1, delta.tryFailures(FailureCause.DEADLOCK));
    // the shortest and longest latency cannot be subtracted: the 1 ms before the baseline stays
    assertEquals(List.of(new ThreadTotals(3, 30, 10, 1_000_000)), delta.perThread());
  }

  @Test
  void aClientsShortestAndLongestLatencyCoverEveryKindAndStartEmpty() {
    ClientCounters c = new ClientCounters(KINDS);
    assertEquals(List.of(new ThreadTotals(0, 0, 0, 0)), CounterSnapshot.of(List.of(c)).perThread());
    c.completed(0, 700, 0, 1, true, false);
    c.completed(2, 300, 0, 1, true, false);
    c.completed(1, 900, 0, 1, false, false);
    assertEquals(300, c.latencyMinNanos());
    assertEquals(900, c.latencyMaxNanos());
    assertEquals(
        List.of(new ThreadTotals(3, 1_900, 300, 900)), CounterSnapshot.of(List.of(c)).perThread());
  }

  private static void work(ClientCounters c, int events) {
    for (int i = 0; i < events; i++) {
      c.addRead();
      c.addRead();
      c.addWrite();
      c.completed(2, 10, 0, 1, true, false);
    }
  }
}
