package org.tpccpg.core.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.tpccpg.core.jdbc.Statements;

/**
 * The prepared statements a transaction reuses within one execution (for each order line, for each
 * district), closed together in reverse order by one try-with-resources.
 */
final class StatementGroup implements AutoCloseable {
  private static final int MAX_STATEMENTS = 8;

  private final Connection connection;
  private final PreparedStatement[] statements = new PreparedStatement[MAX_STATEMENTS];
  private int count;

  StatementGroup(Connection connection) {
    this.connection = connection;
  }

  /** Prepares {@code sql} on the connection; the group closes it. */
  PreparedStatement prepare(String sql) throws SQLException {
    if (count == MAX_STATEMENTS) {
      throw new IllegalStateException("a group holds at most " + MAX_STATEMENTS + " statements");
    }
    PreparedStatement statement = connection.prepareStatement(sql);
    statements[count++] = statement;
    return statement;
  }

  @Override
  public void close() throws SQLException {
    int open = count;
    count = 0;
    Statements.closeAll(statements, open);
  }
}
