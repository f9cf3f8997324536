package org.tpccpg.driver.connect;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
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
 * <p>A target may name several servers, as libpq's host lists do ({@code host=db1,db2}): they are
 * tried in the order given until one takes the connection ({@link HostSequence}), which is how a
 * client follows a failover to whichever server is the primary now. {@code host} and {@code port}
 * are then the first server's, and {@code otherHosts} the rest.
 *
 * @param host a host name or address, or a unix-socket directory
 * @param port the TCP port, 1 to 65535; for a socket, the number in its file name
 * @param user the role to log in as
 * @param password the password, empty for none; never printed
 * @param database the database name
 * @param client TLS, application name and further driver properties
 * @param otherHosts the servers tried after the first, in order; empty for one server
 */
public record ConnectionSettings(
    String host,
    int port,
    String user,
    String password,
    String database,
    ClientSettings client,
    List<Endpoint> otherHosts)
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
    otherHosts = List.copyOf(otherHosts);
    if (host.isEmpty()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be between 1 and 65535 but was " + port);
    }
  }

  /** One server. */
  public ConnectionSettings(
      String host, int port, String user, String password, String database, ClientSettings client) {
    this(host, port, user, password, database, client, List.of());
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
            client.requiredPeer()),
        otherHosts);
  }

  /**
   * Every server this target names, in the order they are tried, each a target of one server with
   * its own host, port, {@code hostaddr} and password; just this one when it names one.
   */
  public List<ConnectionSettings> hosts() {
    if (otherHosts.isEmpty()) {
      return List.of(this);
    }
    List<ConnectionSettings> hosts = new ArrayList<>();
    hosts.add(new ConnectionSettings(host, port, user, password, database, client));
    for (Endpoint other : otherHosts) {
      hosts.add(
          new ConnectionSettings(
              other.host(),
              other.port(),
              user,
              other.password(),
              database,
              client.withHostAddress(other.hostAddress())));
    }
    return hosts;
  }

  /** The hosts as libpq's {@code host} list names them, {@code db1,db2}: one for one server. */
  public String hostList() {
    return String.join(",", hosts().stream().map(ConnectionSettings::host).toList());
  }

  /** The ports as libpq's {@code port} list names them: one when every host has the same. */
  public String portList() {
    List<String> ports = hosts().stream().map(h -> Integer.toString(h.port())).toList();
    return ports.stream().distinct().count() == 1 ? ports.get(0) : String.join(",", ports);
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
    return connect(extra, client.applicationName());
  }

  /**
   * Opens a connection for the run's own work beside its clients (reading the server's statistics):
   * as {@link #open(Properties)}, but {@code pg_stat_activity.application_name} shows the run's
   * name followed by {@code role}, so that it is told apart from the clients.
   */
  public Connection openBeside(String role, Properties extra) throws SQLException {
    return connect(extra, (client.applicationName() + " " + role).strip());
  }

  private Connection connect(Properties extra, String applicationName) throws SQLException {
    return otherHosts.isEmpty()
        ? connectOne(extra, applicationName)
        : HostSequence.connect(hosts(), extra, applicationName);
  }

  /**
   * Connects to this target's first server alone; a failure is explained in libpq's words ({@link
   * ConnectFailure}).
   */
  Connection connectOne(Properties extra, String applicationName) throws SQLException {
    Properties properties = properties(extra);
    properties.setProperty("ApplicationName", applicationName);
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
    boolean passwordGiven =
        !password.isEmpty() || otherHosts.stream().anyMatch(h -> !h.password().isEmpty());
    return new ConnectionTarget(hostList(), port, user, database, passwordGiven, portList());
  }

  /** Describes the target for output and logs, with the password masked. */
  @Override
  public String toString() {
    String where =
        String.join(
            ",",
            hosts().stream()
                .map(h -> h.unixSocket() ? "socket " + h.socketPath() : h.host() + ":" + h.port())
                .toList());
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
        + (connectionTarget().passwordGiven() ? " (password ********)" : "");
  }
}
