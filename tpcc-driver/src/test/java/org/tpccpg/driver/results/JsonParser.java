package org.tpccpg.driver.results;

import java.io.IOException;
import java.util.Map;

/**
 * The tests' way to read what the driver wrote: {@link JsonReader} (Jackson's parser), with any
 * text that is not a single valid JSON value failing the test as {@link IllegalArgumentException}.
 */
public final class JsonParser {
  private JsonParser() {}

  /** Parses one JSON text. */
  public static Object parse(String text) {
    try {
      return JsonReader.read(text);
    } catch (IOException e) {
      throw new IllegalArgumentException("not one JSON value: " + e.getMessage(), e);
    }
  }

  /** Parses a JSON object. */
  public static Map<String, Object> object(String text) {
    try {
      return JsonReader.object(text);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a JSON object: " + e.getMessage(), e);
    }
  }
}
