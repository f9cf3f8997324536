package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** How report intervals become stability windows: their lengths, counts and percentiles. */
class StabilityWindowsTest {
  /** An interval ending at {@code end} s of {@code seconds}, with {@code tps} at 1 ms each. */
  private static Interval interval(double end, double seconds, long transactions, long micros) {
    Histogram latencies = new Histogram(KindLatencies.SIGNIFICANT_DIGITS);
    if (transactions > 0) {
      latencies.recordValueWithCount(micros, transactions);
    }
    CounterSnapshot counters =
        new CounterSnapshot(
            new CounterTotals(transactions, 0, 0, 0, 0, 0, 0),
            List.of(KindTotals.ZERO),
            ResultFixtures.noFailures(),
            List.of(new ThreadTotals(transactions, 0, 0, 0)));
    return new Interval(end, seconds, 1, counters, latencies, List.of(latencies));
  }

  private static StabilityWindows fed(int intervals, double seconds) {
    StabilityWindows windows = new StabilityWindows();
    for (int i = 1; i <= intervals; i++) {
      windows.add(interval(i * seconds, seconds, 100, 1000));
    }
    return windows;
  }

  @Test
  void aShortRunKeepsItsIntervalsAsWindows() {
    List<StabilityWindow> w = fed(60, 1).stability().windows();
    assertEquals(60, w.size());
    assertEquals(0, w.get(0).startSeconds());
    assertEquals(59, w.get(59).startSeconds());
    assertEquals(100, w.get(0).tps(), 1e-9);
  }

  @Test
  void windowsDoubleWhenSixtyFourAreFull() {
    // 64 one-second windows become 32 of 2 s at 64 s; 36 s more make 18 more
    List<StabilityWindow> w = fed(100, 1).stability().windows();
    assertEquals(50, w.size());
    assertTrue(w.stream().allMatch(x -> x.seconds() == 2), w.toString());
    assertEquals(98, w.get(49).startSeconds());
  }

  @Test
  void oneSecondIntervalsStopDoublingAt512Seconds() {
    // 64 windows of 256 s are full at 16,384 s and become 32 of 512 s, the last doubling
    Stability s = fed(20_000, 1).stability();
    assertEquals(512, s.windowSeconds());
    // 39 whole windows; the last, 32 s long, is under half a window and left out
    assertEquals(39, s.windows().size());
  }

  @Test
  void tenSecondIntervalsStopDoublingAt320SecondsAndKeepTheLastHalfWindow() {
    Stability s = fed(3 * 8640 + 20, 10).stability(); // three days and 200 s
    assertEquals(320, s.windowSeconds());
    assertEquals(3 * 86_400 / 320 + 1, s.windows().size());
    assertEquals(200, s.windows().get(s.windows().size() - 1).seconds());
    assertEquals(10, s.windows().get(0).tps(), 1e-9); // 100 per 10 s
  }

  @Test
  void aWindowsPercentilesAreOverAllItsIntervals() {
    StabilityWindows windows = new StabilityWindows();
    for (int i = 1; i <= 100; i++) {
      // every 2 s window: 98 transactions at 1 ms and 2 at 50 ms in its second interval
      windows.add(interval(i, 1, i % 2 == 1 ? 98 : 2, i % 2 == 1 ? 1000 : 50_000));
    }
    StabilityWindow first = windows.stability().windows().get(0);
    assertEquals(2, first.seconds());
    assertEquals(50, first.tps(), 1e-9);
    assertEquals(1.0, first.p95Millis(), 0.01);
    assertEquals(50.0, first.p99Millis(), 0.5);
  }

  @Test
  void clearForgetsTheWarmup() {
    StabilityWindows windows = fed(10, 1);
    windows.clear();
    windows.add(interval(1, 1, 7, 1000));
    assertEquals(
        List.of(7L),
        windows.stability().windows().stream().map(StabilityWindow::transactions).toList());
  }
}
