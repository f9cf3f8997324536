package org.tpccpg.driver.tpcb.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tpccpg.driver.tpcb.script.ExprToken.Kind;

/**
 * Splits the rest of a meta-command line into expression tokens, as pgbench's exprscan.l does in
 * its EXPR state: up to the newline that ends the command ({@code \} before a newline continues
 * it), keywords case-insensitive, {@code 9223372036854775808} kept apart so that {@code
 * -9223372036854775808} can be written.
 */
final class ExprLexer {
  private static final Map<String, Kind> KEYWORDS =
      Map.ofEntries(
          Map.entry("and", Kind.AND),
          Map.entry("or", Kind.OR),
          Map.entry("not", Kind.NOT),
          Map.entry("is", Kind.IS),
          Map.entry("isnull", Kind.ISNULL),
          Map.entry("notnull", Kind.NOTNULL),
          Map.entry("null", Kind.NULL),
          Map.entry("true", Kind.BOOLEAN),
          Map.entry("false", Kind.BOOLEAN),
          Map.entry("case", Kind.CASE),
          Map.entry("when", Kind.WHEN),
          Map.entry("then", Kind.THEN),
          Map.entry("else", Kind.ELSE),
          Map.entry("end", Kind.END));

  private static final String MAXINT_PLUS_ONE = "9223372036854775808";

  private final String text;
  private int pos;
  private final List<ExprToken> tokens = new ArrayList<>();
  private ExprError lastError;

  private ExprLexer(String text, int start) {
    this.text = text;
    this.pos = start;
  }

  /** The lexed line: its tokens (the last is EOL) and the last lexing error on it, if any. */
  record Line(List<ExprToken> tokens, ExprError error) {
    int end() {
      return tokens.get(tokens.size() - 1).end();
    }
  }

  /**
   * Lexes from {@code start} to the end of the command. pgbench reports the last lexing error of
   * the line: each error lexes on to the end of the line to print it, and a later error found there
   * replaces it.
   */
  static Line lex(String text, int start) {
    ExprLexer lexer = new ExprLexer(text, start);
    lexer.run();
    return new Line(List.copyOf(lexer.tokens), lexer.lastError);
  }

  private void run() {
    while (true) {
      if (pos >= text.length()) {
        tokens.add(new ExprToken(Kind.EOL, "", null, text.length()));
        return;
      }
      char c = text.charAt(pos);
      if (c == '\n') {
        pos++;
        tokens.add(new ExprToken(Kind.EOL, "\n", null, pos));
        return;
      }
      if (ScriptChars.isSpace(c)) {
        pos++;
      } else if (c == '\\' && pos + 1 < text.length() && text.charAt(pos + 1) == '\n') {
        pos += 2;
      } else {
        token(c);
      }
    }
  }

  private void token(char c) {
    int start = pos;
    if (ScriptChars.isDigit(c) || (c == '.' && nextIsDigit(pos + 1))) {
      number(start);
    } else if (ScriptChars.isAlpha(c)) {
      while (pos < text.length() && ScriptChars.isAlnum(text.charAt(pos))) {
        pos++;
      }
      String word = text.substring(start, pos);
      Kind keyword = KEYWORDS.get(word.toLowerCase(Locale.ROOT));
      if (keyword == null) {
        add(Kind.FUNCTION, word, null);
      } else if (keyword == Kind.BOOLEAN) {
        add(keyword, word, Value.of(word.equalsIgnoreCase("true")));
      } else {
        add(keyword, word, null);
      }
    } else if (c == ':' && pos + 1 < text.length() && ScriptChars.isAlnum(text.charAt(pos + 1))) {
      pos++;
      while (pos < text.length() && ScriptChars.isAlnum(text.charAt(pos))) {
        pos++;
      }
      add(Kind.VARIABLE, text.substring(start + 1, pos), null);
    } else {
      operator(c);
    }
  }

  private void operator(char c) {
    String two = pos + 2 <= text.length() ? text.substring(pos, pos + 2) : "";
    Kind kind =
        switch (two) {
          case "<>", "!=" -> Kind.NE;
          case "<=" -> Kind.LE;
          case ">=" -> Kind.GE;
          case "<<" -> Kind.LSHIFT;
          case ">>" -> Kind.RSHIFT;
          default -> null;
        };
    if (kind != null) {
      pos += 2;
      add(kind, two, null);
      return;
    }
    kind =
        switch (c) {
          case '+' -> Kind.PLUS;
          case '-' -> Kind.MINUS;
          case '*' -> Kind.STAR;
          case '/' -> Kind.SLASH;
          case '%' -> Kind.PERCENT;
          case '=' -> Kind.EQ;
          case '<' -> Kind.LT;
          case '>' -> Kind.GT;
          case '|' -> Kind.BITOR;
          case '&' -> Kind.BITAND;
          case '#' -> Kind.HASH;
          case '~' -> Kind.TILDE;
          case '(' -> Kind.LPAREN;
          case ')' -> Kind.RPAREN;
          case ',' -> Kind.COMMA;
          default -> null;
        };
    pos++;
    if (kind == null) {
      lastError = new ExprError("unexpected character", String.valueOf(c), pos - 1);
    } else {
      add(kind, String.valueOf(c), null);
    }
  }

  /** {digit}+, {digit}+(\.{digit}*)?([eE][-+]?{digit}+)? and \.{digit}+([eE][-+]?{digit}+)? */
  private void number(int start) {
    boolean isDouble = false;
    while (pos < text.length() && ScriptChars.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (pos < text.length() && text.charAt(pos) == '.') {
      isDouble = true;
      pos++;
      while (pos < text.length() && ScriptChars.isDigit(text.charAt(pos))) {
        pos++;
      }
    }
    int exponent = exponentLength(pos);
    if (exponent > 0) {
      isDouble = true;
      pos += exponent;
    }
    String number = text.substring(start, pos);
    if (!isDouble) {
      if (number.equals(MAXINT_PLUS_ONE)) {
        add(Kind.MAXINT_PLUS_ONE, number, null);
        return;
      }
      Long parsed = CNumbers.strtoint64(number);
      if (parsed == null) {
        lastError = new ExprError("bigint constant overflow", number, pos - 1);
        return;
      }
      add(Kind.INTEGER, number, Value.of(parsed));
      return;
    }
    double parsed = Double.parseDouble(number);
    if (CNumbers.outOfDoubleRange(number, parsed)) {
      lastError = new ExprError("double constant overflow", number, pos - 1);
      return;
    }
    add(Kind.DOUBLE, number, Value.of(parsed));
  }

  /** Length of an exponent part [eE][-+]?{digit}+ at {@code at}, or 0 if there is none. */
  private int exponentLength(int at) {
    if (at >= text.length() || (text.charAt(at) != 'e' && text.charAt(at) != 'E')) {
      return 0;
    }
    int i = at + 1;
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      i++;
    }
    if (!nextIsDigit(i)) {
      return 0;
    }
    while (nextIsDigit(i)) {
      i++;
    }
    return i - at;
  }

  private boolean nextIsDigit(int at) {
    return at < text.length() && ScriptChars.isDigit(text.charAt(at));
  }

  private void add(Kind kind, String tokenText, Value value) {
    tokens.add(new ExprToken(kind, tokenText, value, pos));
  }
}
