package org.tpccpg.driver.connect;

import java.util.Objects;

/**
 * Where a run connected, for results files and output: everything of {@link ConnectionSettings}
 * that names the server and the role, and whether a password was given, never the password itself
 * (this record cannot hold one).
 *
 * @param host a host name or address, or a unix-socket directory
 * @param port the TCP port, or the number in the socket's file name
 * @param user the role
 * @param database the database name
 * @param passwordGiven whether a password was given (by option, environment or password file)
 */
public record ConnectionTarget(
    String host, int port, String user, String database, boolean passwordGiven) {
  public ConnectionTarget {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(database, "database");
  }

  /** {@code user@host:port/database}, as results files name the server. */
  @Override
  public String toString() {
    return user + "@" + host + ":" + port + "/" + database;
  }
}
