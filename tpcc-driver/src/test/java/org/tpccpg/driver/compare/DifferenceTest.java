package org.tpccpg.driver.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DifferenceTest {
  private static Difference of(double[] a, double[] b) {
    return Difference.of(a, b, a, b);
  }

  @Test
  void identicalSamplesHavePOneAndAreNotSignificant() {
    double[] runs = {1010, 990, 1003, 997, 1000};
    Difference d = of(runs, runs.clone());
    assertEquals(1.0, d.p(), 1e-12);
    assertFalse(d.significant());
    assertEquals(0.0, d.changePercent(), 1e-12);
    assertTrue(d.ciLowPercent() < 0 && d.ciHighPercent() > 0, "the interval holds 0");
  }

  @Test
  void aClearlyShiftedSampleIsSignificant() {
    Difference d = of(new double[] {1010, 990, 1003, 997, 1000}, new double[] {810, 790, 805, 795});
    assertTrue(d.p() < 0.05, "p = " + d.p());
    assertTrue(d.significant());
    assertEquals(-20.0, d.changePercent(), 0.5);
    assertTrue(d.worse(true), "less throughput is worse");
    assertFalse(d.worse(false), "less latency is better");
    assertTrue(d.ciHighPercent() < 0, "the whole interval is below 0");
  }

  @Test
  void theIntervalAndPAreWelchsComputedByHand() {
    // means 3 and 5, variances 2.5 each, n = 5: se = 1, df = 8, t(0.975, 8) = 2.306004,
    // p = 2 * (1 - T8(2)) = 0.080516
    Difference d = of(new double[] {1, 2, 3, 4, 5}, new double[] {3, 4, 5, 6, 7});
    assertEquals(3.0, d.medianA());
    assertEquals(5.0, d.medianB());
    assertEquals(100.0 * 2 / 3, d.changePercent(), 1e-9);
    assertEquals(100 * (2 - 2.306004) / 3, d.ciLowPercent(), 1e-4);
    assertEquals(100 * (2 + 2.306004) / 3, d.ciHighPercent(), 1e-4);
    assertEquals(0.080516, d.p(), 1e-5);
    assertFalse(d.significant());
  }

  @Test
  void samplesWithoutSpreadAreEqualOrSurelyDifferent() {
    assertEquals(1.0, of(new double[] {5, 5}, new double[] {5, 5}).p());
    Difference d = of(new double[] {5, 5}, new double[] {6, 6});
    assertEquals(0.0, d.p());
    assertEquals(20.0, d.ciLowPercent(), 1e-9);
  }

  @Test
  void oneSampleASideHasNoTestButStillAChange() {
    Difference d = of(new double[] {100}, new double[] {110});
    assertEquals(10.0, d.changePercent(), 1e-9);
    assertTrue(Double.isNaN(d.p()));
    assertTrue(Double.isNaN(d.ciLowPercent()));
    assertFalse(d.significant(), "no test, no significance");
  }

  @Test
  void theShownValuesAreMediansOfTheirOwnSample() {
    Difference d =
        Difference.of(
            new double[] {1, 9, 3}, new double[] {4, 2}, new double[] {1, 2}, new double[] {3, 4});
    assertEquals(3.0, d.medianA());
    assertEquals(3.0, d.medianB());
  }
}
