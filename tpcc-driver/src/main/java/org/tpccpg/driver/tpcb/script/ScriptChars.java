package org.tpccpg.driver.tpcb.script;

/**
 * The character classes of pgbench's lexers. Non-ASCII characters count as letters, as pgbench's
 * {@code [\200-\377]} bytes do.
 */
final class ScriptChars {
  private ScriptChars() {}

  /** {space}: blanks other than the newline, which ends a meta-command. */
  static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B;
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static boolean isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  static boolean isAlnum(char c) {
    return isAlpha(c) || isDigit(c);
  }

  /** C's isspace() in the C locale. */
  static boolean isCSpace(char c) {
    return c == '\n' || isSpace(c);
  }
}
