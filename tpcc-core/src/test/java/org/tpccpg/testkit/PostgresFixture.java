package org.tpccpg.testkit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension that gives an integration-test class a fresh database on the test server and
 * drops it after the last test of the class.
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
  private TestDatabase database;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    database = TestServer.instance().createDatabase(context.getRequiredTestClass().getSimpleName());
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
