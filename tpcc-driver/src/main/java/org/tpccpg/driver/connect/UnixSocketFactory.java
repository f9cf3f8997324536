package org.tpccpg.driver.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import javax.net.SocketFactory;

/**
 * PgJDBC's {@code socketFactory} for a unix-domain socket: PgJDBC instantiates it by name with
 * {@code socketFactoryArg}, the socket file, and calls {@link #createSocket()}, then connects the
 * socket to {@code localhost} and the port, which a {@link UnixSocket} ignores.
 *
 * <p>It does not resolve or reach a host: every socket it makes goes to the one file.
 */
public final class UnixSocketFactory extends SocketFactory {
  private final Path socketFile;

  /**
   * @param socketFile the server's socket, {@code <dir>/.s.PGSQL.<port>}
   */
  public UnixSocketFactory(String socketFile) {
    this.socketFile = Path.of(socketFile);
  }

  @Override
  public Socket createSocket() {
    return new UnixSocket(socketFile);
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return connected();
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return connected();
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return connected();
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return connected();
  }

  private Socket connected() throws IOException {
    UnixSocket socket = new UnixSocket(socketFile);
    socket.connect(null);
    return socket;
  }
}
