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
    requireMultiStatementTransactions(connections, PoolerHint.STATEMENT_POOLING, null);
  }

  /**
   * The same probe, failing with advice worded for the caller's own options: {@code advice} when
   * statement pooling closed the connection, {@code preparedAdvice} (if not null) when a named
   * prepared statement went missing or already existed behind a pooler.
   */
  public static void requireMultiStatementTransactions(
      ConnectionFactory connections, String advice, String preparedAdvice) throws SQLException {
    try (Connection connection = connections.open()) {
      try {
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
          statement.execute("SELECT 1");
          statement.execute("SELECT 2");
        }
        connection.rollback();
      } catch (SQLException e) {
        if (preparedAdvice != null
            && SqlStateClass.of(e) == SqlStateClass.PREPARED_STATEMENT_MISMATCH) {
          String reason = e.getMessage() == null ? "" : e.getMessage().strip() + ": ";
          throw new SQLException(reason.replace('\n', ' ') + preparedAdvice, e.getSQLState(), e);
        }
        if (SqlStateClass.of(e) != SqlStateClass.CONNECTION) {
          throw e;
        }
        String server = e.getMessage() == null ? "" : " (" + e.getMessage().strip() + ")";
        throw new SQLException(advice + server.replace('\n', ' '), e.getSQLState(), e);
      }
    }
  }
}
