package org.tpccpg.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The grid the interval timer keeps for both workloads' reports. */
class IntervalTimerTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long START = 100 * SECOND;

  /** Wakes up at the deadlines it is given plus the wake-ups' lateness, for a number of naps. */
  private static final class LateTicker implements Ticker {
    final List<Long> lateness;
    long now = START;

    LateTicker(List<Long> lateness) {
      this.lateness = new ArrayList<>(lateness);
    }

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void sleepUntil(long deadline) throws InterruptedException {
      if (lateness.isEmpty()) {
        throw new InterruptedException("test over");
      }
      now = Math.max(now, deadline) + lateness.remove(0);
    }
  }

  @Test
  void aLateWakeUpSkipsTheGridPointsItMissedInsteadOfReportingThemAllAtOnce() {
    List<Long> intervals = new ArrayList<>();
    LateTicker ticker = new LateTicker(List.of(0L, 3 * SECOND + 10, 0L));
    new IntervalTimer(intervals::add, START, 0, SECOND, ticker, "test").run();
    Thread.interrupted(); // the fake's InterruptedException restored the flag; clear it
    // 101 s on time; the wake-up for 102 s comes at 105.00000001 s; the next is 106 s, not 103 s.
    assertEquals(List.of(START + SECOND, START + 5 * SECOND + 10, START + 6 * SECOND), intervals);
  }

  @Test
  void theWarmupEndsOnceAndTheGridStartsThere() {
    List<String> calls = new ArrayList<>();
    IntervalTask task =
        new IntervalTask() {
          @Override
          public void warmupEnded(long nowNanos) {
            calls.add("warmup " + (nowNanos - START) / SECOND);
          }

          @Override
          public void interval(long nowNanos) {
            calls.add("interval " + (nowNanos - START) / SECOND);
          }
        };
    new IntervalTimer(task, START, 5 * SECOND, 2 * SECOND, new LateTicker(List.of(0L, 0L, 0L)), "t")
        .run();
    Thread.interrupted();
    assertEquals(List.of("warmup 5", "interval 7", "interval 9"), calls);
  }

  /** Records each call as "kind seconds" (or "kind seconds.fraction" off the whole second). */
  private static IntervalTask recording(List<String> calls) {
    return new IntervalTask() {
      @Override
      public void checkpoint(long nowNanos) {
        calls.add("checkpoint " + (nowNanos - START) / (double) SECOND);
      }

      @Override
      public void interval(long nowNanos) {
        calls.add("interval " + (nowNanos - START) / (double) SECOND);
      }
    };
  }

  @Test
  void checkpointsComeBetweenIntervalsAndBeforeTheIntervalEndingWithThem() {
    List<String> calls = new ArrayList<>();
    long[] checkpoints = {SECOND + SECOND / 2, 3 * SECOND};
    new IntervalTimer(
            recording(calls),
            START,
            0,
            SECOND,
            checkpoints,
            new LateTicker(List.of(0L, 0L, 0L, 0L, 0L)), // five naps: 1, 1.5, 2, 3 and 4 s
            "t")
        .run();
    Thread.interrupted();
    assertEquals(
        List.of(
            "interval 1.0",
            "checkpoint 1.5",
            "interval 2.0",
            "checkpoint 3.0",
            "interval 3.0",
            "interval 4.0"),
        calls);
  }

  @Test
  void checkpointsAtZeroOrAlreadyPastAreSkippedAsSysbenchSkipsThem() {
    List<String> calls = new ArrayList<>();
    // sysbench's --report-checkpoints=0,1,1,2 without report lines; the wake-up for 1 s is 1.5 s
    // late, so the second 1 and the 2 are past when the first checkpoint has been reported.
    long[] checkpoints = {0, SECOND, SECOND, 2 * SECOND, 4 * SECOND};
    new IntervalTimer(
            recording(calls),
            START,
            0,
            0,
            checkpoints,
            new LateTicker(List.of(SECOND + SECOND / 2, 0L)),
            "t")
        .run();
    Thread.interrupted();
    assertEquals(List.of("checkpoint 2.5", "checkpoint 4.0"), calls);
  }

  @Test
  void withNeitherIntervalsNorCheckpointsTheThreadEndsAfterTheWarmup() {
    List<String> calls = new ArrayList<>();
    new IntervalTimer(recording(calls), START, 0, 0, new long[0], new LateTicker(List.of()), "t")
        .run();
    assertEquals(List.of(), calls, "no sleep was needed, so the fake never interrupted");
  }

  /** A clock set by the test, whose thread sleeps until it is interrupted, as a starved one. */
  private static final class StarvedTicker implements Ticker {
    final CountDownLatch asleep = new CountDownLatch(1);
    volatile long now = START;

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void sleepUntil(long deadline) throws InterruptedException {
      asleep.countDown();
      new CountDownLatch(1).await();
    }
  }

  @Test
  void stoppingAfterAGridPointTheThreadHadNotReportedReportsItOnce() throws Exception {
    List<Long> intervals = new ArrayList<>();
    StarvedTicker ticker = new StarvedTicker();
    IntervalTimer timer = new IntervalTimer(intervals::add, START, 0, SECOND, ticker, "test");
    timer.start();
    ticker.asleep.await();
    ticker.now = START + SECOND + 5_000_000; // the run ended 5 ms after its first grid point
    timer.stop();
    assertEquals(List.of(START + SECOND + 5_000_000), intervals);
  }

  @Test
  void stoppingBetweenGridPointsReportsNoPartialInterval() throws Exception {
    List<Long> intervals = new ArrayList<>();
    StarvedTicker ticker = new StarvedTicker();
    IntervalTimer timer = new IntervalTimer(intervals::add, START, 0, SECOND, ticker, "test");
    timer.start();
    ticker.asleep.await();
    ticker.now = START + SECOND - 1;
    timer.stop();
    assertEquals(List.of(), intervals);
  }

  @Test
  void stoppingDuringWarmupReportsNothing() throws Exception {
    List<Long> intervals = new ArrayList<>();
    StarvedTicker ticker = new StarvedTicker();
    IntervalTimer timer =
        new IntervalTimer(intervals::add, START, 5 * SECOND, SECOND, ticker, "test");
    timer.start();
    ticker.asleep.await();
    ticker.now = START + 7 * SECOND;
    timer.stop();
    assertEquals(List.of(), intervals);
  }
}
