package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;

class IntervalSamplerTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long START = 7 * SECOND;

  private final ThreadCounters a = new ThreadCounters();
  private final ThreadCounters b = new ThreadCounters();
  private final LatencyRecorders latencies = new LatencyRecorders();
  private final IntervalSampler sampler = new IntervalSampler(List.of(a, b), latencies, 95, START);

  @Test
  void ratesAreDeltasOverTheMeasuredIntervalNotTheNominalOne() {
    events(a, 100);
    sampler.sample(START + SECOND);
    events(a, 150);
    events(b, 150);

    // 1.25 s measured for a nominal 1 s interval: 300 events / 1.25 s = 240 tps.
    IntervalSnapshot s = sampler.sample(START + 2 * SECOND + SECOND / 4);

    assertEquals(240.0, s.tps(), 1e-9);
    assertEquals(3 * 240.0, s.qps(), 1e-9);
    assertEquals(240.0, s.readsPerSecond(), 1e-9);
    assertEquals(240.0, s.writesPerSecond(), 1e-9);
    assertEquals(240.0, s.othersPerSecond(), 1e-9);
    assertEquals(2 / 1.25, s.errorsPerSecond(), 1e-9);
    assertEquals(0.0, s.reconnectsPerSecond(), 1e-9);
  }

  @Test
  void theTimeIsSecondsSinceStartRoundedHalfToEvenAsPrintfDoes() {
    assertEquals(2, sampler.sample(START + 2 * SECOND + SECOND / 2).seconds());
    assertEquals(4, sampler.sample(START + 3 * SECOND + SECOND / 2).seconds());
    assertEquals(4, sampler.sample(START + 4 * SECOND + 499_999_999).seconds());
  }

  @Test
  void threadsAreThoseInsideTheirEventLoop() {
    a.started();
    b.started();
    assertEquals(2, sampler.sample(START + SECOND).threads());
    b.stopped(START + SECOND / 2);
    assertEquals(1, sampler.sample(START + 2 * SECOND).threads());
  }

  @Test
  void theIntervalAThreadEndedInStillCountsIt() {
    a.started();
    b.started();
    assertEquals(2, sampler.sample(START + SECOND).threads());
    a.stopped(START + 2 * SECOND - 1);
    b.stopped(START + 2 * SECOND - 1);
    assertEquals(2, sampler.sample(START + 2 * SECOND).threads(), "the last line of a run");
    assertEquals(0, sampler.sample(START + 3 * SECOND).threads(), "nothing ran after that");
  }

  @Test
  void theLatencyIsTheIntervalPercentileInSysbenchBuckets() {
    for (int i = 0; i < 95; i++) {
      latencies.record(TransactionType.PAYMENT, 1_000_000);
    }
    for (int i = 0; i < 5; i++) {
      latencies.record(TransactionType.NEW_ORDER, 8_000_000);
    }
    assertEquals(SysbenchBuckets.valueOf(384), sampler.sample(START + SECOND).latencyMillis());
    latencies.record(TransactionType.NEW_ORDER, 8_000_000);
    assertEquals(SysbenchBuckets.valueOf(499), sampler.sample(START + 2 * SECOND).latencyMillis());
  }

  @Test
  void aRestartForgetsWarmupForReportsAndTotals() {
    events(a, 1_000);
    latencies.record(TransactionType.DELIVERY, 50_000_000);
    sampler.restart(START + 10 * SECOND);
    events(b, 20);

    IntervalSnapshot s = sampler.sample(START + 12 * SECOND);
    RunTotals t = sampler.totals(START + 12 * SECOND, 3);

    assertEquals(2, s.seconds());
    assertEquals(10.0, s.tps(), 1e-9);
    assertEquals(2.0, t.elapsedSeconds(), 1e-12);
    assertEquals(20, t.counters().total().events());
    assertEquals(
        List.of(new ThreadTotals(0, 0), new ThreadTotals(20, 20 * 1_000_000L)),
        t.counters().perThread());
    assertEquals(0, t.latencies().get(TransactionType.DELIVERY).getTotalCount());
    assertEquals(20, t.latencies().get(TransactionType.PAYMENT).getTotalCount());
  }

  @Test
  void aSampleAtOrBeforeThePreviousOneIsRejected() {
    sampler.sample(START + SECOND);
    assertThrows(IllegalArgumentException.class, () -> sampler.sample(START + SECOND));
  }

  private void events(ThreadCounters c, int n) {
    for (int i = 0; i < n; i++) {
      c.addRead();
      c.addWrite();
      c.addOther();
      c.committed(TransactionType.PAYMENT);
      c.eventCompleted(1_000_000);
      latencies.record(TransactionType.PAYMENT, 1_000_000);
    }
    for (int i = 0; i < n / 100; i++) {
      c.addError();
    }
  }
}
