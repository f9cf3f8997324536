package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CFormatTest {
  @Test
  void fixedRoundsTheExactBinaryValueAsGlibcDoes() {
    // 1.005 is 1.00499999999999989... in binary: C prints 1.00, Java's %.2f prints 1.01.
    assertEquals("1.00", CFormat.fixed(1.005, 2));
    assertEquals("2.67", CFormat.fixed(2.675, 2));
  }

  @Test
  void exactTiesRoundToEven() {
    assertEquals("0.12", CFormat.fixed(0.125, 2));
    assertEquals("0.38", CFormat.fixed(0.375, 2));
    assertEquals("2", CFormat.fixed(2.5, 0));
    assertEquals("4", CFormat.fixed(3.5, 0));
  }

  @Test
  void widthPadsOnTheLeftAndNeverTruncates() {
    assertEquals("0.00", CFormat.fixed(0, 4, 2));
    assertEquals("   7.98", CFormat.fixed(7.98451, 7, 2));
    assertEquals("581769.53", CFormat.fixed(581769.53, 4, 2));
  }

  @Test
  void negativeZeroAndSpecialValuesPrintAsCPrintsThem() {
    assertEquals("-0.00", CFormat.fixed(-0.0, 2));
    assertEquals("-0.00", CFormat.fixed(-0.001, 2));
    assertEquals("nan", CFormat.fixed(Double.NaN, 2));
    assertEquals("inf", CFormat.fixed(Double.POSITIVE_INFINITY, 2));
  }

  @Test
  void leftPadsOnTheRight() {
    assertEquals("12    ", CFormat.left("12", 6));
    assertEquals("1234567", CFormat.left("1234567", 6));
  }

  @Test
  void percentileLabelsAreIntegersWhenTheyCanBe() {
    assertEquals("95", CFormat.percentileLabel(95));
    assertEquals("100", CFormat.percentileLabel(100));
    assertEquals("99.9", CFormat.percentileLabel(99.9));
    assertEquals("99.99", CFormat.percentileLabel(99.99));
  }
}
