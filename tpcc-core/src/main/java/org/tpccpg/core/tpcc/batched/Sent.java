package org.tpccpg.core.tpcc.batched;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.tpcc.StatementCounter;

/**
 * Sends one statement in one round trip and counts it as the statements style does: a result set is
 * a read, however many tables the statement's CTEs change; otherwise a write when it changed rows
 * and "other" when it changed none. A failed statement is not counted.
 */
final class Sent {
  private Sent() {}

  /** Runs a statement that returns rows; the caller closes the result set. */
  static ResultSet query(PreparedStatement statement, StatementCounter counter)
      throws SQLException {
    ResultSet rows = statement.executeQuery();
    counter.roundTrip();
    counter.read();
    return rows;
  }

  /** Runs a statement that returns no rows and returns the rows its main statement changed. */
  static int update(PreparedStatement statement, StatementCounter counter) throws SQLException {
    int rows = statement.executeUpdate();
    counter.roundTrip();
    if (rows > 0) {
      counter.write();
    } else {
      counter.other();
    }
    return rows;
  }
}
