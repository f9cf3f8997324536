package org.tpccpg.driver.report;

import org.tpccpg.driver.metrics.SysbenchBuckets;

/**
 * sysbench's {@code --histogram=on} block ({@code sb_histogram_print}): a title, a column header,
 * then one line per non-empty bucket, the bucket value as {@code %12.3f}, a bar of {@code *} scaled
 * so the largest bucket has 40, and the count; then a line holding one space (sysbench logs {@code
 * " "}). With no events only the title and that last line are printed, as sysbench does.
 */
public final class SysbenchHistogramBlock {
  private static final int BAR = 40;

  private SysbenchHistogramBlock() {}

  /**
   * The block for the given bucket counts; every line ends in {@code \n}.
   *
   * @param counts {@link SysbenchBuckets#SIZE} bucket counts, e.g. from {@link
   *     SysbenchBuckets#fromMicros}
   */
  public static String render(long[] counts) {
    if (counts.length != SysbenchBuckets.SIZE) {
      throw new IllegalArgumentException(
          "counts must have " + SysbenchBuckets.SIZE + " buckets but had " + counts.length);
    }
    StringBuilder out = new StringBuilder(4096);
    SysbenchSummary.line(out, "Latency histogram (values are in milliseconds)");
    long max = 0;
    for (long c : counts) {
      max = Math.max(max, c);
    }
    if (max > 0) {
      SysbenchSummary.line(out, "       value  ------------- distribution ------------- count");
      for (int i = 0; i < counts.length; i++) {
        if (counts[i] > 0) {
          SysbenchSummary.line(out, bucketLine(SysbenchBuckets.valueOf(i), counts[i], max));
        }
      }
    }
    SysbenchSummary.line(out, " ");
    return out.toString();
  }

  /** One bucket's line: value, bar scaled to the largest count, count. */
  static String bucketLine(double valueMillis, long count, long maxCount) {
    int width = (int) Math.floor(count * (double) BAR / maxCount + 0.5);
    return CFormat.fixed(valueMillis, 12, 3)
        + " |"
        + CFormat.left("*".repeat(width), BAR)
        + " "
        + count;
  }
}
