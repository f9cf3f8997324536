package org.tpccpg.driver.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * PgJDBC's {@code socketFactory} for a TCP connection with keep-alive timing of its own: PgJDBC
 * instantiates it by name with {@code socketFactoryArg} ({@link TcpKeepAlive#argument()}), calls
 * {@link #createSocket()} and connects the socket itself, with its connect timeout; TLS is layered
 * on that socket, so the timing holds under it too.
 *
 * <p>It does not turn keep-alives on: PgJDBC does, unless {@code tcpKeepAlive} is false.
 */
public final class TcpKeepAliveSocketFactory extends SocketFactory {
  private final TcpKeepAlive timing;

  /**
   * @param argument {@code idle,interval,count}, as {@link TcpKeepAlive#argument()} writes it
   */
  public TcpKeepAliveSocketFactory(String argument) {
    this.timing = TcpKeepAlive.parse(argument);
  }

  @Override
  public Socket createSocket() throws IOException {
    Socket socket = new Socket();
    timing.applyTo(socket);
    return socket;
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
  }

  private Socket connected(InetSocketAddress remote, InetSocketAddress local) throws IOException {
    Socket socket = createSocket();
    try {
      if (local != null) {
        socket.bind(local);
      }
      socket.connect(remote);
      return socket;
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }
}
