package org.tpccpg.driver.results;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A minimal JSON writer for the results files: objects, arrays, strings, numbers, booleans and
 * null, written compactly into a {@link StringBuilder}. Strings are escaped as RFC 8259 requires;
 * numbers never depend on the default locale; NaN and infinities, which JSON cannot express, are
 * written as {@code null}. Misuse (a value where a name is due, an unbalanced end) throws {@link
 * IllegalStateException}.
 */
public final class JsonWriter {
  private enum Scope {
    OBJECT_NAME,
    OBJECT_VALUE,
    ARRAY
  }

  private final StringBuilder out;
  private final Deque<Scope> scopes = new ArrayDeque<>();
  private final Deque<Boolean> firsts = new ArrayDeque<>();
  private boolean done;

  /** A writer that appends to {@code out}. */
  public JsonWriter(StringBuilder out) {
    this.out = out;
  }

  /** A writer with a buffer of its own; see {@link #toString()}. */
  public JsonWriter() {
    this(new StringBuilder(256));
  }

  public JsonWriter beginObject() {
    beforeValue();
    out.append('{');
    push(Scope.OBJECT_NAME);
    return this;
  }

  public JsonWriter endObject() {
    end(Scope.OBJECT_NAME, '}');
    return this;
  }

  public JsonWriter beginArray() {
    beforeValue();
    out.append('[');
    push(Scope.ARRAY);
    return this;
  }

  public JsonWriter endArray() {
    end(Scope.ARRAY, ']');
    return this;
  }

  /** The name of the next member of the current object. */
  public JsonWriter name(String name) {
    if (scopes.peek() != Scope.OBJECT_NAME) {
      throw new IllegalStateException("a name is only allowed inside an object, before a value");
    }
    comma();
    string(name);
    out.append(':');
    scopes.pop();
    scopes.push(Scope.OBJECT_VALUE);
    return this;
  }

  public JsonWriter value(String value) {
    if (value == null) {
      return nullValue();
    }
    beforeValue();
    string(value);
    return this;
  }

  public JsonWriter value(long value) {
    beforeValue();
    out.append(value);
    return this;
  }

  /** A number; NaN and infinities become {@code null}. */
  public JsonWriter value(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return nullValue();
    }
    beforeValue();
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      out.append((long) value); // 12.0 -> 12; Double.toString would say 12.0, also valid JSON
    } else {
      out.append(Double.toString(value)); // locale-free; exponent form is valid JSON
    }
    return this;
  }

  public JsonWriter value(boolean value) {
    beforeValue();
    out.append(value);
    return this;
  }

  public JsonWriter nullValue() {
    beforeValue();
    out.append("null");
    return this;
  }

  /** The text written so far; throws if an object or array is still open. */
  @Override
  public String toString() {
    if (!scopes.isEmpty()) {
      throw new IllegalStateException(scopes.size() + " object(s) or array(s) still open");
    }
    return out.toString();
  }

  private void beforeValue() {
    Scope scope = scopes.peek();
    if (scope == null) {
      if (done) {
        throw new IllegalStateException("a JSON text holds one top-level value");
      }
      done = true;
      return;
    }
    if (scope == Scope.OBJECT_NAME) {
      throw new IllegalStateException("a value inside an object needs a name first");
    }
    if (scope == Scope.OBJECT_VALUE) {
      scopes.pop();
      scopes.push(Scope.OBJECT_NAME);
      return;
    }
    comma();
  }

  private void comma() {
    if (!firsts.pop()) {
      out.append(',');
    }
    firsts.push(Boolean.FALSE);
  }

  private void push(Scope scope) {
    scopes.push(scope);
    firsts.push(Boolean.TRUE);
  }

  private void end(Scope expected, char close) {
    if (scopes.peek() != expected) {
      throw new IllegalStateException("nothing to close with '" + close + "' here");
    }
    scopes.pop();
    firsts.pop();
    out.append(close);
  }

  private void string(String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20 || c == '\u2028' || c == '\u2029') {
            out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
