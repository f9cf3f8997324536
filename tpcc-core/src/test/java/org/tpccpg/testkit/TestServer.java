package org.tpccpg.testkit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.postgresql.Driver;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * The PostgreSQL server that integration tests run against, found once per JVM.
 *
 * <p>It is the server named by {@code TPCC_TEST_JDBC_URL} (which {@code scripts/test.sh} sets to a
 * throwaway cluster). Without that variable, a reachable Docker engine gives a Testcontainers
 * PostgreSQL instead. With neither, tests fail with a message that says how to provide a server:
 * they never skip silently.
 */
public final class TestServer {
  /** The environment variable naming the test server, a superuser URL to its admin database. */
  public static final String URL_VARIABLE = "TPCC_TEST_JDBC_URL";

  /** The test server's unix-socket directory, which {@code scripts/test.sh} also sets. */
  public static final String SOCKET_VARIABLE = "TPCC_TEST_SOCKET_DIR";

  /**
   * The JUnit resource lock of the test server's tablespaces: a class that creates one holds it,
   * and so does ReplicationLagIT, whose pg_basebackup copies every tablespace of the server to its
   * own path, where a tablespace made meanwhile by a class beside it collides ("exists but is not
   * empty").
   */
  public static final String TABLESPACES = "the test server's tablespaces";

  private static final String CONTAINER_IMAGE = "postgres:15-alpine";
  private static final AtomicInteger DATABASE_COUNTER = new AtomicInteger();
  private static TestServer instance;

  private final String host;
  private final int port;
  private final String adminDatabase;
  private final String user;
  private final String password;
  private DataSetTemplates templates;

  private TestServer(String jdbcUrl, String fallbackUser, String fallbackPassword) {
    Properties parsed = Driver.parseURL(jdbcUrl, new Properties());
    if (parsed == null) {
      throw new IllegalStateException(
          URL_VARIABLE + " is not a PostgreSQL JDBC URL: " + redact(jdbcUrl));
    }
    this.host = parsed.getProperty("PGHOST", "localhost").split(",")[0];
    this.port = Integer.parseInt(parsed.getProperty("PGPORT", "5432").split(",")[0]);
    this.adminDatabase = parsed.getProperty("PGDBNAME", "postgres");
    this.user = parsed.getProperty("user", fallbackUser);
    this.password = parsed.getProperty("password", fallbackPassword);
  }

  /**
   * A server other than the shared one, reached as {@code user} without a password on 127.0.0.1: a
   * throwaway cluster a test class starts for itself (its restarts and crashes then touch no other
   * class).
   */
  public static TestServer local(int port, String user) {
    return new TestServer("jdbc:postgresql://127.0.0.1:" + port + "/postgres", user, "");
  }

  /** Returns the test server, locating it on first use. */
  public static synchronized TestServer instance() {
    if (instance == null) {
      instance = locate();
    }
    return instance;
  }

  private static TestServer locate() {
    String url = System.getenv(URL_VARIABLE);
    if (url != null && !url.isBlank()) {
      return new TestServer(url, System.getProperty("user.name"), "");
    }
    if (dockerAvailable()) {
      PostgreSQLContainer<?> container = new PostgreSQLContainer<>(CONTAINER_IMAGE);
      container.start();
      return new TestServer(
          container.getJdbcUrl(), container.getUsername(), container.getPassword());
    }
    throw new IllegalStateException(
        "No PostgreSQL server for the integration tests. Run scripts/test.sh, which starts a"
            + " throwaway cluster (apt-get install postgresql gives the binaries), or set "
            + URL_VARIABLE
            + "=jdbc:postgresql://HOST:PORT/postgres?user=SUPERUSER&password=... to a server"
            + " where each test class may create and drop its own database,"
            + " or start a Docker engine for the Testcontainers fallback.");
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static String redact(String url) {
    return url.replaceAll("(?i)(password=)[^&]*", "$1***");
  }

  String host() {
    return host;
  }

  /**
   * The directory of the server's unix socket, when the server is a local one started by {@code
   * scripts/test.sh} (not a container); its socket file is {@code .s.PGSQL.<port>} there.
   */
  public Optional<String> socketDirectory() {
    String directory = System.getenv(SOCKET_VARIABLE);
    return directory == null || directory.isBlank() ? Optional.empty() : Optional.of(directory);
  }

  int port() {
    return port;
  }

  String user() {
    return user;
  }

  String password() {
    return password;
  }

  /**
   * Creates an empty database whose name starts with the given prefix and is unique on the server.
   */
  public TestDatabase createDatabase(String prefix) throws SQLException {
    String name = uniqueName(prefix);
    execute("CREATE DATABASE " + name);
    return new TestDatabase(this, name);
  }

  /**
   * Creates a database whose name starts with the given prefix and which holds a copy of {@code
   * dataSet}, made on the first call for its key in this JVM.
   */
  public TestDatabase copyOf(String prefix, SharedDataSet dataSet) throws SQLException {
    DataSetTemplates mine;
    synchronized (this) {
      if (templates == null) {
        templates = new DataSetTemplates(this);
      }
      mine = templates;
    }
    return mine.copy(prefix, dataSet);
  }

  /**
   * A copy of the template database {@code template}: file by file, which is what a copy costs
   * before 15 too (15's default, WAL_LOG, writes every page to the WAL).
   */
  TestDatabase createDatabaseFrom(String prefix, String template) throws SQLException {
    String name = uniqueName(prefix);
    try (Connection connection = connectAdmin();
        Statement statement = connection.createStatement()) {
      boolean strategies = connection.getMetaData().getDatabaseMajorVersion() >= 15;
      statement.execute(
          "CREATE DATABASE "
              + name
              + " TEMPLATE "
              + template
              + (strategies ? " STRATEGY = FILE_COPY" : ""));
    }
    return new TestDatabase(this, name);
  }

  private static String uniqueName(String prefix) {
    String name =
        ("tpcc_it_"
                + prefix.replaceAll("[^A-Za-z0-9]", "_")
                + "_"
                + ProcessHandle.current().pid()
                + "_"
                + DATABASE_COUNTER.incrementAndGet())
            .toLowerCase(Locale.ROOT);
    return name.length() > 63 ? name.substring(name.length() - 63) : name;
  }

  void execute(String sql) throws SQLException {
    try (Connection connection = connectAdmin();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  /** Drops the database, ending its sessions first, on every major (FORCE came in 13). */
  public void dropDatabase(String name) throws SQLException {
    try (Connection connection = connectAdmin();
        Statement statement = connection.createStatement()) {
      if (connection.getMetaData().getDatabaseMajorVersion() >= 13) {
        statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      } else { // FORCE came in 13: end the database's sessions first, as it does
        statement.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"
                + name
                + "' AND pid <> pg_backend_pid()");
        statement.execute("DROP DATABASE IF EXISTS " + name);
      }
    }
  }

  Connection connectAdmin() throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    if (!password.isEmpty()) {
      properties.setProperty("password", password);
    }
    return DriverManager.getConnection(
        "jdbc:postgresql://" + host + ":" + port + "/" + adminDatabase, properties);
  }
}
