package org.tpccpg.driver.compare;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * How B differs from A on one metric: the medians of the two samples, the change in percent of A's
 * median, Welch's 95 % confidence interval for the difference of the means in percent of A's mean,
 * and Welch's two-sided p-value. The interval and p are NaN when a side has fewer than two samples.
 *
 * @param medianA A's median (NaN without samples)
 * @param medianB B's median
 * @param changePercent (B - A) / A of the medians, in percent
 * @param ciLowPercent the low end of the 95 % confidence interval, in percent
 * @param ciHighPercent the high end
 * @param p the two-sided p-value
 */
public record Difference(
    double medianA,
    double medianB,
    double changePercent,
    double ciLowPercent,
    double ciHighPercent,
    double p) {
  /** The significance level. */
  public static final double ALPHA = 0.05;

  /**
   * Compares two samples. The shown values are the medians of {@code shownA} and {@code shownB}
   * (the runs' whole-run values); the test uses {@code a} and {@code b} (the same values, or the
   * runs' batch means when a side has one run).
   */
  public static Difference of(double[] shownA, double[] shownB, double[] a, double[] b) {
    double medianA = median(shownA);
    double medianB = median(shownB);
    double change = 100 * (medianB - medianA) / medianA;
    if (a.length < 2 || b.length < 2) {
      return new Difference(medianA, medianB, change, Double.NaN, Double.NaN, Double.NaN);
    }
    double meanA = StatUtils.mean(a);
    double meanB = StatUtils.mean(b);
    double diff = meanB - meanA;
    double varA = StatUtils.variance(a) / a.length;
    double varB = StatUtils.variance(b) / b.length;
    double se = Math.sqrt(varA + varB);
    if (se == 0) {
      // No spread on either side: the samples are equal (p = 1) or surely differ (p = 0);
      // commons-math's t would divide by zero.
      double pct = 100 * diff / meanA;
      return new Difference(medianA, medianB, change, pct, pct, diff == 0 ? 1 : 0);
    }
    // Welch-Satterthwaite degrees of freedom, as commons-math's TTest uses for its p-value.
    double df =
        (varA + varB)
            * (varA + varB)
            / (varA * varA / (a.length - 1) + varB * varB / (b.length - 1));
    double t = new TDistribution(null, df).inverseCumulativeProbability(1 - ALPHA / 2);
    double p = new TTest().tTest(a, b);
    return new Difference(
        medianA, medianB, change, 100 * (diff - t * se) / meanA, 100 * (diff + t * se) / meanA, p);
  }

  /** Whether p is below {@link #ALPHA}; false when there is no p. */
  public boolean significant() {
    return p < ALPHA;
  }

  /**
   * Whether B is worse than A on a metric where {@code higherIsBetter} says which way is better.
   */
  public boolean worse(boolean higherIsBetter) {
    return higherIsBetter ? changePercent < 0 : changePercent > 0;
  }

  static double median(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
