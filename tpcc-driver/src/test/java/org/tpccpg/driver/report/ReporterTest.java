package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.engine.Ticker;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.LatencyRecorders;
import org.tpccpg.driver.metrics.ThreadCounters;

class ReporterTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long START = 100 * SECOND;

  private final ThreadCounters worker = new ThreadCounters();
  private final LatencyRecorders latencies = new LatencyRecorders();
  private final IntervalSampler sampler =
      new IntervalSampler(List.of(worker), latencies, 95, START);
  private final StringWriter text = new StringWriter();

  /** A clock that jumps to each deadline plus a lag, lets workers act, and stops after n naps. */
  private final class FakeTicker implements Ticker {
    final List<Long> deadlines = new ArrayList<>();
    long now = START;
    long lag;
    int napsLeft;
    Reporter reporter;

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
        worker.committed(TransactionType.PAYMENT);
        worker.eventCompleted(SECOND / 100);
      }
    }
  }

  private Reporter reporter(FakeTicker ticker, long warmup, long interval) {
    return new Reporter(
        sampler, SysbenchReportLine::text, new PrintWriter(text), START, warmup, interval, ticker);
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
    assertEquals(20, sampler.totals(START + 7 * SECOND, 1).counters().total().events());
  }

  @Test
  void stopEndsTheRealThreadPromptly() throws InterruptedException {
    Reporter r =
        new Reporter(
            sampler,
            SysbenchReportLine::csv,
            new PrintWriter(text),
            System.nanoTime(),
            0,
            3_600 * SECOND,
            Ticker.SYSTEM);
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
        (snapshot, perKind) ->
            calls.add(
                "file "
                    + perKind.get(TransactionType.PAYMENT).getTotalCount()
                    + " "
                    + perKind.size());
    IntervalListener line = (snapshot, perKind) -> calls.add("line " + snapshot.seconds());
    new Reporter(sampler, List.of(file, line), START, 0, SECOND, ticker).run();
    Thread.interrupted();
    assertEquals(List.of("file 0 6", "line 1", "file 0 6", "line 2"), calls);
  }
}
