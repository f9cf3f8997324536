package org.tpccpg.driver.connect;

import java.io.IOException;
import java.net.Socket;
import jdk.net.ExtendedSocketOptions;

/**
 * The timing of a TCP connection's keep-alive probes, libpq's {@code keepalives_idle}, {@code
 * keepalives_interval} and {@code keepalives_count}: each 0 for the system's default ({@code
 * net.ipv4.tcp_keepalive_*}), as in libpq. PgJDBC can only turn keep-alives on, so a socket with
 * timing of its own comes from {@link TcpKeepAliveSocketFactory}.
 *
 * <p>It does not turn keep-alives on or off ({@code keepalives}, PgJDBC's {@code tcpKeepAlive}).
 *
 * @param idleSeconds idle seconds before the first probe
 * @param intervalSeconds seconds between unanswered probes
 * @param count unanswered probes before the connection is dropped
 */
public record TcpKeepAlive(int idleSeconds, int intervalSeconds, int count) {
  /** The system's defaults: no option of its own on the socket. */
  public static final TcpKeepAlive SYSTEM_DEFAULTS = new TcpKeepAlive(0, 0, 0);

  public TcpKeepAlive {
    if (idleSeconds < 0 || intervalSeconds < 0 || count < 0) {
      throw new IllegalArgumentException(
          "keep-alive timing must not be negative but was " + argument());
    }
  }

  /** Whether the system's defaults apply throughout. */
  public boolean systemDefaults() {
    return equals(SYSTEM_DEFAULTS);
  }

  /** {@code idle,interval,count}: PgJDBC's {@code socketFactoryArg} for the factory. */
  String argument() {
    return idleSeconds + "," + intervalSeconds + "," + count;
  }

  /** The timing an {@link #argument()} names. */
  static TcpKeepAlive parse(String argument) {
    String[] parts = argument.split(",", -1);
    if (parts.length != 3) {
      throw new IllegalArgumentException("expected idle,interval,count but was " + argument);
    }
    return new TcpKeepAlive(
        Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
  }

  /** Sets the timing that is not the system's default on a socket, before it connects. */
  void applyTo(Socket socket) throws IOException {
    if (idleSeconds > 0) {
      socket.setOption(ExtendedSocketOptions.TCP_KEEPIDLE, idleSeconds);
    }
    if (intervalSeconds > 0) {
      socket.setOption(ExtendedSocketOptions.TCP_KEEPINTERVAL, intervalSeconds);
    }
    if (count > 0) {
      socket.setOption(ExtendedSocketOptions.TCP_KEEPCOUNT, count);
    }
  }
}
