package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.net.UnknownHostException;
import java.sql.SQLException;
import org.tpccpg.core.sql.SqlStateClass;
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
    text = text.strip().replace('\n', ' ') + causeNote(failure, text);
    String message =
        failure instanceof SQLException sql && sql.getSQLState() != null
            ? text + " (SQLSTATE " + sql.getSQLState() + ")"
            : text;
    return PoolerHint.forFailure(failure)
        .map(hint -> message + ": " + hint)
        .orElse(message + timeoutHint(failure, text));
  }

  /**
   * A statement cancelled (57014) outside a run, whose message says nothing more: most often the
   * role's, database's or server's {@code statement_timeout} ending a long load, index build or
   * check query, which PGOPTIONS lifts for the command alone (pgbench -i fails the same way).
   */
  private static String timeoutHint(Throwable failure, String text) {
    if (!(failure instanceof SQLException sql)
        || !SqlStateClass.isCancelled(sql.getSQLState())
        || text.contains("statement_timeout")) {
      return "";
    }
    return ": a statement_timeout (SHOW statement_timeout: the role's, database's or server's)"
        + " or a cancel request ended it; PGOPTIONS='-c statement_timeout=0' lifts the timeout"
        + " for this command";
  }

  /**
   * PgJDBC's connection errors can hide the reason in their cause ("The connection attempt failed."
   * for an unknown host): name it, unless the message already does.
   */
  private static String causeNote(Throwable failure, String message) {
    if (!(failure instanceof SQLException)) {
      return "";
    }
    // PgJDBC hides the reason (an unknown host, a refused socket) behind its own SQLExceptions:
    // name the first cause that is not one of them, unless the message already says it.
    Throwable cause = failure.getCause();
    while (cause instanceof SQLException) {
      cause = cause.getCause();
    }
    if (cause == null || cause.getMessage() == null) {
      return "";
    }
    String reason = cause.getMessage().strip().replace('\n', ' ');
    if (message.contains(reason)
        || cause instanceof UnknownHostException
            && message.startsWith("could not translate host")) {
      return ""; // ConnectFailure gave the lookup's failure in libpq's words
    }
    return " (" + (cause instanceof UnknownHostException ? "unknown host " : "") + reason + ")";
  }

  /** Whether {@code --verbose} was given at any level of the command line (it is inherited). */
  static boolean verbose(ParseResult parseResult) {
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
