package org.tpccpg.driver.htmlreport;

import java.util.Arrays;

/**
 * The repeats of one sweep cell on one figure: their median, lowest and highest value, how many
 * repeats have a value and how many the sweep planned. A cell with no value is missing ({@link
 * #missing()}), which tables show as missing, never as zero.
 */
public record Spread(double median, double min, double max, int count, int planned) {
  /** The spread of the values (NaN values are left out), of {@code planned} repeats. */
  public static Spread of(double[] values, int planned) {
    double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
    if (v.length == 0) {
      return new Spread(Double.NaN, Double.NaN, Double.NaN, 0, planned);
    }
    int n = v.length;
    double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return new Spread(median, v[0], v[n - 1], n, planned);
  }

  /** The same spread in another unit: median, min and max times {@code factor} (> 0). */
  public Spread scaled(double factor) {
    return new Spread(median * factor, min * factor, max * factor, count, planned);
  }

  public boolean missing() {
    return count == 0;
  }

  /** Whether some planned repeats have no value (failed or not run yet). */
  public boolean partial() {
    return count > 0 && count < planned;
  }
}
