package org.tpccpg.driver.connect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * Checks, before any worker starts, that a transaction may hold more than one statement. A pooler
 * in statement mode (pgbouncer {@code pool_mode=statement}) closes the connection as soon as a
 * transaction stays open; without this check every worker would fail on its first transaction.
 */
public final class TransactionProbe {
  private TransactionProbe() {}

  /**
   * Runs two statements in one transaction and rolls it back.
   *
   * @throws SQLException with {@link PoolerHint#STATEMENT_POOLING} when the connection is closed
   *     inside the transaction; any other failure as it is
   */
  public static void requireMultiStatementTransactions(ConnectionFactory connections)
      throws SQLException {
    try (Connection connection = connections.open()) {
      try {
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
          statement.execute("SELECT 1");
          statement.execute("SELECT 2");
        }
        connection.rollback();
      } catch (SQLException e) {
        if (SqlStateClass.of(e) != SqlStateClass.CONNECTION) {
          throw e;
        }
        String server = e.getMessage() == null ? "" : " (" + e.getMessage().strip() + ")";
        throw new SQLException(
            PoolerHint.STATEMENT_POOLING + server.replace('\n', ' '), e.getSQLState(), e);
      }
    }
  }
}
