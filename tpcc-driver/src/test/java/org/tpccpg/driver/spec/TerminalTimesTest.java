package org.tpccpg.driver.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.tpcc.TransactionType;

class TerminalTimesTest {
  private static final int DRAWS = 400_000;

  @Test
  void keyingTimesAreTheConstantsOfTpcC5257TimesTheMultiplier() {
    assertEquals(18_000_000_000L, TerminalTimes.SPECIFIED.keyingNanos(TransactionType.NEW_ORDER));
    assertEquals(3_000_000_000L, TerminalTimes.SPECIFIED.keyingNanos(TransactionType.PAYMENT));
    assertEquals(2_000_000_000L, TerminalTimes.SPECIFIED.keyingNanos(TransactionType.DELIVERY));
    assertEquals(180_000_000L, new TerminalTimes(0.01, 1).keyingNanos(TransactionType.NEW_ORDER));
  }

  @Test
  void thinkTimeIsNegativeExponentialWithTheSpecifiedMean() {
    TpccRandom r = new TpccRandom(99);
    TerminalTimes times = new TerminalTimes(1, 0.5);
    double sum = 0;
    int aboveMean = 0;
    for (int i = 0; i < DRAWS; i++) {
      long nanos = times.thinkNanos(TransactionType.PAYMENT, r.uniformDouble());
      sum += nanos;
      aboveMean += nanos > 6e9 ? 1 : 0;
    }
    // mean 12 s x 0.5; truncation at 10x takes e^-10 of the mass, 0.05 % of the mean
    assertEquals(6e9, sum / DRAWS, 6e9 * 0.01);
    // P(X > mean) = e^-1 for an exponential distribution
    assertEquals(Math.exp(-1), aboveMean / (double) DRAWS, 0.003);
  }

  @Test
  void thinkTimeIsTruncatedAtTenTimesItsMean() {
    TerminalTimes times = TerminalTimes.SPECIFIED;
    double nearlyOne = Math.nextDown(1.0); // r = 2^-53: -ln(r) is about 36.7 means
    assertEquals(50_000_000_000L, times.thinkNanos(TransactionType.STOCK_LEVEL, nearlyOne));
    assertEquals(0, times.thinkNanos(TransactionType.STOCK_LEVEL, 0));
    double justBelowCut = 1 - Math.exp(-9.99);
    assertTrue(times.thinkNanos(TransactionType.ORDER_STATUS, justBelowCut) < 100_000_000_000L);
  }

  @Test
  void onlyMultipliersOfOneAreTheSpecifiedTimes() {
    assertTrue(TerminalTimes.SPECIFIED.specified());
    assertFalse(new TerminalTimes(1, 0.1).specified());
    assertFalse(new TerminalTimes(0, 1).specified());
  }

  @Test
  void negativeOrInfiniteMultipliersAndDrawsOutsideTheUnitIntervalAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new TerminalTimes(-1, 1));
    assertThrows(IllegalArgumentException.class, () -> new TerminalTimes(1, Double.NaN));
    assertThrows(
        IllegalArgumentException.class, () -> new TerminalTimes(1, Double.POSITIVE_INFINITY));
    assertThrows(
        IllegalArgumentException.class,
        () -> TerminalTimes.SPECIFIED.thinkNanos(TransactionType.PAYMENT, 1.0));
    assertThrows(
        IllegalArgumentException.class,
        () -> TerminalTimes.SPECIFIED.keyingNanos(TransactionType.PURGE));
  }
}
