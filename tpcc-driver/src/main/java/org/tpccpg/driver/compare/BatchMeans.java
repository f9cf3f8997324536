package org.tpccpg.driver.compare;

import java.util.Arrays;
import java.util.List;

/**
 * Batch means: a run's consecutive interval values averaged in batches, so that a test can treat
 * the batches as independent samples, which the intervals are not (a checkpoint or a vacuum slows
 * several intervals in a row). At most {@value #MAX_BATCHES} batches of at least {@value
 * #MIN_BATCH_SIZE} intervals each, all of one size; the first intervals that do not fill a batch
 * are left out, as they are the ones nearest the start. An interval without a value (no transaction
 * of a kind completed in it, NaN) is left out of its batch's mean.
 */
public final class BatchMeans {
  /** Batches per run: enough for a t-test, few enough for long batches. */
  public static final int MAX_BATCHES = 10;

  /** The shortest batch, in intervals. */
  public static final int MIN_BATCH_SIZE = 2;

  private BatchMeans() {}

  /** The batch means of a series; fewer than two when it is shorter than two batches. */
  public static double[] of(List<Double> series) {
    int n = series.size();
    int batches = Math.min(MAX_BATCHES, n / MIN_BATCH_SIZE);
    if (batches == 0) {
      return new double[0];
    }
    int size = n / batches;
    int skipped = n - batches * size;
    double[] means = new double[batches];
    int kept = 0;
    for (int b = 0; b < batches; b++) {
      double sum = 0;
      int count = 0;
      for (int i = skipped + b * size; i < skipped + (b + 1) * size; i++) {
        double value = series.get(i);
        if (!Double.isNaN(value)) {
          sum += value;
          count++;
        }
      }
      if (count > 0) {
        means[kept++] = sum / count;
      }
    }
    return Arrays.copyOf(means, kept);
  }
}
