package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The stability figures of synthetic window series with known dips, drift and spread. */
class StabilityTest {
  private static final double WINDOW = 600;

  /** 10-minute windows of the given tps, p99 fixed at 10 ms. */
  private static List<StabilityWindow> windows(double... tps) {
    List<StabilityWindow> windows = new ArrayList<>();
    for (int i = 0; i < tps.length; i++) {
      windows.add(new StabilityWindow(i * WINDOW, WINDOW, Math.round(tps[i] * WINDOW), 5, 10));
    }
    return windows;
  }

  /** {@code n} windows around 1,000 tps with ±2 % noise, seeded. */
  private static double[] noisy(int n, long seed) {
    Random random = new Random(seed);
    double[] tps = new double[n];
    for (int i = 0; i < n; i++) {
      tps[i] = 1000 * (1 + 0.04 * (random.nextDouble() - 0.5));
    }
    return tps;
  }

  @Test
  void aSteadyNoisyRunHasNoDip() {
    Stability s = Stability.of(windows(noisy(1008, 1)));
    assertTrue(s.measured());
    assertEquals(List.of(), s.dips());
    assertTrue(s.tpsCv() < 0.02, "cv " + s.tpsCv());
    assertTrue(s.worstTpsToMedian() > 0.97, "worst " + s.worstTpsToMedian());
    assertEquals(1.0, s.worstP99ToMedian(), 1e-9);
    assertEquals(0, s.tpsDriftPercentPerDay(), 0.5);
  }

  @Test
  void aDipIsFoundWithItsStartLengthAndDepth() {
    double[] tps = noisy(100, 2);
    for (int i = 40; i < 43; i++) {
      tps[i] = i == 41 ? 400 : 600;
    }
    Stability s = Stability.of(windows(tps));
    assertEquals(1, s.dips().size(), s.dips().toString());
    Stability.Dip dip = s.dips().get(0);
    assertEquals(40 * WINDOW, dip.startSeconds());
    assertEquals(3 * WINDOW, dip.seconds());
    assertEquals(60, dip.depthPercent(), 2.5); // 400 against a baseline of 1,000 ± 2 %
  }

  @Test
  void aDipLongerThanTheBaselineIsOneDipFromStartToEnd() {
    double[] tps = noisy(60, 3);
    for (int i = 10; i < 30; i++) {
      tps[i] = 500;
    }
    List<Stability.Dip> dips = Stability.of(windows(tps)).dips();
    assertEquals(1, dips.size(), dips.toString());
    assertEquals(10 * WINDOW, dips.get(0).startSeconds());
    assertEquals(20 * WINDOW, dips.get(0).seconds());
  }

  @Test
  void twoDipsAreTwoAndAShallowOneIsNone() {
    double[] tps = noisy(50, 4);
    tps[5] = 700;
    tps[20] = 850; // 15 % below: not a dip
    tps[30] = 300;
    tps[31] = 300;
    List<Stability.Dip> dips = Stability.of(windows(tps)).dips();
    assertEquals(
        List.of(5 * WINDOW, 30 * WINDOW), dips.stream().map(Stability.Dip::startSeconds).toList());
    assertEquals(List.of(WINDOW, 2 * WINDOW), dips.stream().map(Stability.Dip::seconds).toList());
  }

  @Test
  void aRunThatStartsInALongDipIsMeasuredAgainstWhatItReachedLater() {
    // as a run started while a lock was held: 5 of its 33 windows at nothing
    double[] tps = noisy(33, 6);
    for (int i = 0; i < 5; i++) {
      tps[i] = 0;
    }
    List<Stability.Dip> dips = Stability.of(windows(tps)).dips();
    assertEquals(1, dips.size(), dips.toString());
    assertEquals(0, dips.get(0).startSeconds());
    assertEquals(5 * WINDOW, dips.get(0).seconds());
    assertEquals(100, dips.get(0).depthPercent(), 1e-9);
  }

  @Test
  void aDipAtTheStartIsFoundAgainstTheRunsMedian() {
    double[] tps = noisy(30, 5);
    tps[0] = 100;
    List<Stability.Dip> dips = Stability.of(windows(tps)).dips();
    assertEquals(1, dips.size(), dips.toString());
    assertEquals(0, dips.get(0).startSeconds());
  }

  @Test
  void aSlowDriftIsDriftNotADip() {
    // a week of 10-minute windows losing 3 % a day: 21 % by the end, never 20 % in 6 windows
    double[] tps = new double[1008];
    for (int i = 0; i < tps.length; i++) {
      tps[i] = 1000 * (1 - 0.03 * (i * WINDOW + WINDOW / 2) / 86_400);
    }
    Stability s = Stability.of(windows(tps));
    assertEquals(List.of(), s.dips());
    double mean = java.util.Arrays.stream(tps).average().orElseThrow();
    assertEquals(-100 * 30 / mean, s.tpsDriftPercentPerDay(), 1e-4); // -30 tps a day, in % of mean
  }

  @Test
  void theSpreadIsTheSampleCoefficientOfVariationAndTheWorstWindows() {
    List<StabilityWindow> w = new ArrayList<>(windows(90, 100, 110));
    w.set(2, new StabilityWindow(2 * WINDOW, WINDOW, 110 * 600, 5, 40));
    Stability s = Stability.of(w);
    assertEquals(10 / 100.0, s.tpsCv(), 1e-3); // sd of 90, 100, 110 is 10
    assertEquals(0.9, s.worstTpsToMedian(), 1e-3);
    assertEquals(4.0, s.worstP99ToMedian(), 1e-9); // 40 ms against a median of 10
  }

  @Test
  void fewerThanThreeWindowsAreNotMeasured() {
    Stability s = Stability.of(windows(100, 100));
    assertFalse(s.measured());
    assertTrue(Double.isNaN(s.tpsCv()));
    assertEquals(List.of(), s.dips());
    assertFalse(Stability.NONE.measured());
  }
}
