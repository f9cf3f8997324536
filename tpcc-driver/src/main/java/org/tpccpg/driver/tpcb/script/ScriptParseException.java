package org.tpccpg.driver.tpcb.script;

import java.util.List;

/**
 * A script pgbench would refuse, with its message: {@link #getMessage()} is the line pgbench prints
 * after {@code pgbench: error: }, and {@link #context()} the lines it prints after it (the command,
 * and a caret under the error's column).
 */
public final class ScriptParseException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<String> context;

  ScriptParseException(String message, List<String> context) {
    super(message);
    this.context = List.copyOf(context);
  }

  /** A one-line message. */
  ScriptParseException(String message) {
    this(message, List.of());
  }

  /**
   * pgbench's syntax_error().
   *
   * @param source the script's name
   * @param lineNumber the command's line
   * @param line the whole command, or null
   * @param command the meta-command's name, or null
   * @param message what is wrong
   * @param more a detail printed in parentheses, or null
   * @param column the 0-based column of the error in {@code line}, or -1
   */
  static ScriptParseException syntax(
      String source,
      int lineNumber,
      String line,
      String command,
      String message,
      String more,
      int column) {
    StringBuilder text = new StringBuilder();
    text.append(source).append(':').append(lineNumber).append(": ").append(message);
    if (more != null) {
      text.append(" (").append(more).append(')');
    }
    if (column >= 0 && line == null) {
      text.append(" at column ").append(column + 1);
    }
    if (command != null) {
      text.append(" in command \"").append(command).append('"');
    }
    if (line == null) {
      return new ScriptParseException(text.toString());
    }
    if (column < 0) {
      return new ScriptParseException(text.toString(), List.of(line));
    }
    return new ScriptParseException(
        text.toString(), List.of(line, " ".repeat(column) + "^ error found here"));
  }

  /** The lines pgbench prints after its message: the command and the caret, if any. */
  public List<String> context() {
    return context;
  }

  /** The message and its context lines, as pgbench prints them. */
  public List<String> lines() {
    return java.util.stream.Stream.concat(
            java.util.stream.Stream.of(getMessage()), context.stream())
        .toList();
  }
}
