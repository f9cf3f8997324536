package org.tpccpg.driver.connect;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Properties;
import org.tpccpg.core.jdbc.ConnectionFactory;

/**
 * Where and as whom to connect, resolved from options, environment, password file and defaults (see
 * {@link SettingsResolver}).
 *
 * <p>A host that starts with {@code /} is a unix-socket directory, as in libpq: the connection goes
 * through {@code <host>/.s.PGSQL.<port>} with {@link UnixSocketFactory} as PgJDBC's socket factory,
 * and TLS is not used on it (libpq ignores sslmode for unix sockets too).
 *
 * @param host a host name or address, or a unix-socket directory
 * @param port the TCP port, 1 to 65535; for a socket, the number in its file name
 * @param user the role to log in as
 * @param password the password, empty for none; never printed
 * @param database the database name
 * @param client TLS, application name and further driver properties
 */
public record ConnectionSettings(
    String host, int port, String user, String password, String database, ClientSettings client)
    implements ConnectionFactory {
  /** The name the server shows in {@code pg_stat_activity.application_name} by default. */
  public static final String APPLICATION_NAME = "tpcc";

  /** The factory that PgJDBC instantiates with {@code socketFactoryArg}, the socket path. */
  static final String SOCKET_FACTORY = UnixSocketFactory.class.getName();

  /**
   * PgJDBC's property naming where passwords come from; a {@code --pgsql-url} may name its own
   * plugin (e.g. for tokens), else {@link NoPasswordGiven} answers when there is no password.
   */
  static final String AUTHENTICATION_PLUGIN = "authenticationPluginClassName";

  public ConnectionSettings {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(client, "client");
    if (host.isEmpty()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be between 1 and 65535 but was " + port);
    }
  }

  /** A TCP or socket target with PgJDBC's defaults for everything else. */
  public ConnectionSettings(String host, int port, String user, String password, String database) {
    this(host, port, user, password, database, ClientSettings.DEFAULT);
  }

  /**
   * These settings with one more server option after the others (libpq's {@code options}, where the
   * last {@code -c name=value} of a setting wins), such as {@code -c search_path=bench}.
   */
  public ConnectionSettings withServerOption(String option) {
    String options =
        client.serverOptions().isEmpty() ? option : client.serverOptions() + " " + option;
    return new ConnectionSettings(
        host,
        port,
        user,
        password,
        database,
        new ClientSettings(
            client.sslMode(),
            client.sslRootCert(),
            client.applicationName(),
            options,
            client.driverProperties(),
            client.keepAlive(),
            client.hostAddress(),
            client.requiredPeer()));
  }

  /** Whether this connects through a unix-domain socket rather than TCP. */
  public boolean unixSocket() {
    return host.startsWith("/") && client.hostAddress().isEmpty();
  }

  /**
   * The server as libpq's messages name it: the {@code hostaddr} when one is given, else the host.
   */
  public String displayedHost() {
    return client.hostAddress().isEmpty() ? host : client.hostAddress();
  }

  /** The socket file for a unix-socket target, {@code <dir>/.s.PGSQL.<port>}. */
  public String socketPath() {
    return (host.endsWith("/") ? host : host + "/") + ".s.PGSQL." + port;
  }

  /** The JDBC URL, which carries no credentials; a socket target names localhost. */
  public String jdbcUrl() {
    String hostPart;
    if (unixSocket()) {
      hostPart = "localhost";
    } else {
      String address = client.hostAddress().isEmpty() ? host : client.hostAddress();
      hostPart = address.contains(":") && !address.startsWith("[") ? "[" + address + "]" : address;
    }
    return "jdbc:postgresql://"
        + hostPart
        + ":"
        + port
        + "/"
        + URLEncoder.encode(database, StandardCharsets.UTF_8);
  }

  @Override
  public Connection open() throws SQLException {
    return open(new Properties());
  }

  /**
   * Opens a connection with extra PgJDBC properties, e.g. {@code prepareThreshold}. A failure to
   * connect names the socket or the TLS settings in its message, as libpq's do.
   */
  public Connection open(Properties extra) throws SQLException {
    return connect(properties(extra));
  }

  /**
   * Opens a connection for the run's own work beside its clients (reading the server's statistics):
   * as {@link #open(Properties)}, but {@code pg_stat_activity.application_name} shows the run's
   * name followed by {@code role}, so that it is told apart from the clients.
   */
  public Connection openBeside(String role, Properties extra) throws SQLException {
    Properties properties = properties(extra);
    properties.setProperty("ApplicationName", (client.applicationName() + " " + role).strip());
    return connect(properties);
  }

  private Connection connect(Properties properties) throws SQLException {
    try {
      return DriverManager.getConnection(jdbcUrl(), properties);
    } catch (SQLException e) {
      throw ConnectFailure.explain(this, e);
    }
  }

  /** The PgJDBC properties: the driver properties, then the extras, then our own settings. */
  Properties properties(Properties extra) {
    Properties properties = new Properties();
    // libpq keeps TCP connections alive unless keepalives=0 (a week-long run's idle sessions
    // behind a firewall); PgJDBC only when told
    properties.setProperty("tcpKeepAlive", "true");
    properties.putAll(client.driverProperties());
    properties.putAll(extra);
    properties.setProperty("user", user);
    // Always set, even empty: without a password property PgJDBC reads .pgpass on its own
    // (org.postgresql.pgpassfile, PGPASSFILE, ~/.pgpass) and uses a file that libpq's rules
    // refuse, such as one that others can read. The resolver is the one reader of that file.
    properties.setProperty("password", password);
    if (password.isEmpty()) {
      properties.putIfAbsent(AUTHENTICATION_PLUGIN, NoPasswordGiven.class.getName());
    }
    properties.setProperty("ApplicationName", client.applicationName());
    if (!client.serverOptions().isEmpty()) {
      properties.setProperty("options", client.serverOptions());
    }
    if (unixSocket()) {
      properties.setProperty("socketFactory", SOCKET_FACTORY);
      properties.setProperty(
          "socketFactoryArg", UnixSocketFactory.argument(socketPath(), client.requiredPeer()));
      properties.setProperty("sslmode", SslMode.DISABLE.keyword());
    } else {
      properties.setProperty("sslmode", client.sslMode().keyword());
      if (!client.sslRootCert().isEmpty()) {
        properties.setProperty("sslrootcert", client.sslRootCert());
      }
      if (!client.hostAddress().isEmpty() && !client.hostAddress().equals(host)) {
        // verify-full checks the certificate against the host's name, not the address, as libpq
        properties.setProperty("sslhostnameverifier", HostNameVerifier.class.getName());
        properties.setProperty(HostNameVerifier.HOST_PROPERTY, host);
      }
      if (!client.keepAlive().systemDefaults()) {
        properties.setProperty("socketFactory", TcpKeepAliveSocketFactory.class.getName());
        properties.setProperty("socketFactoryArg", client.keepAlive().argument());
      }
    }
    return properties;
  }

  /** {@code user@host:port/database}, as results files name the server; never the password. */
  public String target() {
    return connectionTarget().toString();
  }

  /** The server and role, and whether there is a password, without it. */
  public ConnectionTarget connectionTarget() {
    return new ConnectionTarget(host, port, user, database, !password.isEmpty());
  }

  /** Describes the target for output and logs, with the password masked. */
  @Override
  public String toString() {
    String where = unixSocket() ? "socket " + socketPath() : host + ":" + port;
    boolean plain =
        client.sslMode() == SslMode.PREFER
            && client.sslRootCert().isEmpty()
            && client.driverProperties().isEmpty()
            && client.keepAlive().systemDefaults();
    String tls = unixSocket() || plain ? "" : ", " + client;
    return user
        + "@"
        + where
        + "/"
        + database
        + tls
        + (password.isEmpty() ? "" : " (password ********)");
  }
}
