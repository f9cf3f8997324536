package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import org.tpccpg.driver.connect.PoolerHint;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * A command that failed while working: one line saying why (the server's message and SQLSTATE for
 * database errors), exit code 1. {@code --verbose} adds the stack trace.
 */
final class FailureHandler implements IExecutionExceptionHandler {
  @Override
  public int handleExecutionException(
      Exception ex, CommandLine commandLine, ParseResult parseResult) {
    PrintWriter err = commandLine.getErr();
    err.println(commandLine.getCommandSpec().qualifiedName() + ": " + describe(ex));
    if (verbose(parseResult)) {
      ex.printStackTrace(err);
    }
    err.flush();
    return commandLine.getCommandSpec().exitCodeOnExecutionException();
  }

  /** One line for the user: the message, the SQLSTATE where there is one. */
  static String describe(Throwable failure) {
    String text = failure.getMessage();
    if (text == null || text.isBlank()) {
      text = failure.getClass().getSimpleName();
    }
    text = text.strip().replace('\n', ' ');
    String message =
        failure instanceof SQLException sql && sql.getSQLState() != null
            ? text + " (SQLSTATE " + sql.getSQLState() + ")"
            : text;
    return PoolerHint.forFailure(failure).map(hint -> message + ": " + hint).orElse(message);
  }

  private static boolean verbose(ParseResult parseResult) {
    for (ParseResult level = parseResult;
        level != null;
        level = level.hasSubcommand() ? level.subcommand() : null) {
      if (level.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
