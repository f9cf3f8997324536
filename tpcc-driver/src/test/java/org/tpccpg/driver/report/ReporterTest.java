package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.engine.Ticker;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.KindLatencies;
import org.tpccpg.driver.metrics.RunResult;

class ReporterTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long START = 100 * SECOND;
  private static final List<String> KINDS = List.of("a", "b");

  private final ClientCounters worker = new ClientCounters(KINDS.size());
  private final KindLatencies latencies = new KindLatencies(KINDS.size());
  private final IntervalSampler sampler =
      new IntervalSampler(KINDS, List.of(worker), latencies, START);
  private final StringWriter text = new StringWriter();

  /** A clock that jumps to each deadline plus a lag, lets workers act, and stops after n naps. */
  private final class FakeTicker implements Ticker {
    final List<Long> deadlines = new ArrayList<>();
    long now = START;
    long lag;
    int napsLeft;

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void sleepUntil(long deadline) throws InterruptedException {
      if (napsLeft-- == 0) {
        throw new InterruptedException("test over");
      }
      deadlines.add(deadline);
      now = Math.max(now, deadline) + lag;
      for (int i = 0; i < 10; i++) {
        worker.completed(1, SECOND / 100, 0, 1, true, false);
      }
    }
  }

  private Reporter reporter(FakeTicker ticker, long warmup, long interval) {
    LinePrinter printer =
        new LinePrinter(
            i -> SysbenchReportLine.text(IntervalSnapshot.of(i, 95)), new PrintWriter(text));
    return new Reporter(sampler, List.of(printer), START, warmup, interval, ticker, "test");
  }

  @Test
  void deadlinesStayOnTheGridFromTheStartAndDoNotDriftWithLateWakeups() {
    FakeTicker ticker = new FakeTicker();
    ticker.lag = SECOND / 10;
    ticker.napsLeft = 3;
    reporter(ticker, 0, SECOND).run();
    assertEquals(List.of(START + SECOND, START + 2 * SECOND, START + 3 * SECOND), ticker.deadlines);
    Thread.interrupted(); // the fake's InterruptedException restored the flag; clear it
  }

  @Test
  void eachIntervalPrintsOneLineWithItsMeasuredRates() {
    FakeTicker ticker = new FakeTicker();
    ticker.napsLeft = 1;
    worker.started();
    reporter(ticker, 0, 2 * SECOND).run();
    Thread.interrupted();
    assertEquals(
        "[ 2s ] thds: 1 tps: 5.00 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 0.00"
            + " err/s 0.00 reconn/s: 0.00\n",
        text.toString());
  }

  @Test
  void afterWarmupCountersRestartAndReportTimesCountFromTheEndOfWarmup() {
    FakeTicker ticker = new FakeTicker();
    ticker.napsLeft = 3;
    reporter(ticker, 5 * SECOND, SECOND).run();
    Thread.interrupted();
    // Warmup's 10 events are forgotten: two 1 s intervals of 10 events each follow.
    assertEquals(
        List.of(START + 5 * SECOND, START + 6 * SECOND, START + 7 * SECOND), ticker.deadlines);
    String[] lines = text.toString().split("\n");
    assertEquals(2, lines.length);
    assertEquals(true, lines[0].startsWith("[ 1s ] thds: 0 tps: 10.00 "), lines[0]);
    assertEquals(true, lines[1].startsWith("[ 2s ] thds: 0 tps: 10.00 "), lines[1]);
    RunResult result =
        sampler.result(
            START + 7 * SECOND - sampler.measureStartNanos(),
            0,
            List.of(),
            RunResult.Ending.COMPLETED);
    assertEquals(20, result.counters().total().events());
    assertEquals(2.0, result.elapsedSeconds(), 1e-12);
  }

  @Test
  void stopEndsTheRealThreadPromptly() throws InterruptedException {
    LinePrinter printer =
        new LinePrinter(
            i -> SysbenchReportLine.csv(IntervalSnapshot.of(i, 95)), new PrintWriter(text));
    Reporter r =
        new Reporter(
            sampler, List.of(printer), System.nanoTime(), 0, 3_600 * SECOND, Ticker.SYSTEM, "t");
    r.start();
    r.stop();
    assertEquals("", text.toString());
  }

  @Test
  void listenersGetEachIntervalInOrderWithItsLatenciesPerKind() {
    FakeTicker ticker = new FakeTicker();
    ticker.napsLeft = 2;
    List<String> calls = new ArrayList<>();
    IntervalListener file =
        interval ->
            calls.add(
                "file "
                    + interval.perKind().get(1).getTotalCount()
                    + " "
                    + interval.perKind().size());
    IntervalListener line = interval -> calls.add("line " + Math.round(interval.elapsedSeconds()));
    new Reporter(sampler, List.of(file, line), START, 0, SECOND, ticker, "test").run();
    Thread.interrupted();
    assertEquals(List.of("file 0 2", "line 1", "file 0 2", "line 2"), calls);
  }
}
