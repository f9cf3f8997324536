package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class IntervalSamplerTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long START = 7 * SECOND;
  private static final List<String> KINDS = List.of("new_order", "payment", "delivery");
  private static final int NEW_ORDER = 0;
  private static final int PAYMENT = 1;
  private static final int DELIVERY = 2;

  private final ClientCounters a = new ClientCounters(KINDS.size());
  private final ClientCounters b = new ClientCounters(KINDS.size());
  private final KindLatencies latencies = new KindLatencies(KINDS.size());
  private final IntervalSampler sampler =
      new IntervalSampler(KINDS, List.of(a, b), latencies, START);

  private static LongSupplier at(long nanos) {
    return () -> nanos;
  }

  private IntervalSnapshot sysbench(long now) {
    return IntervalSnapshot.of(sampler.sample(at(now)), 95);
  }

  @Test
  void ratesAreDeltasOverTheMeasuredIntervalNotTheNominalOne() {
    events(a, 100);
    sampler.sample(at(START + SECOND));
    events(a, 150);
    events(b, 150);

    // 1.25 s measured for a nominal 1 s interval: 300 events / 1.25 s = 240 tps.
    IntervalSnapshot s = sysbench(START + 2 * SECOND + SECOND / 4);

    assertEquals(240.0, s.tps(), 1e-9);
    assertEquals(3 * 240.0, s.qps(), 1e-9);
    assertEquals(240.0, s.readsPerSecond(), 1e-9);
    assertEquals(240.0, s.writesPerSecond(), 1e-9);
    assertEquals(240.0, s.othersPerSecond(), 1e-9);
    assertEquals(2 / 1.25, s.errorsPerSecond(), 1e-9);
    assertEquals(0.0, s.reconnectsPerSecond(), 1e-9);
  }

  @Test
  void anIntervalCarriesTheCountersOfEachKindAndItsExactTimes() {
    events(a, 100);
    a.failed(DELIVERY, FailureCause.SERIALIZATION, 2);

    Interval interval = sampler.sample(at(START + SECOND + SECOND / 2));

    assertEquals(1.5, interval.elapsedSeconds(), 1e-12);
    assertEquals(1.5, interval.seconds(), 1e-12);
    assertEquals(100, interval.counters().kind(PAYMENT).completed());
    assertEquals(1, interval.counters().kind(DELIVERY).failed());
    assertEquals(1, interval.counters().allKinds().serializationFailures());
    assertEquals(100, interval.perKind().get(PAYMENT).getTotalCount());
  }

  @Test
  void theTimeIsSecondsSinceStartRoundedHalfToEvenAsPrintfDoes() {
    assertEquals(2, sysbench(START + 2 * SECOND + SECOND / 2).seconds());
    assertEquals(4, sysbench(START + 3 * SECOND + SECOND / 2).seconds());
    assertEquals(4, sysbench(START + 4 * SECOND + 499_999_999).seconds());
  }

  @Test
  void threadsAreThoseInsideTheirEventLoop() {
    a.started();
    b.started();
    assertEquals(2, sampler.sample(at(START + SECOND)).clients());
    b.stopped(START + SECOND / 2);
    assertEquals(1, sampler.sample(at(START + 2 * SECOND)).clients());
  }

  @Test
  void theIntervalAThreadEndedInStillCountsIt() {
    a.started();
    b.started();
    assertEquals(2, sampler.sample(at(START + SECOND)).clients());
    a.stopped(START + 2 * SECOND - 1);
    b.stopped(START + 2 * SECOND - 1);
    assertEquals(2, sampler.sample(at(START + 2 * SECOND)).clients(), "the last line of a run");
    assertEquals(0, sampler.sample(at(START + 3 * SECOND)).clients(), "nothing ran after that");
  }

  @Test
  void theLatencyIsTheIntervalPercentileInSysbenchBuckets() {
    for (int i = 0; i < 95; i++) {
      latencies.record(PAYMENT, 1_000_000);
    }
    for (int i = 0; i < 5; i++) {
      latencies.record(NEW_ORDER, 8_000_000);
    }
    assertEquals(SysbenchBuckets.valueOf(384), sysbench(START + SECOND).latencyMillis());
    latencies.record(NEW_ORDER, 8_000_000);
    assertEquals(SysbenchBuckets.valueOf(499), sysbench(START + 2 * SECOND).latencyMillis());
  }

  @Test
  void aRestartForgetsWarmupForReportsAndTheResult() {
    events(a, 1_000);
    latencies.record(DELIVERY, 50_000_000);
    sampler.restart(at(START + 10 * SECOND));
    events(b, 20);

    IntervalSnapshot s = sysbench(START + 12 * SECOND);
    RunResult t =
        sampler.result(
            START + 12 * SECOND - sampler.measureStartNanos(),
            1.5,
            List.of(),
            RunResult.Ending.COMPLETED);

    assertEquals(2, s.seconds());
    assertEquals(10.0, s.tps(), 1e-9);
    assertEquals(2.0, t.elapsedSeconds(), 1e-12);
    assertEquals(1.5, t.connectionMillis());
    assertEquals(KINDS, t.kinds());
    assertEquals(20, t.counters().total().events());
    assertEquals(
        List.of(
            new ThreadTotals(0, 0, 0, 0),
            new ThreadTotals(20, 20 * 1_000_000L, 1_000_000L, 1_000_000L)),
        t.counters().perThread());
    assertEquals(0, t.latencies().get(DELIVERY).getTotalCount());
    assertEquals(20, t.latencies().get(PAYMENT).getTotalCount());
  }

  @Test
  void theResultCarriesTheStabilityWindowsOfTheMeasuredIntervals() {
    events(a, 50);
    sampler.sample(at(START + SECOND)); // warmup: forgotten
    sampler.restart(at(START + 2 * SECOND));
    int[] perSecond = {10, 20, 30, 40};
    for (int i = 0; i < perSecond.length; i++) {
      events(b, perSecond[i]);
      sampler.sample(at(START + (3 + i) * SECOND));
    }
    RunResult t = sampler.result(4 * SECOND, 0, List.of(), RunResult.Ending.COMPLETED);

    assertEquals(
        List.of(10L, 20L, 30L, 40L),
        t.stability().windows().stream().map(StabilityWindow::transactions).toList());
    assertEquals(0, t.stability().windows().get(0).startSeconds(), 1e-9);
    assertEquals(1.0, t.stability().windows().get(0).p99Millis(), 0.01);
    assertEquals(0.4, t.stability().worstTpsToMedian(), 1e-9); // 10 against (20 + 30) / 2
  }

  @Test
  void anIntervalEndsWhenItsCountersAreReadNotWhenTheReporterWoke() {
    events(a, 100);
    // transactions that complete while the starved reporter reads the clock belong to the next line
    Interval first =
        sampler.sample(
            () -> {
              events(b, 40);
              return START + SECOND;
            });
    Interval second = sampler.sample(at(START + 2 * SECOND));

    assertEquals(100, first.counters().total().events());
    assertEquals(40, second.counters().total().events());
  }

  @Test
  void aRestartStartsWhenItsCountersAreRead() {
    events(a, 100);
    sampler.restart(
        () -> {
          events(b, 40);
          return START + SECOND;
        });

    assertEquals(40, sampler.sample(at(START + 2 * SECOND)).counters().total().events());
  }

  @Test
  void aSampleAtOrBeforeThePreviousOneIsRejected() {
    sampler.sample(at(START + SECOND));
    assertThrows(IllegalArgumentException.class, () -> sampler.sample(at(START + SECOND)));
  }

  @Test
  void checkpointWindowsSplitTheRunWithoutTakingAnythingFromTheIntervals() {
    sampler.trackCheckpoints();
    events(a, 100);
    IntervalSampler.Checkpoint first = sampler.checkpoint(at(START + SECOND / 2));
    events(b, 300);
    Interval interval = sampler.sample(at(START + SECOND));
    long intervalLatencies = interval.latencies().getTotalCount(); // reused by the next sample
    events(a, 200);
    IntervalSampler.Checkpoint second = sampler.checkpoint(at(START + 2 * SECOND));
    events(b, 400);
    IntervalSampler.Checkpoint last = sampler.afterLastCheckpoint(START + 4 * SECOND);

    assertEquals(0.5, first.sinceStartSeconds(), 1e-12);
    assertEquals(0.5, first.window().elapsedSeconds(), 1e-12);
    assertEquals(100, first.window().counters().total().events());
    assertEquals(100, first.window().mergedLatencies().getTotalCount());
    assertEquals(
        List.of(100L, 0L),
        first.window().counters().perThread().stream().map(ThreadTotals::events).toList());
    // the interval keeps the events of its whole second, the first checkpoint's included
    assertEquals(400, interval.counters().total().events());
    assertEquals(400, intervalLatencies);
    assertEquals(2.0, second.sinceStartSeconds(), 1e-12);
    assertEquals(1.5, second.window().elapsedSeconds(), 1e-12);
    assertEquals(500, second.window().counters().total().events());
    assertEquals(500, second.window().mergedLatencies().getTotalCount());
    assertEquals(4.0, last.sinceStartSeconds(), 1e-12);
    assertEquals(2.0, last.window().elapsedSeconds(), 1e-12);
    assertEquals(400, last.window().counters().total().events());
    assertEquals(400, last.window().mergedLatencies().getTotalCount());
    RunResult whole = sampler.result(4 * SECOND, 0, List.of(), RunResult.Ending.COMPLETED);
    assertEquals(1000, whole.counters().total().events());
    assertEquals(1000, whole.mergedLatencies().getTotalCount());
  }

  @Test
  void withoutACheckpointTheClosingBlockIsTheWholeRunsAndCheckpointsMustBeAskedFor() {
    events(a, 10);
    assertEquals(null, sampler.afterLastCheckpoint(START + SECOND));
    assertThrows(IllegalStateException.class, () -> sampler.checkpoint(at(START + SECOND)));
  }

  private void events(ClientCounters c, int n) {
    for (int i = 0; i < n; i++) {
      c.addRead();
      c.addWrite();
      c.addOther();
      c.completed(PAYMENT, 1_000_000, 0, 1, true, false);
      latencies.record(PAYMENT, 1_000_000);
    }
    for (int i = 0; i < n / 100; i++) {
      c.tryFailed(PAYMENT, FailureCause.DEADLOCK, false);
    }
  }
}
