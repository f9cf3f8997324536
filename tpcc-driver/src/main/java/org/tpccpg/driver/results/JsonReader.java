package org.tpccpg.driver.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the results files' JSON back with Jackson's streaming parser into plain values: objects as
 * {@code Map<String, Object>} (members in file order), arrays as {@code List<Object>}, strings,
 * numbers as {@code Double}, booleans and null. One value per text; anything after it is an error.
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
