package org.tpccpg.driver.tpcb.script;

import java.util.List;
import org.tpccpg.driver.report.CFormat;

/** random(), random_exponential(), random_gaussian() and random_zipfian() with pgbench's checks. */
final class RandomFunctions {
  private RandomFunctions() {}

  static Value draw(Function function, List<Value> args, PgPrng random) throws EvaluationException {
    long min = args.get(0).asInt();
    long max = args.get(1).asInt();
    if (min > max) {
      throw new EvaluationException("empty range given to random");
    }
    try {
      // the draws compute max - min + 1, which must not overflow
      Math.addExact(Math.subtractExact(max, min), 1);
    } catch (ArithmeticException e) {
      throw new EvaluationException("random range is too large");
    }
    if (function == Function.RANDOM) {
      return Value.of(PgbenchRandom.uniform(random, min, max));
    }
    double parameter = args.get(2).asDouble();
    if (function == Function.RANDOM_GAUSSIAN) {
      if (parameter < PgbenchRandom.MIN_GAUSSIAN_PARAM) {
        throw new EvaluationException(
            "gaussian parameter must be at least "
                + CFormat.fixed6(PgbenchRandom.MIN_GAUSSIAN_PARAM)
                + " (not "
                + CFormat.fixed6(parameter)
                + ")");
      }
      return Value.of(PgbenchRandom.gaussian(random, min, max, parameter));
    }
    if (function == Function.RANDOM_ZIPFIAN) {
      if (parameter < PgbenchRandom.MIN_ZIPFIAN_PARAM
          || parameter > PgbenchRandom.MAX_ZIPFIAN_PARAM) {
        throw new EvaluationException(
            "zipfian parameter must be in range ["
                + CFormat.fixed(PgbenchRandom.MIN_ZIPFIAN_PARAM, 3)
                + ", "
                + CFormat.fixed(PgbenchRandom.MAX_ZIPFIAN_PARAM, 0)
                + "] (not "
                + CFormat.fixed6(parameter)
                + ")");
      }
      return Value.of(PgbenchRandom.zipfian(random, min, max, parameter));
    }
    if (parameter <= 0.0) {
      throw new EvaluationException(
          "exponential parameter must be greater than zero (not "
              + CFormat.fixed6(parameter)
              + ")");
    }
    return Value.of(PgbenchRandom.exponential(random, min, max, parameter));
  }
}
