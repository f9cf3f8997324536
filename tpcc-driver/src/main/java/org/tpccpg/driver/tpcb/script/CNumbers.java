package org.tpccpg.driver.tpcb.script;

import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The C library's number parsing as pgbench uses it (strtol, strtod, atoi), with their leading
 * blanks, signs, and range errors; Java's parsers accept and refuse different texts.
 */
final class CNumbers {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");
  private static final Pattern HEX =
      Pattern.compile(
          "([+-]?)0[xX]((?:[0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+))([pP][+-]?[0-9]+)?");
  private static final Pattern SPECIAL =
      Pattern.compile(
          "([+-]?)(inf|infinity|nan(?:\\([0-9A-Za-z_]*\\))?)", Pattern.CASE_INSENSITIVE);
  private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private CNumbers() {}

  /** Outcome of pgbench's strtoint64(): a value, a range error or a syntax error. */
  record ParsedInt(Long value, boolean outOfRange) {}

  /**
   * pgbench's strtoint64() on a whole string of digits, as its lexer calls it: the value, or null
   * when it does not fit in a bigint.
   */
  static Long strtoint64(String digits) {
    ParsedInt parsed = parseInt64(digits);
    return parsed.value();
  }

  /**
   * strtoi64 over the whole string: leading blanks and a sign allowed, nothing after the digits.
   */
  static ParsedInt parseInt64(String text) {
    int i = skipBlanks(text, 0);
    int start = i;
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      i++;
    }
    int digits = i;
    while (i < text.length() && ScriptChars.isDigit(text.charAt(i))) {
      i++;
    }
    if (i == digits || i != text.length()) {
      return new ParsedInt(null, false);
    }
    BigInteger value = new BigInteger(text.substring(start, i).replace("+", ""));
    if (value.compareTo(MIN) < 0 || value.compareTo(MAX) > 0) {
      return new ParsedInt(null, true);
    }
    return new ParsedInt(value.longValueExact(), false);
  }

  /** pgbench's is_an_int(): blanks, an optional sign, digits, nothing else (even no digits). */
  static boolean isAnInt(String text) {
    int i = skipBlanks(text, 0);
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      i++;
    }
    if (i < text.length() && !ScriptChars.isDigit(text.charAt(i))) {
      return false;
    }
    while (i < text.length() && ScriptChars.isDigit(text.charAt(i))) {
      i++;
    }
    return i == text.length();
  }

  /**
   * strtod over the whole string, as pgbench's strtodouble(): the value, or null when the text is
   * not a number or is out of a double's range (ERANGE, overflow or underflow).
   */
  static Double strtod(String text) {
    String body = text.substring(skipBlanks(text, 0));
    Matcher special = SPECIAL.matcher(body);
    if (special.matches()) {
      boolean negative = special.group(1).equals("-");
      if (special.group(2).toLowerCase(Locale.ROOT).startsWith("nan")) {
        return Double.NaN;
      }
      return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    double value;
    Matcher hex = HEX.matcher(body);
    if (hex.matches()) {
      String exponent = hex.group(3) == null ? "p0" : hex.group(3);
      value = Double.parseDouble(hex.group(1) + "0x" + hex.group(2) + exponent);
    } else if (DECIMAL.matcher(body).matches()) {
      value = Double.parseDouble(body);
    } else {
      return null;
    }
    return outOfDoubleRange(body, value) ? null : value;
  }

  /**
   * Whether strtod sets ERANGE for {@code text} parsed as {@code value}: overflow to infinity, or
   * underflow of a nonzero number to zero or to a subnormal.
   */
  static boolean outOfDoubleRange(String text, double value) {
    if (Double.isInfinite(value)) {
      return true;
    }
    if (Math.abs(value) >= Double.MIN_NORMAL) {
      return false;
    }
    String mantissa = text.split("[eEpP]")[0];
    return mantissa.chars().anyMatch(ch -> ch >= '1' && ch <= '9')
        || (text.contains("x") || text.contains("X"))
            && mantissa.substring(2).chars().anyMatch(ch -> ch != '0' && ch != '.');
  }

  /**
   * C's atoi(): blanks, a sign, the leading digits, ignoring anything after them; values outside a
   * long saturate (glibc's strtol) and are then cut to an int.
   */
  static int atoi(String text) {
    int i = skipBlanks(text, 0);
    boolean negative = false;
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      negative = text.charAt(i) == '-';
      i++;
    }
    BigInteger value = BigInteger.ZERO;
    while (i < text.length() && ScriptChars.isDigit(text.charAt(i))) {
      value = value.multiply(BigInteger.TEN).add(BigInteger.valueOf(text.charAt(i) - '0'));
      i++;
    }
    if (negative) {
      value = value.negate();
    }
    long saturated = value.max(MIN).min(MAX).longValue();
    return (int) saturated;
  }

  private static int skipBlanks(String text, int from) {
    int i = from;
    while (i < text.length() && ScriptChars.isCSpace(text.charAt(i))) {
      i++;
    }
    return i;
  }
}
