package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SteadyStateTest {
  private static final double WINDOW = SteadyState.WINDOW_SECONDS;

  @Test
  void wholeWindowsGiveTpmCEachAndThePartialLastOneIsLeftOut() {
    // 2.5 windows measured: the third window's count is partial
    SteadyState s = SteadyState.of(new long[] {1000, 1050, 300, 0}, 2.5 * WINDOW);
    assertEquals(List.of(100.0, 105.0), s.tpmC());
    assertEquals(5 / 102.5 * 100, s.spreadPercent(), 1e-9);
    assertTrue(s.steady());
    assertNull(s.reason());
    assertTrue(s.line().startsWith("tpmC per 10-minute window: 100.00 105.00; spread 4.9 %"));
    assertTrue(s.line().endsWith(": steady"), s.line());
  }

  @Test
  void aDriftingIntervalIsNotSteadyAndTheReasonGivesTheRangeAndSpread() {
    SteadyState drift = SteadyState.of(new long[] {1000, 1000, 900, 800}, 4 * WINDOW);
    assertFalse(drift.steady());
    assertEquals(20 / 92.5 * 100, drift.spreadPercent(), 1e-9);
    assertTrue(
        drift.reason().startsWith("tpmC not steady: 10-minute windows from 80.00 to 100.00"),
        drift.reason());
    assertTrue(drift.line().endsWith("NOT steady"), drift.line());
  }

  @Test
  void theLimitItselfIsSteadyAndJustAboveItIsNot() {
    // 1000 and 1105.2...: (max - min) / mean exactly at and just above 10 %
    SteadyState at = SteadyState.of(new long[] {950, 1050}, 2 * WINDOW);
    assertEquals(10.0, at.spreadPercent(), 1e-9);
    assertTrue(at.steady());
    SteadyState above = SteadyState.of(new long[] {949, 1051}, 2 * WINDOW);
    assertFalse(above.steady());
  }

  @Test
  void fewerThanTwoWholeWindowsDoNotShowASteadyState() {
    SteadyState one = SteadyState.of(new long[] {1000, 20}, 1.1 * WINDOW);
    assertEquals(List.of(100.0), one.tpmC());
    assertFalse(one.steady());
    assertTrue(one.reason().startsWith("steady state not shown: 1 whole 10-minute windows"));
    SteadyState none = SteadyState.of(new long[] {500}, 60);
    assertEquals(List.of(), none.tpmC());
    assertTrue(none.line().startsWith("steady state: no whole"), none.line());
  }

  @Test
  void windowsWithoutAnyNewOrderAreNotSteady() {
    SteadyState idle = SteadyState.of(new long[] {0, 0, 0}, 3 * WINDOW);
    assertEquals(0, idle.spreadPercent());
    assertFalse(idle.steady(), "no New-Order at all is no steady state");
  }

  @Test
  void specTimesCountsNewOrdersPerWindowFromTheEndOfTheRampUpOnly() {
    SpecTimes times = new SpecTimes();
    long start = 1_000_000_000L;
    long window = TimeUnit.SECONDS.toNanos(SteadyState.WINDOW_SECONDS);
    times.newOrderCompleted(start + 5); // before measureFrom: not counted
    times.measureFrom(start);
    times.newOrderCompleted(start - 1); // ramp-up
    times.newOrderCompleted(start);
    times.newOrderCompleted(start + window - 1);
    times.newOrderCompleted(start + window);
    times.newOrderCompleted(start + 40 * window); // grows past the first array
    long[] counts = times.newOrdersPerWindow();
    assertEquals(2, counts[0]);
    assertEquals(1, counts[1]);
    assertEquals(1, counts[40]);
    long sum = 0;
    for (long c : counts) {
      sum += c;
    }
    assertEquals(4, sum);
  }
}
