package org.tpccpg.driver.connect;

import java.util.Objects;

/**
 * One more server of a target that names several (libpq's comma-separated {@code host}, {@code
 * hostaddr} and {@code port} lists): where it is and the password the password file gave for it,
 * since libpq looks each host up there on its own. It holds no role, database or TLS settings: a
 * target's hosts share those ({@link ConnectionSettings#hosts()}).
 *
 * @param host a host name or address, or a unix-socket directory
 * @param port the TCP port, 1 to 65535; for a socket, the number in its file name
 * @param hostAddress libpq's {@code hostaddr} for this host, empty for none
 * @param password the password for this host, empty for none; never printed
 */
public record Endpoint(String host, int port, String hostAddress, String password) {
  public Endpoint {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(hostAddress, "hostAddress");
    Objects.requireNonNull(password, "password");
    if (host.isEmpty()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be between 1 and 65535 but was " + port);
    }
  }

  /** {@code host:port}, never the password. */
  @Override
  public String toString() {
    return host + ":" + port;
  }
}
