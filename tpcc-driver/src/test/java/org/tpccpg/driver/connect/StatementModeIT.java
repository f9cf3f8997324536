package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;
import org.tpccpg.testkit.TestDatabase;

/**
 * What each statement mode sends, as the server sees it: the query text of the running statement
 * ({@code current_query()}: values inline, or {@code $1}) and the session's named prepared
 * statements ({@code pg_prepared_statements}).
 */
class StatementModeIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();
  private static final String QUERY = "SELECT current_query(), ? + 0";

  private static Connection open(StatementMode mode) throws SQLException {
    TestDatabase db = POSTGRES.database();
    Properties properties = db.credentials();
    properties.putAll(mode.connectionProperties());
    return DriverManager.getConnection(db.jdbcUrl(), properties);
  }

  /** The text the server ran for each of three executions of one prepared statement. */
  private static List<String> queriesSeen(Connection c) throws SQLException {
    List<String> seen = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(QUERY)) {
      for (int value = 41; value <= 43; value++) {
        ps.setInt(1, value);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(value, rs.getInt(2));
          seen.add(rs.getString(1));
        }
      }
    }
    return seen;
  }

  /** The session's named prepared statements that ran {@link #QUERY}. */
  private static long namedStatementsOfTheQuery(Connection c) throws SQLException {
    long count = 0;
    // A plain Statement is never named by PgJDBC, so it does not count itself.
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT statement FROM pg_prepared_statements")) {
      while (rs.next()) {
        if (rs.getString(1).startsWith("SELECT current_query()")) {
          count++;
        }
      }
    }
    return count;
  }

  @Test
  void simpleSendsTheValuesInsideTheQueryTextAndPreparesNothing() throws SQLException {
    try (Connection c = open(StatementMode.SIMPLE)) {
      List<String> seen = queriesSeen(c);
      for (int i = 0; i < seen.size(); i++) {
        assertTrue(seen.get(i).contains(String.valueOf(41 + i)), seen.toString());
        assertTrue(!seen.get(i).contains("$1"), seen.toString());
      }
      assertEquals(0, namedStatementsOfTheQuery(c));
    }
  }

  @Test
  void extendedBindsAParameterToAnUnnamedStatementEveryTime() throws SQLException {
    try (Connection c = open(StatementMode.EXTENDED)) {
      assertEquals(List.of(bound(), bound(), bound()), queriesSeen(c));
      assertEquals(0, namedStatementsOfTheQuery(c));
    }
  }

  @Test
  void preparedKeepsOneNamedStatementOnTheServerFromTheFirstExecution() throws SQLException {
    try (Connection c = open(StatementMode.PREPARED)) {
      assertEquals(List.of(bound(), bound(), bound()), queriesSeen(c));
      assertEquals(1, namedStatementsOfTheQuery(c));
    }
  }

  private static String bound() {
    return "SELECT current_query(), $1 + 0";
  }
}
