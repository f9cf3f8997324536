package org.tpccpg.driver.connect;

import java.util.Objects;

/**
 * Where a run connected, for results files and output: everything of {@link ConnectionSettings}
 * that names the server and the role, and whether a password was given, never the password itself
 * (this record cannot hold one).
 *
 * @param host a host name or address, or a unix-socket directory; for a target of several servers,
 *     libpq's comma-separated list of them
 * @param port the TCP port, or the number in the socket's file name; the first server's
 * @param user the role
 * @param database the database name
 * @param passwordGiven whether a password was given (by option, environment or password file)
 * @param portList every server's port, comma-separated as libpq's {@code port} list, one for all
 *     when they have the same
 */
public record ConnectionTarget(
    String host, int port, String user, String database, boolean passwordGiven, String portList) {
  public ConnectionTarget {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(portList, "portList");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(database, "database");
  }

  /** A target of one server. */
  public ConnectionTarget(
      String host, int port, String user, String database, boolean passwordGiven) {
    this(host, port, user, database, passwordGiven, Integer.toString(port));
  }

  /**
   * {@code user@host:port/database}, as results files name the server; {@code
   * user@host1:port1,host2:port2/database} for several.
   */
  @Override
  public String toString() {
    String[] hosts = host.split(",", -1);
    String[] ports = portList.split(",", -1);
    StringBuilder where = new StringBuilder();
    for (int i = 0; i < hosts.length; i++) {
      where.append(i == 0 ? "" : ",").append(hosts[i]).append(':');
      where.append(ports.length == hosts.length ? ports[i] : ports[0]);
    }
    return user + "@" + where + "/" + database;
  }
}
