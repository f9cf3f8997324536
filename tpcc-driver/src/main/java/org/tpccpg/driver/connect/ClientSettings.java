package org.tpccpg.driver.connect;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * How to talk to the server, beyond where and as whom: TLS, the application name, server options
 * (libpq's {@code options}, e.g. {@code -c work_mem=64MB}) and any other PgJDBC property given in a
 * {@code --pgsql-url}.
 *
 * @param sslMode libpq's sslmode; ignored over unix sockets, as libpq ignores it
 * @param sslRootCert the root certificate file that verify-ca and verify-full check against; empty
 *     for PgJDBC's default, {@code ~/.postgresql/root.crt}
 * @param applicationName what {@code pg_stat_activity.application_name} shows
 * @param serverOptions command-line options for the server session, empty for none
 * @param driverProperties further PgJDBC properties, by name; printed by name only
 * @param keepAlive the TCP keep-alive probes' timing; ignored over unix sockets, as libpq does
 * @param hostAddress libpq's {@code hostaddr}: the numeric address to connect to instead of looking
 *     the host up, empty for none; the host name still names the server for the password file and
 *     for verify-full's check of the server's certificate
 * @param requiredPeer libpq's {@code requirepeer}: over a unix socket, the operating-system user
 *     the server must run as, empty for no check; ignored over TCP, as libpq does
 */
public record ClientSettings(
    SslMode sslMode,
    String sslRootCert,
    String applicationName,
    String serverOptions,
    Map<String, String> driverProperties,
    TcpKeepAlive keepAlive,
    String hostAddress,
    String requiredPeer) {
  /** PgJDBC's own defaults: TLS if the server offers it, no checks, application name tpcc. */
  public static final ClientSettings DEFAULT =
      new ClientSettings(SslMode.PREFER, "", ConnectionSettings.APPLICATION_NAME, "", Map.of());

  /** Properties that the other settings decide and a URL may therefore not set on its own. */
  static final Set<String> RESERVED =
      Set.of(
          "user",
          "password",
          "PGHOST",
          "PGPORT",
          "PGDBNAME",
          "sslmode",
          "sslrootcert",
          "ApplicationName",
          "options",
          "socketFactory",
          "socketFactoryArg");

  public ClientSettings {
    Objects.requireNonNull(sslMode, "sslMode");
    Objects.requireNonNull(sslRootCert, "sslRootCert");
    Objects.requireNonNull(applicationName, "applicationName");
    Objects.requireNonNull(serverOptions, "serverOptions");
    Objects.requireNonNull(keepAlive, "keepAlive");
    Objects.requireNonNull(hostAddress, "hostAddress");
    Objects.requireNonNull(requiredPeer, "requiredPeer");
    if (requiredPeer.contains("/")) {
      throw new IllegalArgumentException(
          "requiredPeer must be a user name, without /, but was " + requiredPeer);
    }
    driverProperties = Map.copyOf(driverProperties);
    for (String name : driverProperties.keySet()) {
      if (RESERVED.contains(name)) {
        throw new IllegalArgumentException(
            "driverProperties must not set " + name + ", which has a setting of its own");
      }
    }
  }

  /** Settings with the system's keep-alive timing and no host address. */
  public ClientSettings(
      SslMode sslMode,
      String sslRootCert,
      String applicationName,
      String serverOptions,
      Map<String, String> driverProperties) {
    this(
        sslMode,
        sslRootCert,
        applicationName,
        serverOptions,
        driverProperties,
        TcpKeepAlive.SYSTEM_DEFAULTS,
        "",
        "");
  }

  /** These settings for a server at another {@code hostaddr} (empty for none). */
  public ClientSettings withHostAddress(String address) {
    return new ClientSettings(
        sslMode,
        sslRootCert,
        applicationName,
        serverOptions,
        driverProperties,
        keepAlive,
        address,
        requiredPeer);
  }

  /** A short description without property values, which may be secrets. */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("sslmode=").append(sslMode);
    if (!hostAddress.isEmpty()) {
      text.append(" hostaddr=").append(hostAddress);
    }
    if (!requiredPeer.isEmpty()) {
      text.append(" requirepeer=").append(requiredPeer);
    }
    if (!sslRootCert.isEmpty()) {
      text.append(" sslrootcert=").append(sslRootCert);
    }
    if (!serverOptions.isEmpty()) {
      text.append(" options set");
    }
    if (!driverProperties.isEmpty()) {
      text.append(" properties ").append(new TreeMap<>(driverProperties).keySet());
    }
    if (!keepAlive.systemDefaults()) {
      text.append(" keep-alive timing ").append(keepAlive.argument());
    }
    return text.toString();
  }
}
