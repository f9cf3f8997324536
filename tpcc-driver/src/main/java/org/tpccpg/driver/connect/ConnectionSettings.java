package org.tpccpg.driver.connect;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Properties;
import org.tpccpg.core.sql.ConnectionFactory;

/**
 * Where and as whom to connect, resolved from options, environment and defaults.
 *
 * @param host a host name or address (unix-socket directories are rejected before this point)
 * @param port the TCP port, 1 to 65535
 * @param user the role to log in as
 * @param password the password, empty for none; never printed
 * @param database the database name
 */
public record ConnectionSettings(
    String host, int port, String user, String password, String database)
    implements ConnectionFactory {
  /** The name the server shows in {@code pg_stat_activity.application_name}. */
  public static final String APPLICATION_NAME = "tpcc";

  public ConnectionSettings {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(database, "database");
    if (host.isEmpty()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be between 1 and 65535 but was " + port);
    }
  }

  /** The JDBC URL, which carries no credentials. */
  public String jdbcUrl() {
    String hostPart = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    return "jdbc:postgresql://"
        + hostPart
        + ":"
        + port
        + "/"
        + URLEncoder.encode(database, StandardCharsets.UTF_8);
  }

  /** The same server and credentials, another database. */
  public ConnectionSettings withDatabase(String otherDatabase) {
    return new ConnectionSettings(host, port, user, password, otherDatabase);
  }

  @Override
  public Connection open() throws SQLException {
    return open(new Properties());
  }

  /** Opens a connection with extra PgJDBC properties, e.g. {@code prepareThreshold}. */
  public Connection open(Properties extra) throws SQLException {
    Properties properties = new Properties();
    properties.putAll(extra);
    properties.setProperty("user", user);
    if (!password.isEmpty()) {
      properties.setProperty("password", password);
    }
    properties.setProperty("ApplicationName", APPLICATION_NAME);
    return DriverManager.getConnection(jdbcUrl(), properties);
  }

  /** Describes the target for output and logs, with the password masked. */
  @Override
  public String toString() {
    return user
        + "@"
        + host
        + ":"
        + port
        + "/"
        + database
        + (password.isEmpty() ? "" : " (password ********)");
  }
}
