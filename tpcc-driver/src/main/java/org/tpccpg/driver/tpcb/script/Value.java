package org.tpccpg.driver.tpcb.script;

import org.tpccpg.driver.report.CFormat;

/** A value of pgbench's expression language: NULL, a boolean, a bigint or a double. */
public sealed interface Value {
  /** The SQL NULL. */
  Value NULL = new NullValue();

  /** pgbench's name of the type, as its error messages print it. */
  String typeName();

  /** The value as a variable's text, as pgbench substitutes it into SQL. */
  String text();

  static Value of(boolean value) {
    return new BoolValue(value);
  }

  static Value of(long value) {
    return new IntValue(value);
  }

  static Value of(double value) {
    return new DoubleValue(value);
  }

  /** pgbench's truth for {@code \if} and CASE: nonzero numbers are true, NULL is false. */
  default boolean truth() {
    if (this instanceof BoolValue b) {
      return b.value();
    }
    if (this instanceof IntValue i) {
      return i.value() != 0;
    }
    if (this instanceof DoubleValue d) {
      return d.value() != 0.0;
    }
    return false;
  }

  /** The value as a boolean; only booleans coerce. */
  default boolean asBoolean() throws EvaluationException {
    if (this instanceof BoolValue b) {
      return b.value();
    }
    throw new EvaluationException("cannot coerce " + typeName() + " to boolean");
  }

  /** The value as a bigint; doubles are rounded half to even, like C's rint(). */
  default long asInt() throws EvaluationException {
    if (this instanceof IntValue i) {
      return i.value();
    }
    if (this instanceof DoubleValue d) {
      double rounded = Math.rint(d.value());
      // FLOAT8_FITS_IN_INT64: [-2^63, 2^63)
      if (Double.isNaN(rounded) || !(rounded >= -0x1p63 && rounded < 0x1p63)) {
        throw new EvaluationException("double to int overflow for " + CFormat.fixed6(rounded));
      }
      return (long) rounded;
    }
    throw new EvaluationException("cannot coerce " + typeName() + " to int");
  }

  /** The value as a double; bigints convert. */
  default double asDouble() throws EvaluationException {
    if (this instanceof DoubleValue d) {
      return d.value();
    }
    if (this instanceof IntValue i) {
      return i.value();
    }
    throw new EvaluationException("cannot coerce " + typeName() + " to double");
  }

  /** NULL. */
  record NullValue() implements Value {
    @Override
    public String typeName() {
      return "null";
    }

    @Override
    public String text() {
      return "NULL";
    }
  }

  /** A boolean. */
  record BoolValue(boolean value) implements Value {
    @Override
    public String typeName() {
      return "boolean";
    }

    @Override
    public String text() {
      return value ? "true" : "false";
    }
  }

  /** A bigint. */
  record IntValue(long value) implements Value {
    @Override
    public String typeName() {
      return "int";
    }

    @Override
    public String text() {
      return Long.toString(value);
    }
  }

  /** A double; its text is C's {@code %.15g}, as pgbench prints it. */
  record DoubleValue(double value) implements Value {
    @Override
    public String typeName() {
      return "double";
    }

    @Override
    public String text() {
      return CFormat.general15(value);
    }
  }
}
