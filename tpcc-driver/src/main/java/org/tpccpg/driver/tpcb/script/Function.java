package org.tpccpg.driver.tpcb.script;

import java.util.Locale;
import java.util.Optional;

/**
 * The functions of pgbench's expression language, operators included (an operator is a function
 * with two arguments, the way pgbench evaluates them). {@code arity} is the number of arguments, or
 * one of the special counts below.
 */
public enum Function {
  ADD(2),
  SUB(2),
  MUL(2),
  DIV(2),
  MOD(2, "mod"),
  ABS(1, "abs"),
  LEAST(Function.AT_LEAST_ONE, "least"),
  GREATEST(Function.AT_LEAST_ONE, "greatest"),
  DEBUG(1, "debug"),
  PI(0, "pi"),
  SQRT(1, "sqrt"),
  LN(1, "ln"),
  EXP(1, "exp"),
  INT(1, "int"),
  DOUBLE(1, "double"),
  RANDOM(2, "random"),
  RANDOM_GAUSSIAN(3, "random_gaussian"),
  RANDOM_EXPONENTIAL(3, "random_exponential"),
  RANDOM_ZIPFIAN(3, "random_zipfian"),
  POW(2, "pow", "power"),
  AND(2),
  OR(2),
  NOT(1),
  BITAND(2),
  BITOR(2),
  BITXOR(2),
  LSHIFT(2),
  RSHIFT(2),
  EQ(2),
  NE(2),
  LE(2),
  LT(2),
  IS(2),
  CASE(Function.CASE_ARGS),
  HASH_MURMUR2(Function.HASH_ARGS, "hash", "hash_murmur2"),
  HASH_FNV1A(Function.HASH_ARGS, "hash_fnv1a"),
  PERMUTE(Function.PERMUTE_ARGS, "permute");

  /** least, greatest: one or more. */
  static final int AT_LEAST_ONE = -1;

  /** CASE: condition/result pairs, then the ELSE value. */
  static final int CASE_ARGS = -2;

  /** hash functions: the value and an optional seed (default {@code :default_seed}). */
  static final int HASH_ARGS = -3;

  /** permute: value, size and an optional seed (default {@code :default_seed}). */
  static final int PERMUTE_ARGS = -4;

  private final int arity;
  private final String[] names;

  Function(int arity, String... names) {
    this.arity = arity;
    this.names = names;
  }

  int arity() {
    return arity;
  }

  /** The function a script calls by {@code name}, case-insensitively, as pgbench's find_func. */
  static Optional<Function> named(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (Function function : values()) {
      for (String candidate : function.names) {
        if (candidate.equals(lower)) {
          return Optional.of(function);
        }
      }
    }
    return Optional.empty();
  }

  /** Whether only some arguments are evaluated (AND, OR, CASE). */
  boolean lazy() {
    return this == AND || this == OR || this == CASE;
  }
}
