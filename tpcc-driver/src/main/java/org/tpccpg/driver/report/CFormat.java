package org.tpccpg.driver.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Number formatting that matches C's {@code printf}, which sysbench uses. Java's {@code %.2f}
 * rounds the shortest decimal form of a double half-up (1.005 prints as 1.01); glibc rounds the
 * exact binary value, ties to even (1.005 is really 1.00499..., so it prints 1.00). This class does
 * the latter, so that output matches sysbench byte for byte.
 *
 * <p>pgbench prints its numbers through PostgreSQL's own {@code snprintf} (src/port/snprintf.c),
 * which rounds as glibc does but spells the specials {@code NaN}, {@code Infinity} and {@code
 * -Infinity} where glibc writes {@code nan}, {@code inf} and {@code -inf}: {@link #general15} and
 * {@link #fixed6} are pgbench's.
 */
public final class CFormat {
  /** pgbench prints doubles with DBL_DIG significant digits. */
  private static final int DBL_DIG = 15;

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

  /** pgbench's {@code %.15g} (DBL_DIG digits), with PostgreSQL's specials. */
  public static String general15(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return postgresSpecial(value);
    }
    if (value == 0.0) {
      return (1 / value < 0) ? "-0" : "0";
    }
    BigDecimal rounded =
        new BigDecimal(value).round(new MathContext(DBL_DIG, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= DBL_DIG) {
      BigDecimal mantissa = rounded.movePointLeft(exponent);
      String digits = stripZeros(mantissa.toPlainString());
      String sign = exponent < 0 ? "-" : "+";
      int magnitude = Math.abs(exponent);
      return digits + "e" + sign + (magnitude < 10 ? "0" : "") + magnitude;
    }
    return stripZeros(rounded.toPlainString());
  }

  /** pgbench's {@code %f}: six decimals, with PostgreSQL's specials. */
  public static String fixed6(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return postgresSpecial(value);
    }
    return fixed(value, 6);
  }

  private static String postgresSpecial(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    return value > 0 ? "Infinity" : "-Infinity";
  }

  private static String stripZeros(String plain) {
    if (plain.indexOf('.') < 0) {
      return plain;
    }
    int end = plain.length();
    while (plain.charAt(end - 1) == '0') {
      end--;
    }
    if (plain.charAt(end - 1) == '.') {
      end--;
    }
    return plain.substring(0, end);
  }
}
