package org.tpccpg.driver.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the results files' JSON back with Jackson's streaming parser into plain values: objects as
 * {@code Map<String, Object>} (members in file order), arrays as {@code List<Object>}, strings,
 * numbers as {@code Double}, booleans and null. One value per text; anything after it is an error.
 * Its errors are one line (the parser's reason and where, never the text itself); {@link
 * #objectFile} adds the file's name.
 */
public final class JsonReader {
  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonReader() {}

  /**
   * The value of a JSON text.
   *
   * @throws IOException naming the line and column when the text is not one JSON value
   */
  public static Object read(String text) throws IOException {
    try {
      return parse(text);
    } catch (JsonProcessingException e) {
      throw new IOException(reason(e), e);
    }
  }

  private static Object parse(String text) throws IOException {
    try (JsonParser parser = FACTORY.createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new IOException("empty JSON text");
      }
      Object value = value(parser, first);
      if (parser.nextToken() != null) {
        throw new IOException(
            "more than one JSON value, the second at "
                + parser.currentLocation().offsetDescription());
      }
      return value;
    }
  }

  /** The object of a JSON text whose value must be an object. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(String text) throws IOException {
    Object value = read(text);
    if (!(value instanceof Map)) {
      throw new IOException("expected a JSON object but found " + describe(value));
    }
    return (Map<String, Object>) value;
  }

  /**
   * The object of a JSON file, read as UTF-8.
   *
   * @throws IOException in one line starting with the file's name when it does not exist, cannot be
   *     read, is not JSON (a truncated file among others) or is not an object
   */
  public static Map<String, Object> objectFile(Path file) throws IOException {
    return objectOf(file, textOf(file));
  }

  /** A file's text, read as UTF-8; errors in one line starting with the file's name. */
  static String textOf(Path file) throws IOException {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new IOException(file + " does not exist", e);
    } catch (IOException e) {
      throw new IOException(file + ": cannot be read: " + FileFailure.reason(e), e);
    }
  }

  /** The object of a file's text; errors in one line starting with the file's name. */
  static Map<String, Object> objectOf(Path file, String text) throws IOException {
    try {
      return object(text);
    } catch (IOException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Jackson's reason without the source excerpt it appends (which would quote the whole text), and
   * where: {@code Unexpected end-of-input: expected close marker for Object at line 1, column 40}.
   */
  static String reason(JsonProcessingException e) {
    String message = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("").strip();
    int excerpt = message.indexOf(" (start marker at");
    if (excerpt >= 0) {
      message = message.substring(0, excerpt);
    }
    JsonLocation at = e.getLocation();
    String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    return "not valid JSON: " + message + where;
  }

  private static Object value(JsonParser parser, JsonToken token) throws IOException {
    return switch (token) {
      case START_OBJECT -> object(parser);
      case START_ARRAY -> array(parser);
      case VALUE_STRING -> parser.getText();
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      default ->
          throw new IOException(
              "unexpected " + token + " at " + parser.currentLocation().offsetDescription());
    };
  }

  private static Map<String, Object> object(JsonParser parser) throws IOException {
    Map<String, Object> members = new LinkedHashMap<>();
    for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
      String name = parser.currentName();
      members.put(name, value(parser, parser.nextToken()));
    }
    return members;
  }

  private static List<Object> array(JsonParser parser) throws IOException {
    List<Object> items = new ArrayList<>();
    for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
      items.add(value(parser, t));
    }
    return items;
  }

  private static String describe(Object value) {
    return value == null ? "null" : value.getClass().getSimpleName();
  }
}
