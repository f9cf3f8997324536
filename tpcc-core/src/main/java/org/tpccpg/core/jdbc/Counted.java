package org.tpccpg.core.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.tpccpg.core.sql.FailedStatement;
import org.tpccpg.core.sql.StatementCounter;

/**
 * Runs a prepared statement and reports it to a {@link StatementCounter} as sysbench's pgsql driver
 * classifies it: a result set is a read, a changed row count above 0 a write, 0 rows "other". Each
 * execution is also one {@link StatementCounter#roundTrip}, a batch too. A failed statement is not
 * counted; the caller sees the exception, a {@link FailedStatement} that names the statement.
 */
public final class Counted {
  private Counted() {}

  /** Runs a query; the caller closes the result set. */
  public static ResultSet query(PreparedStatement statement, StatementCounter counter)
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

  /** Runs an INSERT, UPDATE or DELETE and returns the rows it changed. */
  public static int update(PreparedStatement statement, StatementCounter counter)
      throws SQLException {
    int rows;
    try {
      rows = statement.executeUpdate();
    } catch (SQLException e) {
      throw failed(e, statement);
    }
    counter.roundTrip();
    count(rows, counter);
    return rows;
  }

  /**
   * Runs the batch, counting each of its statements. pgjdbc reports {@link
   * Statement#SUCCESS_NO_INFO} for rows of a batch it rewrote into one multi-row INSERT ({@code
   * reWriteBatchedInserts}); such a row was inserted, so it counts as a write.
   */
  public static void batch(PreparedStatement statement, StatementCounter counter)
      throws SQLException {
    int[] counts;
    try {
      counts = statement.executeBatch();
    } catch (SQLException e) {
      throw failed(e, statement);
    }
    counter.roundTrip(); // pgjdbc sends the whole batch before it reads the first answer
    for (int rows : counts) {
      count(rows == Statement.SUCCESS_NO_INFO ? 1 : rows, counter);
    }
  }

  /**
   * The error of {@code statement}, naming it; pgjdbc's {@code toString()} of a prepared statement
   * is its text (with the values in place, of which only the verb and the table names are kept).
   */
  private static SQLException failed(SQLException e, Statement statement) {
    return FailedStatement.of(e, statement.toString());
  }

  private static void count(int rows, StatementCounter counter) {
    if (rows > 0) {
      counter.write();
    } else {
      counter.other();
    }
  }
}
