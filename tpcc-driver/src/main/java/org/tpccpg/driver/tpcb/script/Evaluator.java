package org.tpccpg.driver.tpcb.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Evaluates expressions for one client as pgbench 15's evaluateExpr(): with the client's variables
 * and its random state, AND, OR and CASE lazily, other functions after evaluating every argument
 * left to right, NULL in any argument giving NULL (except for IS and debug()).
 */
public final class Evaluator {
  /** pgbench's limit on the arguments of one function call. */
  static final int MAX_ARGUMENTS = 16;

  /** Where debug() writes: pgbench prints the value to stderr with the script and command. */
  @FunctionalInterface
  public interface DebugSink {
    void debug(Value value);
  }

  private final Variables variables;
  private final PgPrng random;
  private final DebugSink debug;

  /**
   * @param variables the client's variables
   * @param random the client's state for the random functions (pgbench's cs_func_rs)
   * @param debug receives the arguments of debug()
   */
  public Evaluator(Variables variables, PgPrng random, DebugSink debug) {
    this.variables = Objects.requireNonNull(variables, "variables");
    this.random = Objects.requireNonNull(random, "random");
    this.debug = Objects.requireNonNull(debug, "debug");
  }

  /** pgbench's line for debug() of {@code value} in command {@code command} (1-based). */
  public static String debugLine(int script, int command, Value value) {
    String shown =
        value instanceof Value.NullValue ? "null" : value.typeName() + " " + value.text();
    return "debug(script=" + script + ",command=" + command + "): " + shown;
  }

  public Value evaluate(Expr expr) throws EvaluationException {
    if (expr instanceof Expr.Constant constant) {
      return constant.value();
    }
    if (expr instanceof Expr.Variable variable) {
      return variables.value(variable.name());
    }
    Expr.Call call = (Expr.Call) expr;
    if (call.function().lazy()) {
      return lazy(call.function(), call.arguments());
    }
    if (call.arguments().size() > MAX_ARGUMENTS) {
      throw new EvaluationException("too many function arguments, maximum is " + MAX_ARGUMENTS);
    }
    List<Value> values = new ArrayList<>();
    boolean hasNull = false;
    for (Expr argument : call.arguments()) {
      Value value = evaluate(argument);
      hasNull |= value instanceof Value.NullValue;
      values.add(value);
    }
    if (hasNull && call.function() != Function.IS && call.function() != Function.DEBUG) {
      return Value.NULL;
    }
    if (call.function() == Function.DEBUG) {
      debug.debug(values.get(0));
      return values.get(0);
    }
    return StandardFunctions.apply(call.function(), values, random);
  }

  private Value lazy(Function function, List<Expr> arguments) throws EvaluationException {
    Value first = evaluate(arguments.get(0));
    if (function == Function.CASE) {
      for (int i = 0; ; i += 2) {
        if (i == arguments.size() - 1) {
          return evaluate(arguments.get(i)); // ELSE
        }
        Value condition = i == 0 ? first : evaluate(arguments.get(i));
        if (condition.truth()) {
          return evaluate(arguments.get(i + 1));
        }
      }
    }
    if (first instanceof Value.NullValue) {
      return Value.NULL;
    }
    boolean left = first.asBoolean();
    if (function == Function.AND ? !left : left) {
      return Value.of(left);
    }
    Value second = evaluate(arguments.get(1));
    if (second instanceof Value.NullValue) {
      return Value.NULL;
    }
    return Value.of(second.asBoolean());
  }
}
