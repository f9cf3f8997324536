package org.tpccpg.driver.run;

import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.tpccpg.core.sql.FailedStatement;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * The SQL error that ended a TPC-C run, told in one line: the transaction type, the statement (as
 * {@link FailedStatement} names it) and the server's message, e.g. {@code payment: UPDATE
 * warehouse1: ERROR: numeric field overflow ...}, keeping the SQLSTATE. A column's limit (22003), a
 * cancelled statement (57014) and a unique violation (23505) add what they mean for the run.
 *
 * <p>Decides nothing: which errors end a run is {@link SqlStateClass}'s and the engine's; this only
 * words the one that did.
 */
final class RunAbort {
  private RunAbort() {}

  /**
   * The error that ended the run, explained; anything but an {@link SQLException} as it is.
   *
   * @param type the transaction the client that failed was running, null when not known
   */
  static Throwable explained(Throwable fatal, TransactionType type) {
    if (!(fatal instanceof SQLException e)) {
      return fatal;
    }
    String where =
        (type == null ? "" : type.label() + ": ")
            + (e instanceof FailedStatement f ? f.statement() + ": " : "");
    String state = e.getSQLState();
    String meaning = "";
    if (SqlStateClass.of(e) == SqlStateClass.UNIQUE_VIOLATION) {
      return new SQLException(where + uniqueViolation(e), state, e);
    } else if (SqlStateClass.isOutOfRange(state)) {
      meaning =
          "; a column reached the limit of its type (a data set of sysbench-tpcc or of an older"
              + " version of this tool has narrower ones: docs/tpcc.md, \"Column widths for"
              + " week-long runs\")";
    } else if (SqlStateClass.isCancelled(state)) {
      meaning =
          "; a statement_timeout of the role, database or server (SHOW statement_timeout) or a"
              + " cancel request ended it";
    }
    return new SQLException(where + oneLine(e.getMessage()) + meaning, state, e);
  }

  /** The text for the run's summary: the message and the SQLSTATE. */
  static String summaryText(Throwable explained) {
    if (explained instanceof SQLException e && e.getSQLState() != null) {
      return oneLine(e.getMessage()) + " (SQLSTATE " + e.getSQLState() + ")";
    }
    return explained == null ? null : String.valueOf(explained.getMessage());
  }

  /**
   * Outside compat mode a unique violation ends the run: it names the table, the constraint and the
   * key, and what it means.
   */
  private static String uniqueViolation(SQLException e) {
    String where = "";
    ServerErrorMessage m = serverMessage(e);
    if (m != null) {
      where =
          " in table "
              + m.getTable()
              + " (constraint "
              + m.getConstraint()
              + (m.getDetail() == null ? "" : "; " + m.getDetail())
              + ")";
    }
    return "a unique violation"
        + where
        + " ended the run: the data set is not in the state this run expects (changed by"
        + " another run or tool?); 'check' tells what is wrong, --sysbench-compat=on ignores"
        + " it as sysbench-tpcc does";
  }

  private static ServerErrorMessage serverMessage(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof PSQLException p && p.getServerErrorMessage() != null) {
        return p.getServerErrorMessage();
      }
    }
    return null;
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\n\\s*", " ");
  }
}
