package org.tpccpg.driver.tpcb.script;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's printf conversions that pgbench's messages and variables use, which Java's Formatter does not
 * reproduce: {@code %.15g} (pgbench's DBL_DIG) and {@code %f}, both from the exact binary value, as
 * glibc prints them.
 */
final class CFormat {
  private static final int DBL_DIG = 15;

  private CFormat() {}

  /** {@code %.15g}. */
  static String general15(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return special(value);
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

  /** {@code %f}: six decimals. */
  static String fixed6(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return special(value);
    }
    String text = new BigDecimal(value).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
    return (value < 0 || (value == 0.0 && 1 / value < 0)) && !text.startsWith("-")
        ? "-" + text
        : text;
  }

  /** {@code %.Nf}. */
  static String fixed(double value, int decimals) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return special(value);
    }
    return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
  }

  private static String special(double value) {
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
