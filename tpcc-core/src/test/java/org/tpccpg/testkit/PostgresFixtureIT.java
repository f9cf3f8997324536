package org.tpccpg.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresFixtureIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @Test
  void aTableWrittenInTheClassDatabaseReadsBack() throws SQLException {
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE round_trip (id int PRIMARY KEY, amount numeric(6,2))");
      try (PreparedStatement insert =
          connection.prepareStatement("INSERT INTO round_trip VALUES (?, ?)")) {
        insert.setInt(1, 7);
        insert.setBigDecimal(2, new java.math.BigDecimal("12.34"));
        assertEquals(1, insert.executeUpdate());
      }
      try (ResultSet rows = statement.executeQuery("SELECT id, amount FROM round_trip")) {
        assertTrue(rows.next());
        assertEquals(7, rows.getInt(1));
        assertEquals(new java.math.BigDecimal("12.34"), rows.getBigDecimal(2));
        assertFalse(rows.next());
      }
    }
  }

  @Test
  void eachDatabaseIsIsolatedAndDroppedOnRequest() throws SQLException {
    TestDatabase other = TestServer.instance().createDatabase("isolation");
    assertNotEquals(POSTGRES.database().name(), other.name());
    try (Connection connection = other.connect();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE only_in_other (id int)");
    }
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      assertThrows(SQLException.class, () -> statement.execute("SELECT * FROM only_in_other"));
    }
    other.drop();
    try (Connection admin = POSTGRES.database().connectAdmin();
        PreparedStatement exists =
            admin.prepareStatement("SELECT count(*) FROM pg_database WHERE datname = ?")) {
      exists.setString(1, other.name());
      try (ResultSet rows = exists.executeQuery()) {
        rows.next();
        assertEquals(0, rows.getInt(1));
      }
      exists.setString(1, POSTGRES.database().name());
      try (ResultSet rows = exists.executeQuery()) {
        rows.next();
        assertEquals(1, rows.getInt(1));
      }
    }
  }

  @Test
  void aSharedDataSetIsMadeOnceAndEachCopyIsADatabaseOfItsOwn() throws Exception {
    AtomicInteger made = new AtomicInteger();
    SharedDataSet dataSet =
        new SharedDataSet(
            "fixture_it",
            db -> {
              made.incrementAndGet();
              try (Connection c = db.connect();
                  Statement s = c.createStatement()) {
                s.execute("CREATE TABLE loaded AS SELECT 42 AS answer");
              }
            });
    TestDatabase first = TestServer.instance().copyOf("shared_first", dataSet);
    TestDatabase second = TestServer.instance().copyOf("shared_second", dataSet);
    try {
      assertEquals(1, made.get(), "made once");
      try (Connection c = first.connect();
          Statement s = c.createStatement()) {
        s.execute("UPDATE loaded SET answer = 7");
      }
      assertEquals(7, answer(first));
      assertEquals(42, answer(second), "a copy does not see another copy's changes");
    } finally {
      first.drop();
      second.drop();
    }
    try (Connection admin = POSTGRES.database().connectAdmin();
        Statement s = admin.createStatement();
        ResultSet rows =
            s.executeQuery(
                "SELECT datallowconn FROM pg_database"
                    + " WHERE datname LIKE 'tpcc_it_template_fixture_it_%'")) {
      assertTrue(rows.next(), "the template is kept for the next class");
      assertFalse(rows.getBoolean(1), "nothing may connect to the template and hold it open");
    }
  }

  @Test
  void eachFixtureCopyStartsFromTheDataSetAfresh() throws Exception {
    SharedDataSet dataSet =
        new SharedDataSet(
            "fixture_copy_it",
            db -> {
              try (Connection c = db.connect();
                  Statement s = c.createStatement()) {
                s.execute("CREATE TABLE loaded AS SELECT 42 AS answer");
              }
            });
    TestDatabase first = POSTGRES.copy(dataSet);
    try (Connection c = first.connect();
        Statement s = c.createStatement()) {
      s.execute("UPDATE loaded SET answer = 7");
    }
    TestDatabase second = POSTGRES.copy(dataSet);
    assertTrue(first.name().startsWith("tpcc_it_postgresfixtureit_"), first.name());
    assertNotEquals(first.name(), second.name());
    assertNotEquals(POSTGRES.database().name(), second.name());
    assertEquals(7, answer(first));
    assertEquals(42, answer(second), "a later copy does not see an earlier one's changes");
    first.drop(); // before the class's end: the fixture's own drop then finds it gone
  }

  private static int answer(TestDatabase db) throws SQLException {
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("SELECT answer FROM loaded")) {
      rows.next();
      return rows.getInt(1);
    }
  }
}
