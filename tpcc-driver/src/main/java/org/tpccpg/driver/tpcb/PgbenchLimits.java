package org.tpccpg.driver.tpcb;

/**
 * Parses {@code --max-tries}, {@code -R} and {@code -L} with pgbench 15's messages, e.g. {@code
 * invalid rate limit: "0"}. pgbench reads them with {@code atoi}/{@code atof}, so it takes "12abc"
 * as 12 and "abc" as 0; here anything that is not a number is rejected with the same message.
 */
public final class PgbenchLimits {
  private PgbenchLimits() {}

  /** {@code --max-tries}: 0 (unlimited) or more. */
  public static int maxTries(String value) {
    try {
      int parsed = Integer.parseInt(value.strip());
      if (parsed >= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below with pgbench's message
    }
    throw new IllegalArgumentException("invalid number of maximum tries: \"" + value + "\"");
  }

  /** {@code -R}: transactions per second, above 0. */
  public static double rate(String value) {
    double parsed = parseOrZero(value);
    if (parsed <= 0) {
      throw new IllegalArgumentException("invalid rate limit: \"" + value + "\"");
    }
    return parsed;
  }

  /** {@code -L} in ms, returned in µs as pgbench keeps it. */
  public static long latencyLimit(String value) {
    double parsed = parseOrZero(value);
    long micros = (long) (parsed * 1000);
    if (micros <= 0) {
      throw new IllegalArgumentException("invalid latency limit: \"" + value + "\"");
    }
    return micros;
  }

  /** {@code --sampling-rate}: a fraction in (0, 1]. */
  public static double samplingRate(String value) {
    double parsed = parseOrZero(value);
    if (parsed <= 0 || parsed > 1) {
      throw new IllegalArgumentException("invalid sampling rate: \"" + value + "\"");
    }
    return parsed;
  }

  /** The value as a finite double, or 0 when it is not one. */
  private static double parseOrZero(String value) {
    try {
      double parsed = Double.parseDouble(value.strip());
      return Double.isFinite(parsed) ? parsed : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
