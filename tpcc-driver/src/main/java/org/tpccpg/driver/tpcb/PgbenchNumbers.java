package org.tpccpg.driver.tpcb;

import java.security.SecureRandom;

/**
 * Parses pgbench's numeric option values with pgbench 15's messages, e.g. {@code invalid value
 * "abc" for option -c/--clients} and {@code -c/--clients must be in range 1..2147483647}.
 */
public final class PgbenchNumbers {
  private PgbenchNumbers() {}

  /**
   * An integer option value within {@code min..max}.
   *
   * @param option the option as pgbench names it, e.g. {@code -c/--clients}
   * @throws IllegalArgumentException with pgbench's message
   */
  public static int parseInt(String option, String value, int min, int max) {
    long parsed;
    try {
      parsed = Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("invalid value \"" + value + "\" for option " + option);
    }
    if (parsed < min || parsed > max) {
      throw new IllegalArgumentException(option + " must be in range " + min + ".." + max);
    }
    return (int) parsed;
  }

  /**
   * {@code --random-seed}: {@code time} (the clock), {@code rand} (a strong random number) or an
   * unsigned integer.
   *
   * @throws IllegalArgumentException with pgbench's message
   */
  public static long parseSeed(String value, long nowMicros) {
    if ("time".equals(value)) {
      return nowMicros;
    }
    if ("rand".equals(value)) {
      return new SecureRandom().nextLong();
    }
    try {
      return Long.parseUnsignedLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "unrecognized random seed option \""
              + value
              + "\"\ndetail: Expecting an unsigned integer, \"time\" or \"rand\".\nerror: error while"
              + " setting random seed from --random-seed option");
    }
  }
}
