package org.tpccpg.driver.tpcb.script;

import java.util.List;

/**
 * pgbench 15's evalStandardFunc() on evaluated, non-NULL arguments: bigint arithmetic with
 * pgbench's overflow errors, doubles when either operand is one, its coercions and messages.
 */
final class StandardFunctions {
  private StandardFunctions() {}

  static Value apply(Function function, List<Value> args, PgPrng random)
      throws EvaluationException {
    return switch (function) {
      case ADD, SUB, MUL, DIV, MOD, EQ, NE, LE, LT ->
          arithmetic(function, args.get(0), args.get(1));
      case BITAND, BITOR, BITXOR, LSHIFT, RSHIFT -> bitwise(function, args.get(0), args.get(1));
      case NOT -> Value.of(!args.get(0).asBoolean());
      case PI -> Value.of(Math.PI);
      case ABS -> abs(args.get(0));
      case DOUBLE -> Value.of(args.get(0).asDouble());
      case SQRT -> Value.of(StrictMath.sqrt(args.get(0).asDouble()));
      case LN -> Value.of(StrictMath.log(args.get(0).asDouble()));
      case EXP -> Value.of(StrictMath.exp(args.get(0).asDouble()));
      case INT -> Value.of(args.get(0).asInt());
      case LEAST, GREATEST -> extremum(function == Function.LEAST, args);
      case RANDOM, RANDOM_EXPONENTIAL, RANDOM_GAUSSIAN, RANDOM_ZIPFIAN ->
          RandomFunctions.draw(function, args, random);
      case POW -> Value.of(StrictMath.pow(args.get(0).asDouble(), args.get(1).asDouble()));
      case IS -> Value.of(is(args.get(0), args.get(1)));
      case HASH_MURMUR2 ->
          Value.of(PgbenchRandom.murmur2(args.get(0).asInt(), args.get(1).asInt()));
      case HASH_FNV1A -> Value.of(PgbenchRandom.fnv1a(args.get(0).asInt(), args.get(1).asInt()));
      case PERMUTE -> permute(args);
      default -> throw new IllegalStateException("not a standard function: " + function);
    };
  }

  private static Value arithmetic(Function function, Value left, Value right)
      throws EvaluationException {
    boolean anyDouble = left instanceof Value.DoubleValue || right instanceof Value.DoubleValue;
    if (anyDouble && function != Function.MOD) {
      double l = left.asDouble();
      double r = right.asDouble();
      return switch (function) {
        case ADD -> Value.of(l + r);
        case SUB -> Value.of(l - r);
        case MUL -> Value.of(l * r);
        case DIV -> Value.of(l / r);
        case EQ -> Value.of(l == r);
        case NE -> Value.of(l != r);
        case LE -> Value.of(l <= r);
        default -> Value.of(l < r);
      };
    }
    long l = left.asInt();
    long r = right.asInt();
    try {
      return switch (function) {
        case ADD -> Value.of(Math.addExact(l, r));
        case SUB -> Value.of(Math.subtractExact(l, r));
        case MUL -> Value.of(Math.multiplyExact(l, r));
        case EQ -> Value.of(l == r);
        case NE -> Value.of(l != r);
        case LE -> Value.of(l <= r);
        case LT -> Value.of(l < r);
        default -> divide(function, l, r);
      };
    } catch (ArithmeticException e) {
      String name =
          switch (function) {
            case ADD -> "add";
            case SUB -> "sub";
            default -> "mul";
          };
      throw new EvaluationException("bigint " + name + " out of range");
    }
  }

  private static Value divide(Function function, long l, long r) throws EvaluationException {
    if (r == 0) {
      throw new EvaluationException("division by zero");
    }
    if (r == -1) {
      if (function == Function.MOD) {
        return Value.of(0L);
      }
      if (l == Long.MIN_VALUE) {
        throw new EvaluationException("bigint div out of range");
      }
      return Value.of(-l);
    }
    return Value.of(function == Function.DIV ? l / r : l % r);
  }

  private static Value bitwise(Function function, Value left, Value right)
      throws EvaluationException {
    long l = left.asInt();
    long r = right.asInt();
    return Value.of(
        switch (function) {
          case BITAND -> l & r;
          case BITOR -> l | r;
          case BITXOR -> l ^ r;
          case LSHIFT -> l << r;
          default -> l >> r;
        });
  }

  private static Value abs(Value value) {
    if (value instanceof Value.IntValue i) {
      return Value.of(i.value() < 0 ? -i.value() : i.value());
    }
    double d = ((Value.DoubleValue) value).value();
    return Value.of(d < 0.0 ? -d : d);
  }

  /** least()/greatest(): a double if any argument is one; C's Min/Max comparisons. */
  private static Value extremum(boolean least, List<Value> args) throws EvaluationException {
    boolean anyDouble = args.stream().anyMatch(v -> v instanceof Value.DoubleValue);
    if (anyDouble) {
      double extremum = args.get(0).asDouble();
      for (int i = 1; i < args.size(); i++) {
        double d = args.get(i).asDouble();
        extremum = least ? (extremum < d ? extremum : d) : (extremum > d ? extremum : d);
      }
      return Value.of(extremum);
    }
    long extremum = args.get(0).asInt();
    for (int i = 1; i < args.size(); i++) {
      long v = args.get(i).asInt();
      extremum = least ? Math.min(extremum, v) : Math.max(extremum, v);
    }
    return Value.of(extremum);
  }

  /** x IS NULL / IS TRUE / IS FALSE: same type, and the same boolean for booleans. */
  private static boolean is(Value left, Value right) {
    if (left.getClass() != right.getClass()) {
      return false;
    }
    return !(left instanceof Value.BoolValue b) || b.equals(right);
  }

  private static Value permute(List<Value> args) throws EvaluationException {
    long value = args.get(0).asInt();
    long size = args.get(1).asInt();
    long seed = args.get(2).asInt();
    if (size <= 0) {
      throw new EvaluationException("permute size parameter must be greater than zero");
    }
    return Value.of(PgbenchRandom.permute(value, size, seed));
  }
}
