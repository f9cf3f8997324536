package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import org.postgresql.util.PSQLWarning;

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
        err.println(PgbenchError.libpqMessage(psql.getServerErrorMessage(), false));
      }
    }
    err.flush();
    statement.clearWarnings();
  }
}
