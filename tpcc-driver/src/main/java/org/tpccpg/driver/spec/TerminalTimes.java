package org.tpccpg.driver.spec;

import java.util.Objects;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * The keying and think times of a TPC-C terminal (TPC-C 5.2.5.2 and 5.2.5.4, the minimums of
 * 5.2.5.7), each optionally scaled by a multiplier as BenchmarkSQL's {@code keyingTimeMultiplier}
 * and {@code thinkTimeMultiplier} do: with a multiplier other than 1 the run is not a TPC-C run.
 *
 * <p>Keying time is constant per type. Think time is negative exponential, {@code -ln(r) * mean}
 * with {@code r} uniform in (0, 1], truncated at 10 times its mean (5.2.5.4 allows the truncation
 * there). Pure: the caller draws {@code r}.
 *
 * @param keyingMultiplier factor on every keying time, >= 0
 * @param thinkMultiplier factor on every mean think time, >= 0
 */
public record TerminalTimes(double keyingMultiplier, double thinkMultiplier) {
  /** Think time is cut at this many times its mean (TPC-C 5.2.5.4). */
  public static final int THINK_TRUNCATION_FACTOR = 10;

  /** The times of TPC-C itself: both multipliers 1. */
  public static final TerminalTimes SPECIFIED = new TerminalTimes(1, 1);

  /** Validates the multipliers. */
  public TerminalTimes {
    if (!(keyingMultiplier >= 0)
        || !(thinkMultiplier >= 0)
        || Double.isInfinite(keyingMultiplier)
        || Double.isInfinite(thinkMultiplier)) {
      throw new IllegalArgumentException(
          "keyingMultiplier and thinkMultiplier must be finite and >= 0 but were "
              + keyingMultiplier
              + " and "
              + thinkMultiplier);
    }
  }

  /** Whether both multipliers are 1, as TPC-C asks. */
  public boolean specified() {
    return keyingMultiplier == 1 && thinkMultiplier == 1;
  }

  /** TPC-C 5.2.5.7's keying time of {@code type}, in seconds. */
  public static double keyingSeconds(TransactionType type) {
    return switch (Objects.requireNonNull(type, "type")) {
      case NEW_ORDER -> 18;
      case PAYMENT -> 3;
      case ORDER_STATUS, DELIVERY, STOCK_LEVEL -> 2;
      case PURGE -> throw new IllegalArgumentException("purge is not a TPC-C transaction");
    };
  }

  /** TPC-C 5.2.5.7's mean think time after {@code type}, in seconds. */
  public static double meanThinkSeconds(TransactionType type) {
    return switch (Objects.requireNonNull(type, "type")) {
      case NEW_ORDER, PAYMENT -> 12;
      case ORDER_STATUS -> 10;
      case DELIVERY, STOCK_LEVEL -> 5;
      case PURGE -> throw new IllegalArgumentException("purge is not a TPC-C transaction");
    };
  }

  /** The keying time before {@code type}, multiplier applied, in nanoseconds. */
  public long keyingNanos(TransactionType type) {
    return (long) (keyingSeconds(type) * keyingMultiplier * 1e9);
  }

  /**
   * The think time after {@code type}, multiplier applied, in nanoseconds.
   *
   * @param uniform a uniform draw in [0, 1), as {@code TpccRandom.uniformDouble()} gives; {@code 1
   *     - uniform} is the spec's r in (0, 1]
   */
  public long thinkNanos(TransactionType type, double uniform) {
    if (!(uniform >= 0 && uniform < 1)) {
      throw new IllegalArgumentException("uniform must be in [0, 1) but was " + uniform);
    }
    double mean = meanThinkSeconds(type) * thinkMultiplier;
    double seconds = Math.min(-Math.log(1 - uniform) * mean, THINK_TRUNCATION_FACTOR * mean);
    return (long) (seconds * 1e9);
  }
}
