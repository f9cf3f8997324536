package org.tpccpg.driver.tpcb.script;

import java.util.Locale;

/**
 * Collects the SQL text of a script up to the end of each command, with the rules of psql's lexer
 * (psqlscan.l) that pgbench uses: a {@code ;} ends a command outside parentheses, quotes ({@code
 * '...'}, {@code E'...'}, {@code "..."}, {@code $tag$...$tag$}) and comments ({@code --}, nested
 * {@code /* *}{@code /}); {@code \;} and {@code \:} put a plain {@code ;} or {@code :} in the
 * command; a {@code \} elsewhere starts a meta-command. Blanks and {@code --} comments before a
 * command are dropped. Like psql, semicolons between BEGIN and END in the body of {@code CREATE [OR
 * REPLACE] FUNCTION|PROCEDURE} do not end it.
 */
final class SqlScanner {
  /** Why a chunk of SQL ended. */
  enum Stop {
    SEMICOLON,
    /** At a backslash that starts a meta-command; {@link #position()} is just past it. */
    BACKSLASH,
    END_OF_TEXT
  }

  /** SQL text collected up to a stop. */
  record Chunk(String sql, Stop stop) {}

  private final String text;
  private int pos;
  private int parenDepth;
  private int beginDepth;
  private int identifierCount;
  private final char[] identifiers = new char[4];
  private StringBuilder out;

  SqlScanner(String text) {
    this.text = text;
  }

  int position() {
    return pos;
  }

  /** Continues scanning at {@code offset}, after a meta-command. */
  void resumeAt(int offset) {
    pos = offset;
  }

  Chunk next() {
    out = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '-' && startsWith("--")) {
        int end = text.indexOf('\n', pos);
        whitespace(end < 0 ? text.length() : end);
      } else if (isWhitespace(c)) {
        whitespace(pos + 1);
      } else if (c == '/' && startsWith("/*")) {
        comment();
      } else if (c == '\'') {
        quoted(pos + 1, '\'', false);
      } else if (c == '"') {
        quoted(pos + 1, '"', false);
      } else if (c == '$') {
        dollar();
      } else if (ScriptChars.isAlpha(c)) {
        word();
      } else if (c == '\\') {
        if (pos + 1 < text.length()
            && (text.charAt(pos + 1) == ';' || text.charAt(pos + 1) == ':')) {
          if (text.charAt(pos + 1) == ';') {
            identifierCount = 0;
          }
          out.append(text.charAt(pos + 1));
          pos += 2;
        } else {
          pos++;
          return new Chunk(out.toString(), Stop.BACKSLASH);
        }
      } else if (c == ';') {
        out.append(c);
        pos++;
        if (parenDepth == 0 && beginDepth == 0) {
          identifierCount = 0;
          return new Chunk(out.toString(), Stop.SEMICOLON);
        }
      } else {
        if (c == '(') {
          parenDepth++;
        } else if (c == ')' && parenDepth > 0) {
          parenDepth--;
        }
        out.append(c);
        pos++;
      }
    }
    return new Chunk(out.toString(), Stop.END_OF_TEXT);
  }

  private void whitespace(int end) {
    if (out.length() > 0) {
      out.append(text, pos, end);
    }
    pos = end;
  }

  /** A C-style comment, nested as in PostgreSQL; unterminated, it runs to the end. */
  private void comment() {
    int depth = 0;
    int i = pos;
    while (i < text.length()) {
      if (text.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (text.startsWith("*/", i)) {
        depth--;
        i += 2;
        if (depth == 0) {
          break;
        }
      } else {
        i++;
      }
    }
    emitTo(i);
  }

  /** A quoted string or identifier whose body starts at {@code bodyStart}. */
  private void quoted(int bodyStart, char quote, boolean backslashEscapes) {
    int i = bodyStart;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (backslashEscapes && c == '\\') {
        i += 2;
      } else if (c == quote) {
        i++;
        if (i < text.length() && text.charAt(i) == quote) {
          i++; // doubled quote
        } else {
          break;
        }
      } else {
        i++;
      }
    }
    emitTo(Math.min(i, text.length()));
  }

  /** {@code $tag$...$tag$}, a {@code $1} parameter, or a lone dollar sign. */
  private void dollar() {
    int i = pos + 1;
    if (i < text.length() && ScriptChars.isAlpha(text.charAt(i))) {
      i++;
      while (i < text.length() && ScriptChars.isAlnum(text.charAt(i))) {
        i++;
      }
    }
    if (i < text.length() && text.charAt(i) == '$') {
      String delimiter = text.substring(pos, i + 1);
      int close = text.indexOf(delimiter, i + 1);
      emitTo(close < 0 ? text.length() : close + delimiter.length());
      return;
    }
    // psql's dolqfailed: "$name" without its closing dollar is plain text, not an identifier
    emitTo(i);
  }

  /** An identifier or keyword, or the prefix of a special string (E'', B'', X'', N'', U&''). */
  private void word() {
    int start = pos;
    int i = pos + 1;
    while (i < text.length() && (ScriptChars.isAlnum(text.charAt(i)) || text.charAt(i) == '$')) {
      i++;
    }
    String word = text.substring(start, i);
    if (word.length() == 1 && i < text.length()) {
      char first = Character.toLowerCase(word.charAt(0));
      char after = text.charAt(i);
      if (after == '\'' && "ebxn".indexOf(first) >= 0) {
        quoted(i + 1, '\'', first == 'e');
        return;
      }
      if (first == 'u' && after == '&' && i + 1 < text.length()) {
        char quote = text.charAt(i + 1);
        if (quote == '\'' || quote == '"') {
          quoted(i + 2, quote, false);
          return;
        }
      }
    }
    trackBeginEnd(word.toLowerCase(Locale.ROOT));
    emitTo(i);
  }

  /** psqlscan.l's heuristic for BEGIN ... END in CREATE [OR REPLACE] FUNCTION|PROCEDURE. */
  private void trackBeginEnd(String word) {
    if (identifierCount == 0) {
      java.util.Arrays.fill(identifiers, '\0');
    }
    if (word.equals("create")
        || word.equals("function")
        || word.equals("procedure")
        || word.equals("or")
        || word.equals("replace")) {
      if (identifierCount < identifiers.length) {
        identifiers[identifierCount] = word.charAt(0);
      }
    }
    identifierCount++;
    boolean routine =
        identifiers[0] == 'c'
            && (identifiers[1] == 'f'
                || identifiers[1] == 'p'
                || (identifiers[1] == 'o'
                    && identifiers[2] == 'r'
                    && (identifiers[3] == 'f' || identifiers[3] == 'p')));
    if (routine && parenDepth == 0) {
      if (word.equals("begin")) {
        beginDepth++;
      } else if (word.equals("case") && beginDepth >= 1) {
        beginDepth++;
      } else if (word.equals("end") && beginDepth > 0) {
        beginDepth--;
      }
    }
  }

  private void emitTo(int end) {
    out.append(text, pos, end);
    pos = end;
  }

  private boolean startsWith(String prefix) {
    return text.startsWith(prefix, pos);
  }

  private static boolean isWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
  }
}
