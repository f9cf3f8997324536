package org.tpccpg.driver.tpcb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.tpcb.TpcbStatements;
import org.tpccpg.driver.metrics.ConnectionTimes;

/** A client's connection with its prepared statements, BEGIN, END and ROLLBACK included. */
record TpcbConnection(
    Connection connection,
    TpcbStatements statements,
    PreparedStatement begin,
    PreparedStatement end,
    PreparedStatement rollback) {

  /** Connects in autocommit mode (BEGIN and END are statements, as pgbench sends them). */
  static TpcbConnection open(
      ConnectionFactory connections, boolean bigintAccountIds, ConnectionTimes times)
      throws SQLException {
    long start = System.nanoTime();
    Connection connection = connections.open();
    times.opened(System.nanoTime() - start);
    try {
      connection.setAutoCommit(true);
      return new TpcbConnection(
          connection,
          new TpcbStatements(connection, bigintAccountIds),
          connection.prepareStatement("BEGIN"),
          connection.prepareStatement("END"),
          connection.prepareStatement("ROLLBACK"));
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
  }
}
