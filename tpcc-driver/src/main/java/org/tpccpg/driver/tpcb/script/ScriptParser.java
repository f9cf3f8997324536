package org.tpccpg.driver.tpcb.script;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Parses a pgbench script (pgbench 15's ParseScript): SQL commands and meta-commands in order,
 * {@code \gset}/{@code \aset} merged into the SQL command they end, {@code \if} nesting checked,
 * and every refusal reported with pgbench's message at pgbench's place.
 */
public final class ScriptParser {
  private ScriptParser() {}

  /**
   * Parses {@code text}.
   *
   * @param source the script's name in messages (pgbench uses the file name as given)
   * @throws ScriptParseException where pgbench would refuse the script
   */
  public static Script parse(String source, String text) throws ScriptParseException {
    return parse(source, text, true);
  }

  /**
   * The same for a pgbench that has {@code \syncpipeline} (17 and later) or not, where it is an
   * invalid command.
   */
  public static Script parse(String source, String text, boolean syncPipeline)
      throws ScriptParseException {
    List<Command> commands = new ArrayList<>();
    SqlScanner scanner = new SqlScanner(text);
    while (true) {
      SqlScanner.Chunk chunk = scanner.next();
      String sql = skipSqlComments(chunk.sql());
      if (sql != null) {
        commands.add(SqlCommand.of(sql));
      }
      if (chunk.stop() == SqlScanner.Stop.BACKSLASH) {
        int backslash = scanner.position() - 1;
        int lineNumber = lineOf(text, backslash);
        MetaCommandParser.Parsed parsed =
            MetaCommandParser.parse(source, text, backslash, lineNumber, syncPipeline);
        scanner.resumeAt(parsed.end());
        if (parsed.command() instanceof MetaCommand meta
            && (meta.kind() == MetaKind.GSET || meta.kind() == MetaKind.ASET)) {
          mergeCapture(source, lineNumber, commands, meta);
        } else if (parsed.command() != null) {
          commands.add(parsed.command());
        }
      }
      if (chunk.stop() == SqlScanner.Stop.END_OF_TEXT) {
        break;
      }
    }
    if (commands.isEmpty()) {
      throw new ScriptParseException("empty command list for script \"" + source + "\"");
    }
    checkConditionals(source, commands);
    return new Script(source, commands);
  }

  /** {@code \gset [prefix]} and {@code \aset [prefix]} end the SQL command before them. */
  private static void mergeCapture(
      String source, int lineNumber, List<Command> commands, MetaCommand capture)
      throws ScriptParseException {
    if (commands.isEmpty()) {
      throw ScriptParseException.syntax(
          source, lineNumber, null, null, "\\gset must follow an SQL command", null, -1);
    }
    Command previous = commands.get(commands.size() - 1);
    if (!(previous instanceof SqlCommand sql) || sql.capture() != SqlCommand.Capture.NONE) {
      // pgbench shows a meta-command's line; an SQL command's is not known yet at this point
      String more = previous instanceof MetaCommand meta ? meta.firstLine() : null;
      throw ScriptParseException.syntax(
          source, lineNumber, null, null, "\\gset must follow an SQL command", more, -1);
    }
    List<String> arguments = capture.arguments();
    String prefix = arguments.size() > 1 ? arguments.get(1) : "";
    SqlCommand.Capture kind =
        capture.kind() == MetaKind.GSET ? SqlCommand.Capture.GSET : SqlCommand.Capture.ASET;
    commands.set(commands.size() - 1, sql.capturing(kind, prefix));
  }

  /** pgbench's CheckConditional(): \if, \elif, \else and \endif properly nested. */
  private static void checkConditionals(String source, List<Command> commands)
      throws ScriptParseException {
    // true once the innermost \if has seen its \else
    Deque<Boolean> stack = new ArrayDeque<>();
    for (int i = 0; i < commands.size(); i++) {
      if (!(commands.get(i) instanceof MetaCommand meta)) {
        continue;
      }
      int number = i + 1;
      switch (meta.kind()) {
        case IF -> stack.push(false);
        case ELIF -> {
          if (stack.isEmpty()) {
            throw conditionError(source, number, "\\elif without matching \\if");
          }
          if (stack.peek()) {
            throw conditionError(source, number, "\\elif after \\else");
          }
        }
        case ELSE -> {
          if (stack.isEmpty()) {
            throw conditionError(source, number, "\\else without matching \\if");
          }
          if (stack.peek()) {
            throw conditionError(source, number, "\\else after \\else");
          }
          stack.pop();
          stack.push(true);
        }
        case ENDIF -> {
          if (stack.isEmpty()) {
            throw conditionError(source, number, "\\endif without matching \\if");
          }
          stack.pop();
        }
        default -> {
          // not a conditional
        }
      }
    }
    if (!stack.isEmpty()) {
      throw conditionError(source, commands.size() + 1, "\\if without matching \\endif");
    }
  }

  private static ScriptParseException conditionError(String source, int command, String message) {
    return new ScriptParseException(
        "condition error in script \"" + source + "\" command " + command + ": " + message);
  }

  /** pgbench's skip_sql_comments(): null if only blanks and {@code --} comments remain. */
  private static String skipSqlComments(String sql) {
    int i = 0;
    while (i < sql.length()) {
      if (ScriptChars.isCSpace(sql.charAt(i))) {
        i++;
      } else if (sql.startsWith("--", i)) {
        int newline = sql.indexOf('\n', i);
        if (newline < 0) {
          return null;
        }
        i = newline + 1;
      } else {
        return sql.substring(i);
      }
    }
    return null;
  }

  /** The 1-based line of {@code offset}. */
  private static int lineOf(String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
