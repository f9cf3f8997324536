package org.tpccpg.driver.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import javax.net.SocketFactory;

/**
 * PgJDBC's {@code socketFactory} for a unix-domain socket: PgJDBC instantiates it by name with
 * {@code socketFactoryArg} ({@link #argument}: the socket file, and the user the server must run
 * as, if any) and calls {@link #createSocket()}, then connects the socket to {@code localhost} and
 * the port, which a {@link UnixSocket} ignores.
 *
 * <p>It does not resolve or reach a host: every socket it makes goes to the one file.
 */
public final class UnixSocketFactory extends SocketFactory {
  private final Path socketFile;
  private final String requiredPeer;

  /**
   * @param argument what {@link #argument} made of the socket file and the required peer
   */
  public UnixSocketFactory(String argument) {
    // a user name holds no '/' and the socket file's path starts with one
    int file = argument.indexOf('/');
    if (file < 0) {
      throw new IllegalArgumentException(
          "argument must hold the socket file's absolute path but was " + argument);
    }
    this.requiredPeer = argument.substring(0, file);
    this.socketFile = Path.of(argument.substring(file));
  }

  /**
   * The {@code socketFactoryArg} for a socket file and the operating-system user the server must
   * run as (libpq's {@code requirepeer}, empty for no check): the user, then the file's path.
   *
   * @param socketFile the server's socket, {@code <dir>/.s.PGSQL.<port>}, an absolute path
   */
  public static String argument(String socketFile, String requiredPeer) {
    if (!socketFile.startsWith("/") || requiredPeer.contains("/")) {
      throw new IllegalArgumentException(
          "socketFile must be absolute and requiredPeer hold no /, but were "
              + socketFile
              + " and "
              + requiredPeer);
    }
    return requiredPeer + socketFile;
  }

  @Override
  public Socket createSocket() {
    return new UnixSocket(socketFile, requiredPeer);
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
    UnixSocket socket = new UnixSocket(socketFile, requiredPeer);
    socket.connect(null);
    return socket;
  }
}
