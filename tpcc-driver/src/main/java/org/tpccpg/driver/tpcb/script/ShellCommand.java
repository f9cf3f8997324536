package org.tpccpg.driver.tpcb.script;

import java.util.List;

/**
 * The pure parts of pgbench's runShellCommand() for {@code \shell} and {@code \setshell}: the
 * command line it hands to the shell, and how it reads the integer {@code \setshell} assigns.
 * pgbench names the shell command's first word in its messages.
 */
public final class ShellCommand {
  /** pgbench's SHELL_COMMAND_SIZE: the command line must be shorter than this minus one. */
  static final int SHELL_COMMAND_SIZE = 256;

  /** pgbench reads at most this many characters of the command's output (fgets into 64). */
  static final int RESULT_SIZE = 63;

  private ShellCommand() {}

  /**
   * The shell command line: the words joined by single spaces, a word {@code :name} replaced by the
   * variable's text, {@code ::word} written as {@code :word}.
   *
   * @throws EvaluationException for an undefined variable or a line of 255 characters or more
   */
  public static String commandLine(MetaCommand command, Variables variables)
      throws EvaluationException {
    List<String> words = shellWords(command);
    String program = words.get(0);
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String argument;
      if (word.charAt(0) != ':') {
        argument = word;
      } else if (word.length() > 1 && word.charAt(1) == ':') {
        argument = word.substring(1);
      } else {
        argument =
            variables
                .text(word.substring(1))
                .orElseThrow(
                    () ->
                        new EvaluationException(program + ": undefined variable \"" + word + "\""));
      }
      if (line.length() + argument.length() + (i > 0 ? 1 : 0) >= SHELL_COMMAND_SIZE - 1) {
        throw new EvaluationException(program + ": shell command is too long");
      }
      if (i > 0) {
        line.append(' ');
      }
      line.append(argument);
    }
    return line.toString();
  }

  /**
   * The value {@code \setshell} assigns from the command's output: the integer on its first line
   * (C's strtol, cut to an int as pgbench does), blanks allowed after it.
   *
   * @throws EvaluationException when the output is empty or not an integer
   */
  public static long result(MetaCommand command, String output) throws EvaluationException {
    String program = shellWords(command).get(0);
    int newline = output.indexOf('\n');
    String first = newline < 0 ? output : output.substring(0, newline + 1);
    if (first.length() > RESULT_SIZE) {
      first = first.substring(0, RESULT_SIZE);
    }
    if (first.isEmpty()) {
      throw new EvaluationException(program + ": could not read result of shell command");
    }
    int end = strtolEnd(first);
    int rest = end;
    while (rest < first.length() && ScriptChars.isCSpace(first.charAt(rest))) {
      rest++;
    }
    if (rest != first.length()) {
      throw new EvaluationException(
          program + ": shell command must return an integer (not \"" + first + "\")");
    }
    return CNumbers.atoi(first.substring(0, end));
  }

  /** Where strtol(text, &end, 10) stops: after blanks, a sign and digits, or 0 if no digits. */
  private static int strtolEnd(String text) {
    int i = 0;
    while (i < text.length() && ScriptChars.isCSpace(text.charAt(i))) {
      i++;
    }
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      i++;
    }
    int digits = i;
    while (i < text.length() && ScriptChars.isDigit(text.charAt(i))) {
      i++;
    }
    return i == digits ? 0 : i;
  }

  private static List<String> shellWords(MetaCommand command) {
    List<String> argv = command.arguments();
    return switch (command.kind()) {
      case SHELL -> argv.subList(1, argv.size());
      case SETSHELL -> argv.subList(2, argv.size());
      default -> throw new IllegalArgumentException("not a shell command: " + command.firstLine());
    };
  }
}
