package org.tpccpg.driver.cluster;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.tpccpg.testkit.ServerControl;
import org.tpccpg.testkit.TestDatabase;
import org.tpccpg.testkit.TestServer;

/**
 * JUnit extension that gives an integration-test class a throwaway PostgreSQL cluster of its own, a
 * database on it and fault injection on it ({@link ServerControl}): for the ITs that restart, stop
 * or crash the server. On the shared test server they had to run alone; on their own they run
 * beside the other classes, which never see the fault.
 *
 * <p>The cluster runs the shared server's binaries ({@code TPCC_TEST_PGBIN}, set by {@code
 * scripts/test.sh}; else the newest installed) with the shared server's speed settings, and is
 * removed after the class's last test. It does not reset anything between the class's tests.
 */
public final class OwnServerFixture implements BeforeAllCallback, AfterAllCallback {
  /** As scripts/test.sh's cluster: durability is not under test, trade it for speed. */
  private static final List<String> SETTINGS =
      List.of(
          "fsync = off",
          "synchronous_commit = off",
          "full_page_writes = off",
          "max_connections = 100",
          "log_min_messages = warning");

  private LocalCluster cluster;
  private Path binDir;
  private TestDatabase database;
  private ServerControl control;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    String shared = System.getenv("TPCC_TEST_PGBIN");
    binDir = shared == null || shared.isBlank() ? PostgresBinaries.locate() : Path.of(shared);
    cluster = LocalCluster.start(binDir, SETTINGS);
    database =
        TestServer.local(cluster.port(), "postgres")
            .createDatabase(context.getRequiredTestClass().getSimpleName());
    control =
        new ServerControl(
            binDir, cluster.dataDirectory(), cluster.directory().resolve("server.log"));
    try (Connection c = database.connect();
        Statement s = c.createStatement();
        ResultSet version = s.executeQuery("SHOW server_version")) {
      version.next(); // the version matrix's logs show which major the class ran on
      System.out.println(
          context.getRequiredTestClass().getSimpleName()
              + ": a server of its own, PostgreSQL "
              + version.getString(1)
              + " from "
              + binDir);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (cluster != null) {
      cluster.close();
      cluster = null;
    }
  }

  /** The database of the running test class, on its own server. */
  public TestDatabase database() {
    return require(database);
  }

  /**
   * The cluster's directory, owned by the server's OS user and removed with the cluster: the place
   * for another server beside it, such as a standby.
   */
  public Path directory() {
    return require(cluster).directory();
  }

  /** The server's binaries, {@code pg_ctl} and {@code pg_basebackup} among them. */
  public Path binDir() {
    return require(binDir);
  }

  /** Restarts, stops, starts and crashes the class's own server. */
  public ServerControl control() {
    return require(control);
  }

  private static <T> T require(T value) {
    if (value == null) {
      throw new IllegalStateException(
          "OwnServerFixture must be registered as a static @RegisterExtension field");
    }
    return value;
  }
}
