package org.tpccpg.driver.tpcb.script;

import java.util.List;
import java.util.Objects;

/** A parsed {@code \set}, {@code \if} or {@code \elif} expression. */
public sealed interface Expr {
  /** A constant. */
  record Constant(Value value) implements Expr {
    public Constant {
      Objects.requireNonNull(value, "value");
    }
  }

  /** A {@code :variable} reference. */
  record Variable(String name) implements Expr {
    public Variable {
      Objects.requireNonNull(name, "name");
    }
  }

  /** A function or operator applied to its arguments, evaluated left to right. */
  record Call(Function function, List<Expr> arguments) implements Expr {
    public Call {
      Objects.requireNonNull(function, "function");
      arguments = List.copyOf(arguments);
    }
  }
}
