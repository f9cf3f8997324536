package org.tpccpg.driver.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict JSON parser for tests: objects become {@link Map}, arrays {@link List}, numbers {@link
 * Double}, and so on. Anything that is not a single valid JSON text throws {@link
 * IllegalArgumentException}, so tests can assert that what the driver wrote is valid.
 */
public final class JsonParser {
  private final String text;
  private int pos;

  private JsonParser(String text) {
    this.text = text;
  }

  /** Parses one JSON text. */
  public static Object parse(String text) {
    JsonParser p = new JsonParser(text);
    Object value = p.value();
    p.whitespace();
    if (p.pos != text.length()) {
      throw p.error("trailing characters");
    }
    return value;
  }

  /** Parses a JSON object. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(String text) {
    Object value = parse(text);
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException("not an object: " + text);
    }
    return (Map<String, Object>) value;
  }

  private Object value() {
    whitespace();
    if (pos >= text.length()) {
      throw error("unexpected end");
    }
    char c = text.charAt(pos);
    return switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> literal("true", Boolean.TRUE);
      case 'f' -> literal("false", Boolean.FALSE);
      case 'n' -> literal("null", null);
      default -> number();
    };
  }

  private Map<String, Object> object() {
    Map<String, Object> map = new LinkedHashMap<>();
    pos++;
    whitespace();
    if (peek() == '}') {
      pos++;
      return map;
    }
    while (true) {
      whitespace();
      String name = string();
      whitespace();
      expect(':');
      if (map.containsKey(name)) {
        throw error("duplicate name " + name);
      }
      map.put(name, value());
      whitespace();
      if (peek() == ',') {
        pos++;
      } else {
        expect('}');
        return map;
      }
    }
  }

  private List<Object> array() {
    List<Object> list = new ArrayList<>();
    pos++;
    whitespace();
    if (peek() == ']') {
      pos++;
      return list;
    }
    while (true) {
      list.add(value());
      whitespace();
      if (peek() == ',') {
        pos++;
      } else {
        expect(']');
        return list;
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder s = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return s.toString();
      }
      if (c < 0x20) {
        throw error("unescaped control character");
      }
      if (c != '\\') {
        s.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"', '\\', '/' -> s.append(e);
        case 'n' -> s.append('\n');
        case 'r' -> s.append('\r');
        case 't' -> s.append('\t');
        case 'b' -> s.append('\b');
        case 'f' -> s.append('\f');
        case 'u' -> {
          s.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          pos += 4;
        }
        default -> throw error("bad escape \\" + e);
      }
    }
  }

  private Double number() {
    int start = pos;
    while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    String n = text.substring(start, pos);
    if (!n.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
      throw error("bad number '" + n + "'");
    }
    return Double.valueOf(n);
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, pos)) {
      throw error("bad literal");
    }
    pos += word.length();
    return value;
  }

  private void whitespace() {
    while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private char next() {
    if (pos >= text.length()) {
      throw error("unexpected end");
    }
    return text.charAt(pos++);
  }

  private void expect(char c) {
    if (next() != c) {
      throw error("expected '" + c + "'");
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(what + " at " + pos + " in " + text);
  }
}
