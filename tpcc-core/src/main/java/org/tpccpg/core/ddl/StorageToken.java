package org.tpccpg.core.ddl;

import java.util.ArrayList;
import java.util.List;

/**
 * One token of a storage clause: a word (keyword, identifier, parameter name or number), a
 * single-quoted simple string, or one of {@code ( ) , =}. Anything else ends the split with an
 * error, so semicolons, comments, double quotes and dollar quotes never get through.
 */
record StorageToken(Kind kind, String text, int position) {
  enum Kind {
    WORD,
    STRING,
    PUNCTUATION
  }

  boolean isWord() {
    return kind == Kind.WORD;
  }

  boolean isString() {
    return kind == Kind.STRING;
  }

  String quoted() {
    return kind == Kind.STRING ? "'" + text + "'" : "\"" + text + "\"";
  }

  /** Splits {@code text} into tokens; {@code option} names the setting in error messages. */
  static List<StorageToken> split(String option, String text) {
    List<StorageToken> tokens = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if ("(),=".indexOf(c) >= 0) {
        tokens.add(new StorageToken(Kind.PUNCTUATION, String.valueOf(c), i));
        i++;
      } else if (c == '\'') {
        i = string(option, text, i, tokens);
      } else if (isWordStart(text, i)) {
        int end = i + 1;
        while (end < text.length() && isWordPart(text.charAt(end))) {
          end++;
        }
        tokens.add(new StorageToken(Kind.WORD, text.substring(i, end), i));
        i = end;
      } else {
        throw StorageClause.invalid(option, text, refusal(text, i));
      }
    }
    return tokens;
  }

  private static int string(String option, String text, int start, List<StorageToken> tokens) {
    int end = text.indexOf('\'', start + 1);
    if (end < 0) {
      throw StorageClause.invalid(
          option, text, "unbalanced quotes: ' at position " + start + " is not closed");
    }
    String content = text.substring(start + 1, end);
    for (int i = 0; i < content.length(); i++) {
      if (!isWordPart(content.charAt(i)) && content.charAt(i) != '-') {
        throw StorageClause.invalid(
            option,
            text,
            "quoted values may hold only letters, digits, '_', '.' and '-', found '"
                + content.charAt(i)
                + "' at position "
                + (start + 1 + i));
      }
    }
    tokens.add(new StorageToken(Kind.STRING, content, start));
    return end + 1;
  }

  private static String refusal(String text, int i) {
    char c = text.charAt(i);
    String pair = text.substring(i, Math.min(i + 2, text.length()));
    if (pair.equals("--") || pair.equals("/*")) {
      return "comments are not allowed (position " + i + ")";
    }
    if (c == ';') {
      return "';' is not allowed (position " + i + ")";
    }
    return "unexpected character '" + c + "' at position " + i;
  }

  private static boolean isWordStart(String text, int i) {
    char c = text.charAt(i);
    if (c == '-') {
      return i + 1 < text.length() && isAsciiDigit(text.charAt(i + 1));
    }
    return isAsciiLetter(c) || isAsciiDigit(c) || c == '_';
  }

  private static boolean isWordPart(char c) {
    return isAsciiLetter(c) || isAsciiDigit(c) || c == '_' || c == '.';
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isAsciiDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
