package org.tpccpg.core.tpcb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import org.tpccpg.core.jdbc.Statements;

/**
 * The statements of {@link TpcbStatement}, prepared once on one connection and reused for every
 * transaction, so that a transaction allocates little more than its result sets. Whether the server
 * parses each execution or keeps a named statement is the connection's choice (PgJDBC's {@code
 * prepareThreshold} and {@code preferQueryMode}).
 *
 * <p>Statements run in whatever transaction the connection is in; this class never begins, commits,
 * rolls back, times or logs. One per connection, used by one thread.
 */
public final class TpcbStatements implements AutoCloseable {
  private static final TpcbStatement[] ALL = TpcbStatement.values();

  private final boolean bigintAccountIds;
  private final PreparedStatement[] prepared = new PreparedStatement[ALL.length];

  /**
   * Prepares the statements on {@code connection}.
   *
   * @param bigintAccountIds whether {@code aid} is {@code bigint} (scale 20000 and up); account ids
   *     are then bound as {@code int8}, otherwise as {@code int4} like the column
   */
  public TpcbStatements(Connection connection, boolean bigintAccountIds) throws SQLException {
    Objects.requireNonNull(connection, "connection");
    this.bigintAccountIds = bigintAccountIds;
    try {
      for (TpcbStatement statement : ALL) {
        prepared[statement.ordinal()] = connection.prepareStatement(statement.sql());
      }
    } catch (SQLException e) {
      close();
      throw e;
    }
  }

  /**
   * Runs one statement with the variables of {@code input}.
   *
   * @return the account balance for {@link TpcbStatement#SELECT_BALANCE}, else the row count
   * @throws SQLException from the server; a missing account is reported as SQLSTATE 02000
   */
  public int execute(TpcbStatement statement, TpcbInput input) throws SQLException {
    PreparedStatement ps = prepared[statement.ordinal()];
    switch (statement) {
      case UPDATE_ACCOUNT -> bindDeltaAndAccount(ps, input);
      case SELECT_BALANCE -> bindAccount(ps, 1, input.aid());
      case UPDATE_TELLER -> bindDeltaAndKey(ps, input.delta(), input.tid());
      case UPDATE_BRANCH -> bindDeltaAndKey(ps, input.delta(), input.bid());
      case INSERT_HISTORY -> bindHistory(ps, input);
    }
    if (statement == TpcbStatement.SELECT_BALANCE) {
      return selectBalance(ps, input.aid());
    }
    return ps.executeUpdate();
  }

  /** Runs all statements of {@code transaction}, in order, in the caller's transaction. */
  public void execute(TpcbTransaction transaction, TpcbInput input) throws SQLException {
    for (TpcbStatement statement : transaction.statements()) {
      execute(statement, input);
    }
  }

  private static int selectBalance(PreparedStatement ps, long aid) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      if (!rs.next()) {
        throw new SQLException("no account with aid " + aid + " in pgbench_accounts", "02000");
      }
      return rs.getInt(1);
    }
  }

  private void bindDeltaAndAccount(PreparedStatement ps, TpcbInput input) throws SQLException {
    ps.setInt(1, input.delta());
    bindAccount(ps, 2, input.aid());
  }

  private static void bindDeltaAndKey(PreparedStatement ps, int delta, int key)
      throws SQLException {
    ps.setInt(1, delta);
    ps.setInt(2, key);
  }

  private void bindHistory(PreparedStatement ps, TpcbInput input) throws SQLException {
    ps.setInt(1, input.tid());
    ps.setInt(2, input.bid());
    bindAccount(ps, 3, input.aid());
    ps.setInt(4, input.delta());
  }

  private void bindAccount(PreparedStatement ps, int index, long aid) throws SQLException {
    if (bigintAccountIds) {
      ps.setLong(index, aid);
    } else {
      ps.setInt(index, (int) aid);
    }
  }

  @Override
  public void close() throws SQLException {
    Statements.closeAll(prepared, prepared.length);
  }
}
