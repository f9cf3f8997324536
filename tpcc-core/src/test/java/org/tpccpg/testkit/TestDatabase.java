package org.tpccpg.testkit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/**
 * A database of its own on the test server, created for one test class and dropped after it.
 *
 * <p>It hands out what both kinds of tests need: JDBC connections for tests that call the library,
 * and host, port, user and database name for tests that drive the command line.
 */
public final class TestDatabase {
  private final TestServer server;
  private final String name;

  TestDatabase(TestServer server, String name) {
    this.server = server;
    this.name = name;
  }

  /** The database name, unique to this test class. */
  public String name() {
    return name;
  }

  public String host() {
    return server.host();
  }

  public int port() {
    return server.port();
  }

  /** A superuser of the test server. */
  public String user() {
    return server.user();
  }

  /** The password, empty when the server trusts local connections. */
  public String password() {
    return server.password();
  }

  /** A JDBC URL for this database, without credentials. */
  public String jdbcUrl() {
    return "jdbc:postgresql://" + host() + ":" + port() + "/" + name;
  }

  /** Credentials to pass with {@link #jdbcUrl()}. */
  public Properties credentials() {
    Properties properties = new Properties();
    properties.setProperty("user", user());
    if (!password().isEmpty()) {
      properties.setProperty("password", password());
    }
    return properties;
  }

  /**
   * libpq's variables naming this database (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE), for a
   * command line that connects as pgbench and psql do.
   */
  public Map<String, String> libpqEnvironment() {
    return Map.of(
        "PGHOST", host(),
        "PGPORT", Integer.toString(port()),
        "PGUSER", user(),
        "PGPASSWORD", password(),
        "PGDATABASE", name);
  }

  /** Opens a new connection to this database in autocommit mode. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), credentials());
  }

  /** Opens a connection to the server's maintenance database, to look at other databases. */
  public Connection connectAdmin() throws SQLException {
    return server.connectAdmin();
  }

  /** Drops this database, ending its sessions; nothing when it is gone already. */
  public void drop() throws SQLException {
    server.dropDatabase(name);
  }
}
