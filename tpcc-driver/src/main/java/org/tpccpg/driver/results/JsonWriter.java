package org.tpccpg.driver.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The results files' JSON writer: Jackson's streaming generator behind a small fluent API, writing
 * compactly into a string. Strings are escaped as RFC 8259 requires (plus U+2028 and U+2029, which
 * some JavaScript readers choke on); numbers never depend on the default locale; whole doubles
 * print without a fraction; NaN and infinities, which JSON cannot express, are written as {@code
 * null}. Misuse (a value where a name is due, an unbalanced end, a second top-level value) throws
 * {@link IllegalStateException}.
 */
public final class JsonWriter {
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final CharacterEscapes LINE_SEPARATORS = new LineSeparatorEscapes();

  private final StringWriter out = new StringWriter(256);
  private final JsonGenerator generator;
  private boolean topLevelDone;

  /** A writer with a buffer of its own; see {@link #toString()}. */
  public JsonWriter() {
    try {
      generator = FACTORY.createGenerator(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter cannot fail
    }
    generator.setCharacterEscapes(LINE_SEPARATORS);
  }

  public JsonWriter beginObject() {
    beforeValue();
    return write(JsonGenerator::writeStartObject);
  }

  public JsonWriter endObject() {
    if (!generator.getOutputContext().inObject()) {
      throw new IllegalStateException("nothing to close with '}' here");
    }
    return write(JsonGenerator::writeEndObject);
  }

  public JsonWriter beginArray() {
    beforeValue();
    return write(JsonGenerator::writeStartArray);
  }

  public JsonWriter endArray() {
    if (!generator.getOutputContext().inArray()) {
      throw new IllegalStateException("nothing to close with ']' here");
    }
    return write(JsonGenerator::writeEndArray);
  }

  /** The name of the next member of the current object. */
  public JsonWriter name(String name) {
    if (!generator.getOutputContext().inObject()) {
      throw new IllegalStateException("a name is only allowed inside an object, before a value");
    }
    return write(g -> g.writeFieldName(name));
  }

  public JsonWriter value(String value) {
    if (value == null) {
      return nullValue();
    }
    beforeValue();
    return write(g -> g.writeString(value));
  }

  public JsonWriter value(long value) {
    beforeValue();
    return write(g -> g.writeNumber(value));
  }

  /** A whole number, or {@code null} for a value the source could not give. */
  public JsonWriter value(Long value) {
    return value == null ? nullValue() : value(value.longValue());
  }

  /** A number; NaN and infinities become {@code null}, whole values print without ".0". */
  public JsonWriter value(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return nullValue();
    }
    beforeValue();
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return write(g -> g.writeNumber((long) value));
    }
    return write(g -> g.writeNumber(value));
  }

  public JsonWriter value(boolean value) {
    beforeValue();
    return write(g -> g.writeBoolean(value));
  }

  public JsonWriter nullValue() {
    beforeValue();
    return write(JsonGenerator::writeNull);
  }

  /** The text written so far; throws if an object or array is still open. */
  @Override
  public String toString() {
    if (!generator.getOutputContext().inRoot()) {
      throw new IllegalStateException("an object or array is still open");
    }
    write(JsonGenerator::flush);
    return out.toString();
  }

  /** A value inside an object needs its name first; a text holds one top-level value. */
  private void beforeValue() {
    var context = generator.getOutputContext();
    if (context.inRoot()) {
      if (topLevelDone) {
        throw new IllegalStateException("a JSON text holds one top-level value");
      }
      topLevelDone = true;
    } else if (context.inObject() && !context.hasCurrentName()) {
      throw new IllegalStateException("a value inside an object needs a name first");
    }
  }

  private JsonWriter write(Step step) {
    try {
      step.apply(generator);
    } catch (IOException e) {
      // Jackson's own checks of the structure, should ours have missed one.
      throw new IllegalStateException(e.getMessage(), e);
    }
    return this;
  }

  @FunctionalInterface
  private interface Step {
    void apply(JsonGenerator generator) throws IOException;
  }

  /** Jackson's standard escapes, plus U+2028 and U+2029 as {@code \\u2028} and {@code \\u2029}. */
  private static final class LineSeparatorEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private static final int[] ESCAPES = standardAsciiEscapesForJSON();
    private static final SerializedString LINE = new SerializedString("\\u2028");
    private static final SerializedString PARAGRAPH = new SerializedString("\\u2029");

    @Override
    public int[] getEscapeCodesForAscii() {
      return ESCAPES;
    }

    @Override
    public SerializedString getEscapeSequence(int ch) {
      return ch == '\u2028' ? LINE : ch == '\u2029' ? PARAGRAPH : null;
    }
  }
}
