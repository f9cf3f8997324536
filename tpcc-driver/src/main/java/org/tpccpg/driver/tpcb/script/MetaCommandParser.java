package org.tpccpg.driver.tpcb.script;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses one backslash command, as pgbench's process_backslash_command(): its words up to the end
 * of the line (a {@code \} before a newline continues it), or for {@code \set}, {@code \if} and
 * {@code \elif} an expression; with pgbench's checks and messages.
 */
final class MetaCommandParser {
  private static final int MAX_ARGS = 256;

  private final String source;
  private final String text;
  private final int start;
  private final int lineNumber;
  private int pos;

  /** A parsed command (null when the backslash stood alone) and where the SQL scan resumes. */
  record Parsed(Command command, int end) {}

  private final boolean syncPipeline;

  private MetaCommandParser(
      String source, String text, int backslash, int lineNumber, boolean syncPipeline) {
    this.syncPipeline = syncPipeline;
    this.source = source;
    this.text = text;
    this.start = backslash;
    this.lineNumber = lineNumber;
    this.pos = backslash + 1;
  }

  /**
   * Parses the command whose backslash is at {@code backslash}. A {@code \gset} or {@code \aset}
   * comes back as a {@link SqlCommand} placeholder for the caller to merge.
   */
  static Parsed parse(
      String source, String text, int backslash, int lineNumber, boolean syncPipeline)
      throws ScriptParseException {
    return new MetaCommandParser(source, text, backslash, lineNumber, syncPipeline).run();
  }

  private Parsed run() throws ScriptParseException {
    Word name = word();
    if (name == null) {
      return new Parsed(null, pos);
    }
    MetaKind kind = MetaKind.named(name.text()).orElse(null);
    if (kind == MetaKind.SYNCPIPELINE && !syncPipeline) {
      kind = null; // a pgbench before 17: an invalid command
    }
    if (kind != null && kind.takesExpression()) {
      return expressionCommand(kind, name.text());
    }
    List<Word> words = new ArrayList<>();
    words.add(name);
    for (Word word = word(); word != null; word = word()) {
      if (words.size() >= MAX_ARGS) {
        throw error(null, name.text(), "too many arguments", null, -1);
      }
      words.add(word);
    }
    String line = chomp(text.substring(start, pos));
    if (kind == null) {
      throw error(line, name.text(), "invalid command", null, -1);
    }
    List<String> arguments = check(kind, words, line);
    return new Parsed(new MetaCommand(kind, arguments, null, line, lineNumber), pos);
  }

  private Parsed expressionCommand(MetaKind kind, String name) throws ScriptParseException {
    List<String> arguments = new ArrayList<>();
    arguments.add(name);
    if (kind == MetaKind.SET) {
      Word variable = word();
      if (variable == null) {
        throw error(null, name, "missing argument", null, -1);
      }
      arguments.add(variable.text());
    }
    ExprLexer.Line tokens = ExprLexer.lex(text, pos);
    String line = chomp(text.substring(start, tokens.end()));
    ExprError failure = tokens.error();
    Expr expr = null;
    if (failure == null) {
      try {
        expr = ExprParser.parse(tokens.tokens());
      } catch (ExprError e) {
        failure = e;
      }
    }
    if (failure != null) {
      throw error(line, name, failure.getMessage(), failure.more(), column(failure.offset()));
    }
    return new Parsed(new MetaCommand(kind, arguments, expr, line, lineNumber), tokens.end());
  }

