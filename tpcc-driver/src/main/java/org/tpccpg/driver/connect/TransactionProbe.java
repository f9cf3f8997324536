package org.tpccpg.driver.connect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import org.postgresql.PGConnection;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * Checks, before any worker starts, that a transaction may hold more than one statement. A pooler
 * in statement mode (pgbouncer {@code pool_mode=statement}) closes the connection as soon as a
 * transaction stays open; without this check every worker would fail on its first transaction. A
 * pooler in transaction or statement mode hands one server session to client connections in turn,
 * so the named prepared statements of one client meet another's: the named probe of {@link
 * #requireForClients} finds that before the run, where the workers would fail in it.
 *
 * <p>Neither probe changes anything on the server beyond its own session's statements; neither
 * tells the pooler's kind or version apart, only what the clients would meet. Neither retries.
 */
public final class TransactionProbe {
  /** What a run's clients do that a pooler may not let them. */
  public enum Need {
    /** More than one statement in a transaction (every workload but pgbench's select-only). */
    TRANSACTION_BLOCKS,
    /** Named prepared statements kept per client connection (the prepared statement modes). */
    NAMED_STATEMENTS
  }

  private TransactionProbe() {}

  /**
   * The probes a run's clients need, before any of them connects, on connections opened side by
   * side: the transaction block on the first, then a named statement on each of two. Opening them
   * at once matters where a connection is slow to open (TLS, a remote server, an authentication
   * service): a run starts after one connection's wait here instead of three.
   *
   * @param connections opens connections as the clients' are opened
   * @param advice when statement pooling closed the connection inside the transaction block
   * @param preparedAdvice when a named prepared statement went missing or already existed
   * @throws SQLException with {@code advice} when statement pooling closed the connection inside
   *     the transaction block, with {@code preparedAdvice} when the statements' names collided, or
   *     as it came when a connection failed to open (the other one closed)
   * @throws InterruptedException when interrupted while the connections opened
   */
  public static void requireForClients(
      ConnectionFactory connections, Set<Need> needs, String advice, String preparedAdvice)
      throws SQLException, InterruptedException {
    if (needs.contains(Need.NAMED_STATEMENTS)) {
      List<ConnectionOpener.Opened> opened;
      try {
        opened = ConnectionOpener.openAll(connections, 2);
      } catch (TooFewConnections e) {
        throw (SQLException) e.getCause(); // as it came, as a run's own check connection's would
      }
      try (Connection first = opened.get(0).connection();
          Connection second = opened.get(1).connection()) {
        if (needs.contains(Need.TRANSACTION_BLOCKS)) {
          requireTransactionBlock(first, advice, preparedAdvice);
        }
        requireNamedStatementsKept(first, second, preparedAdvice);
      }
    } else if (needs.contains(Need.TRANSACTION_BLOCKS)) {
      requireMultiStatementTransactions(connections, advice, preparedAdvice);
    }
  }

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
  private static void requireMultiStatementTransactions(
      ConnectionFactory connections, String advice, String preparedAdvice) throws SQLException {
    try (Connection connection = connections.open()) {
      requireTransactionBlock(connection, advice, preparedAdvice);
    }
  }

  private static void requireTransactionBlock(
      Connection connection, String advice, String preparedAdvice) throws SQLException {
    try {
      // unnamed statements, whatever the caller's mode: a named one would stay in a pooled
      // server session after this connection is gone (the named probe below is for that)
      connection.unwrap(PGConnection.class).setPrepareThreshold(0);
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        statement.execute("SELECT 1");
        statement.execute("SELECT 2");
      }
      connection.rollback();
      // back to autocommit: the named probe that may follow on this connection must not hold
      // its pooled server session in a transaction, or the other connection would get another
      connection.setAutoCommit(true);
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

  /**
   * Checks that named prepared statements stay with the client connection that prepared them: two
   * connections (opened with the named statements' properties) each prepare a statement of their
   * own, one after the other. Directly on the server, or behind a pooler in session mode, they are
   * two sessions. Behind pgbouncer in transaction or statement mode the second gets the first one's
   * server session back, idle (pgbouncer reuses the most recently used server connection), and
   * PgJDBC's names collide there as the workers' would: the server says {@code 42P05} ("already
   * exists"), or {@code 26000} when the pooler switched it. pgbouncer 1.21 and later with {@code
   * max_prepared_statements > 0} rename each client's statements, so the probe passes there, as the
   * run would.
   *
   * @param advice what to do instead, in the caller's options; appended to the server's message
   * @throws SQLException with the server's message and {@code advice} when the names collided
   */
  private static void requireNamedStatementsKept(Connection first, Connection second, String advice)
      throws SQLException {
    try {
      executeNamed(first, "SELECT 1");
      executeNamed(second, "SELECT 2");
    } catch (SQLException e) {
      if (SqlStateClass.of(e) != SqlStateClass.PREPARED_STATEMENT_MISMATCH) {
        throw e;
      }
      String reason = e.getMessage() == null ? "" : e.getMessage().strip() + "; ";
      throw new SQLException(reason.replace('\n', ' ') + advice, e.getSQLState(), e);
    }
  }

  /** Runs {@code sql} as a named server-side statement (PgJDBC names it at threshold 1). */
  private static void executeNamed(Connection connection, String sql) throws SQLException {
    connection.unwrap(PGConnection.class).setPrepareThreshold(1);
    try (var statement = connection.prepareStatement(sql)) {
      statement.executeQuery().close();
    }
  }
}
