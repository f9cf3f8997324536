package org.tpccpg.driver.connect;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parses a libpq connection string in its keyword form, {@code host=/tmp port=5433 dbname=tpcc}.
 *
 * <p>The rules are libpq's: pairs are separated by whitespace, spaces around {@code =} are allowed,
 * a value may be single-quoted to hold spaces (an empty value must be written {@code ''}), and a
 * backslash takes the next character literally, in or out of quotes. A keyword given twice keeps
 * the last value. Which keywords mean something is decided by the caller; this class only splits.
 * Error messages name keywords and positions, never a value, since one may be a password.
 */
public final class ConninfoParser {
  private final String text;
  private int position;

  private ConninfoParser(String text) {
    this.text = text;
  }

  /**
   * Splits the string into keyword/value pairs, in order.
   *
   * @throws IllegalArgumentException saying what is malformed and where
   */
  public static Map<String, String> parse(String conninfo) {
    return new ConninfoParser(conninfo).pairs();
  }

  private Map<String, String> pairs() {
    Map<String, String> pairs = new LinkedHashMap<>();
    String previous = null;
    skipSpace();
    while (position < text.length()) {
      String keyword = keyword();
      skipSpace();
      if (position >= text.length() || text.charAt(position) != '=') {
        throw new IllegalArgumentException(missingEquals(keyword, previous));
      }
      position++;
      skipSpace();
      pairs.put(keyword, value(keyword));
      previous = keyword;
      skipSpace();
    }
    return pairs;
  }

  /**
   * The word without {@code =} is quoted only when it is a keyword libpq knows: otherwise it may be
   * the tail of an unquoted value with a space in it ({@code password=my secret}), which is no
   * keyword but part of a password.
   */
  private static String missingEquals(String word, String previous) {
    if (ConnectionKeyword.forKeyword(word).isPresent()) {
      return "missing \"=\" after \"" + word + "\"";
    }
    if (previous == null) {
      return "missing \"=\" after the first word";
    }
    return "missing \"=\" after the value of \""
        + previous
        + "\" (a value that holds a space must be quoted: "
        + previous
        + "='...')";
  }

  private String keyword() {
    int start = position;
    while (position < text.length()
        && text.charAt(position) != '='
        && !Character.isWhitespace(text.charAt(position))) {
      position++;
    }
    return text.substring(start, position);
  }

  private String value(String keyword) {
    boolean quoted = position < text.length() && text.charAt(position) == '\'';
    if (quoted) {
      position++;
    }
    StringBuilder value = new StringBuilder();
    while (position < text.length()) {
      char c = text.charAt(position++);
      if (c == '\\' && position < text.length()) {
        value.append(text.charAt(position++));
      } else if (quoted && c == '\'') {
        return value.toString();
      } else if (!quoted && Character.isWhitespace(c)) {
        return value.toString();
      } else {
        value.append(c);
      }
    }
    if (quoted) {
      throw new IllegalArgumentException("unterminated quoted value for \"" + keyword + "\"");
    }
    return value.toString();
  }

  private void skipSpace() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }
}