  /** pgbench's checks of each command's words. */
  private List<String> check(MetaKind kind, List<Word> words, String line)
      throws ScriptParseException {
    String name = words.get(0).text();
    int argc = words.size();
    switch (kind) {
      case SLEEP -> {
        return sleepArguments(words, line);
      }
      case SETSHELL -> {
        if (argc < 3) {
          throw error(line, name, "missing argument", null, -1);
        }
      }
      case SHELL -> {
        if (argc < 2) {
          throw error(line, name, "missing command", null, -1);
        }
      }
      case ELSE, ENDIF, STARTPIPELINE, SYNCPIPELINE, ENDPIPELINE -> {
        if (argc != 1) {
          throw error(line, name, "unexpected argument", null, -1);
        }
      }
      case GSET, ASET -> {
        if (argc > 2) {
          throw error(line, name, "too many arguments", null, -1);
        }
      }
      default -> throw new IllegalStateException("expression command " + kind);
    }
    return words.stream().map(Word::text).toList();
  }

  /** \sleep n [us|ms|s], or \sleep :var [unit]; a unit may be glued to the number. */
  private List<String> sleepArguments(List<Word> words, String line) throws ScriptParseException {
    String name = words.get(0).text();
    if (words.size() < 2) {
      throw error(line, name, "missing argument", null, -1);
    }
    if (words.size() > 3) {
      throw error(line, name, "too many arguments", null, column(words.get(3).offset()));
    }
    List<Word> arguments = new ArrayList<>(words);
    Word amount = words.get(1);
    String value = amount.text();
    if (value.charAt(0) != ':') {
      int c = (value.charAt(0) == '+' || value.charAt(0) == '-') ? 1 : 0;
      boolean haveDigit = c < value.length() && ScriptChars.isDigit(value.charAt(c));
      while (c < value.length() && ScriptChars.isDigit(value.charAt(c))) {
        c++;
      }
      if (c < value.length()) {
        if (words.size() == 2 && haveDigit) {
          // the number stays whole: pgbench reads it with atoi(), which stops at the unit
          arguments.add(new Word(value.substring(c), amount.offset() + c));
        } else {
          throw error(
              line, name, "invalid sleep time, must be an integer", value, amount.offset() - start);
        }
      }
    }
    if (arguments.size() == 3) {
      Word unit = arguments.get(2);
      String lower = unit.text().toLowerCase(Locale.ROOT);
      if (!lower.equals("us") && !lower.equals("ms") && !lower.equals("s")) {
        throw error(
            line,
            name,
            "unrecognized time unit, must be us, ms or s",
            unit.text(),
            column(unit.offset()));
      }
    }
    return arguments.stream().map(Word::text).toList();
  }

  /** A whitespace-separated word and its offset in the script. */
  private record Word(String text, int offset) {}

  /** The next word of the command, or null at the end of its line (which is consumed). */
  private Word word() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '\n') {
        pos++;
        return null;
      }
      if (ScriptChars.isSpace(c)) {
        pos++;
      } else if (c == '\\' && pos + 1 < text.length() && text.charAt(pos + 1) == '\n') {
        pos += 2;
      } else {
        int wordStart = pos;
        while (pos < text.length()
            && text.charAt(pos) != '\n'
            && !ScriptChars.isSpace(text.charAt(pos))) {
          pos++;
        }
        if (pos < text.length() && text.charAt(pos) == '\n' && text.charAt(pos - 1) == '\\') {
          // "word\" at the end of a line: the word, and the line goes on
          pos++;
          return new Word(text.substring(wordStart, pos - 2), wordStart);
        }
        return new Word(text.substring(wordStart, pos), wordStart);
      }
    }
    return null;
  }

  /** pgbench's column of {@code offset}: bytes of UTF-8 from the backslash. */
  private int column(int offset) {
    return text.substring(start, offset).getBytes(StandardCharsets.UTF_8).length;
  }

  private ScriptParseException error(
      String line, String command, String message, String more, int column) {
    return ScriptParseException.syntax(source, lineNumber, line, command, message, more, column);
  }

  /** The text without its trailing newlines and carriage returns. */
  static String chomp(String line) {
    int end = line.length();
    while (end > 0 && (line.charAt(end - 1) == '\n' || line.charAt(end - 1) == '\r')) {
      end--;
    }
    return line.substring(0, end);
  }
}
