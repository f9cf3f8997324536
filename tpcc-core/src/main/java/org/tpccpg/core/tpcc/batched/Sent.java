package org.tpccpg.core.tpcc.batched;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.tpccpg.core.sql.FailedStatement;
import org.tpccpg.core.tpcc.StatementCounter;

/**
 * Sends one statement in one round trip and counts it as the statements style does: a result set is
 * a read, however many tables the statement's CTEs change; otherwise a write when it changed rows
 * and "other" when it changed none. A failed statement is not counted; its error is a {@link
 * FailedStatement} that names it.
 */
final class Sent {
  private Sent() {}

  /** Runs a statement that returns rows; the caller closes the result set. */
  static ResultSet query(PreparedStatement statement, StatementCounter counter)
      throws SQLException {
    ResultSet rows;
    try {
      rows = statement.executeQuery();
    } catch (SQLException e) {
      throw failed(e, statement);
    }
    counter.roundTrip();
    counter.read();
    return rows;
  }

  /** Runs a statement that returns no rows and returns the rows its main statement changed. */
  static int update(PreparedStatement statement, StatementCounter counter) throws SQLException {
    int rows;
    try {
      rows = statement.executeUpdate();
    } catch (SQLException e) {
      throw failed(e, statement);
    }
    counter.roundTrip();
    if (rows > 0) {
      counter.write();
    } else {
      counter.other();
    }
    return rows;
  }

  /**
   * The error of {@code statement}, naming it; pgjdbc's {@code toString()} of a prepared statement
   * is its text (with the values in place, of which only the verb and the table names are kept).
   */
  private static SQLException failed(SQLException e, Statement statement) {
    return FailedStatement.of(e, statement.toString());
  }
}
