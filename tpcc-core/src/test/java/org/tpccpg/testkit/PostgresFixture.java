package org.tpccpg.testkit;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension that gives an integration-test class a fresh database on the test server, empty
 * or a copy of a shared data set, and drops it after the last test of the class.
 *
 * <pre>{@code
 * @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();
 *
 * @Test void writesAndReads() throws SQLException {
 *   try (Connection c = POSTGRES.database().connect()) { ... }
 * }
 * }</pre>
 */
public final class PostgresFixture implements BeforeAllCallback, AfterAllCallback {
  private final SharedDataSet dataSet;
  private final List<TestDatabase> copies = new ArrayList<>();
  private String prefix;
  private TestDatabase database;

  /** A fixture whose database is empty. */
  public PostgresFixture() {
    this(null);
  }

  /**
   * A fixture whose database starts as a copy of {@code dataSet}, made once per test JVM (see
   * {@link SharedDataSet}).
   */
  public PostgresFixture(SharedDataSet dataSet) {
    this.dataSet = dataSet;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    prefix = context.getRequiredTestClass().getSimpleName();
    TestServer server = TestServer.instance();
    database = dataSet == null ? server.createDatabase(prefix) : server.copyOf(prefix, dataSet);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    for (TestDatabase copy : copies) {
      copy.drop();
    }
    copies.clear();
    if (database != null) {
      database.drop();
      database = null;
    }
  }

  /**
   * A further database of the running test class holding a fresh copy of {@code dataSet}, for a
   * test that changes the data it starts from; dropped after the class's last test at the latest
   * (dropping it earlier is fine).
   */
  public TestDatabase copy(SharedDataSet dataSet) throws SQLException {
    database(); // registered and started
    TestDatabase copy = TestServer.instance().copyOf(prefix, dataSet);
    copies.add(copy);
    return copy;
  }

  /** The database of the running test class. */
  public TestDatabase database() {
    if (database == null) {
      throw new IllegalStateException(
          "PostgresFixture must be registered as a static @RegisterExtension field");
    }
    return database;
  }
}
