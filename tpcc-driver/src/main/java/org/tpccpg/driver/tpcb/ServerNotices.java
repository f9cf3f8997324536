package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * Prints the notices and warnings the server sent while a custom script's statement ran, on stderr
 * as libpq's default notice processor prints them under pgbench: {@code WARNING: message}, then
 * {@code DETAIL:} and {@code HINT:} lines (libpq shows a notice's context only for errors). Does
 * not print PgJDBC's own warnings, which are not the server's.
 */
final class ServerNotices {
  private ServerNotices() {}

  /** Prints and clears {@code statement}'s server notices; a statement without any costs a read. */
  static void print(Statement statement, PrintWriter err) throws SQLException {
    SQLWarning warning = statement.getWarnings();
    if (warning == null) {
      return;
    }
    for (; warning != null; warning = warning.getNextWarning()) {
      if (warning instanceof PSQLWarning psql && psql.getServerErrorMessage() != null) {
        err.println(line(psql.getServerErrorMessage()));
      }
    }
    err.flush();
    statement.clearWarnings();
  }

  /** One notice as libpq words it with its default verbosity. */
  static String line(ServerErrorMessage notice) {
    StringBuilder text =
        new StringBuilder(notice.getSeverity()).append(":  ").append(notice.getMessage());
    field(text, "DETAIL", notice.getDetail());
    field(text, "HINT", notice.getHint());
    return text.toString();
  }

  private static void field(StringBuilder text, String name, String value) {
    if (value != null && !value.isEmpty()) {
      text.append('\n').append(name).append(":  ").append(value);
    }
  }
}
