package org.tpccpg.driver.htmlreport;

/**
 * How {@code lines} intervals are cut into at most {@code maxPoints} buckets of {@code perBucket}
 * consecutive intervals each (the last one may be shorter).
 */
record Downsampling(long lines, int perBucket, int buckets) {
  /** Points a time chart draws at most: enough for a wide screen, few enough to stay quick. */
  static final int MAX_POINTS = 2_000;

  static Downsampling of(long lines, int maxPoints) {
    if (lines < 0 || maxPoints < 1) {
      throw new IllegalArgumentException("lines " + lines + ", maxPoints " + maxPoints);
    }
    int perBucket = (int) Math.max(1, (lines + maxPoints - 1) / maxPoints);
    int buckets = (int) ((lines + perBucket - 1) / perBucket);
    return new Downsampling(lines, perBucket, buckets);
  }

  int bucket(long line) {
    return (int) (line / perBucket);
  }
}
