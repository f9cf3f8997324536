package org.tpccpg.testkit;

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
    String prefix = context.getRequiredTestClass().getSimpleName();
    TestServer server = TestServer.instance();
    database = dataSet == null ? server.createDatabase(prefix) : server.copyOf(prefix, dataSet);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (database != null) {
      database.drop();
      database = null;
    }
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
