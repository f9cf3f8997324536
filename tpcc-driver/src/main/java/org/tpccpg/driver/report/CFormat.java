package org.tpccpg.driver.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Number formatting that matches C's {@code printf}, which sysbench uses. Java's {@code %.2f}
 * rounds the shortest decimal form of a double half-up (1.005 prints as 1.01); glibc rounds the
 * exact binary value, ties to even (1.005 is really 1.00499..., so it prints 1.00). This class does
 * the latter, so that output matches sysbench byte for byte.
 */
public final class CFormat {
  private CFormat() {}

  /** {@code %.<decimals>f}. */
  public static String fixed(double value, int decimals) {
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    String digits =
        new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    boolean negative = value < 0 || (value == 0 && 1 / value < 0);
    return negative && !digits.startsWith("-") ? "-" + digits : digits;
  }

  /** {@code %<width>.<decimals>f}: right-aligned in at least {@code width} characters. */
  public static String fixed(double value, int width, int decimals) {
    return right(fixed(value, decimals), width);
  }

  /** {@code %<width>s}: pads on the left to {@code width}; longer text is kept whole. */
  public static String right(String text, int width) {
    return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
  }

  /** {@code %-<width>s}: pads on the right to {@code width}; longer text is kept whole. */
  public static String left(String text, int width) {
    return text.length() >= width ? text : text + " ".repeat(width - text.length());
  }

  /**
   * A percentile as a label: {@code 95} for an integer (what sysbench's {@code %u} prints; its
   * option takes integers only), otherwise the shortest decimal form, {@code 99.9}.
   */
  public static String percentileLabel(double percentile) {
    if (percentile == Math.rint(percentile)) {
      return Long.toString((long) percentile);
    }
    return BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString();
  }
}
