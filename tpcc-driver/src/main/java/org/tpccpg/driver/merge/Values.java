package org.tpccpg.driver.merge;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Typed access to the plain values {@code JsonReader} gives, with errors naming file and member.
 */
final class Values {
  private Values() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Map<String, Object> parent, String member, Path file)
      throws IOException {
    if (parent.get(member) instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    throw new IOException(file + " has no " + member + ": it is not a run's results file");
  }

  static String string(Map<String, Object> parent, String member, Path file) throws IOException {
    if (parent.get(member) instanceof String s) {
      return s;
    }
    throw new IOException(file + " has no " + member + ": it is not a run's results file");
  }

  static long integer(Map<String, Object> parent, String member, Path file) throws IOException {
    if (parent.get(member) instanceof Double d) {
      return d.longValue();
    }
    throw new IOException(file + " has no " + member + ": it is not a run's results file");
  }

  /** A number, 0 for anything else (null, missing). */
  static double number(Object value) {
    return value instanceof Double d ? d : 0;
  }

  /** A whole number, 0 for anything else. */
  static long count(Object value) {
    return value instanceof Double d ? d.longValue() : 0;
  }
}
