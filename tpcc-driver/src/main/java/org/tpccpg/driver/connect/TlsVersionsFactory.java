package org.tpccpg.driver.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.Properties;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.postgresql.core.SocketFactoryFactory;
import org.postgresql.util.PSQLException;

/**
 * PgJDBC's {@code sslfactory} when {@code ssl_min_protocol_version} or {@code
 * ssl_max_protocol_version} is given: PgJDBC's own factory (its root certificate, client
 * certificate and key, and sslmode checks are all kept), with each TLS socket limited to the
 * versions of {@link TlsVersions} before its handshake. PgJDBC instantiates it by name with the
 * connection's properties, where the two versions are under libpq's names.
 *
 * <p>It does not check host names: PgJDBC does that after the handshake, for verify-full. Nor does
 * it pass on a client key that could not be read, which PgJDBC asks its own factory for: the
 * handshake goes on without the key, and a server that asks for a certificate refuses the login.
 */
public final class TlsVersionsFactory extends SSLSocketFactory {
  private final SSLSocketFactory pgjdbcs;
  private final String[] protocols;

  public TlsVersionsFactory(Properties properties) throws PSQLException {
    // PgJDBC's own choice of factory for these properties, without this one
    Properties pgjdbcsOwn = new Properties();
    pgjdbcsOwn.putAll(properties);
    pgjdbcsOwn.remove("sslfactory");
    this.pgjdbcs = SocketFactoryFactory.getSslSocketFactory(pgjdbcsOwn);
    this.protocols =
        new TlsVersions(
                properties.getProperty(TlsVersions.OLDEST_PROPERTY, TlsVersions.DEFAULT_OLDEST),
                properties.getProperty(TlsVersions.NEWEST_PROPERTY, ""))
            .protocols();
  }

  /** PgJDBC layers TLS over its connected socket with this one. */
  @Override
  public Socket createSocket(Socket socket, String host, int port, boolean autoClose)
      throws IOException {
    return limited(pgjdbcs.createSocket(socket, host, port, autoClose));
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return limited(pgjdbcs.createSocket(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return limited(pgjdbcs.createSocket(host, port, localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return limited(pgjdbcs.createSocket(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return limited(pgjdbcs.createSocket(address, port, localAddress, localPort));
  }

  @Override
  public String[] getDefaultCipherSuites() {
    return pgjdbcs.getDefaultCipherSuites();
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return pgjdbcs.getSupportedCipherSuites();
  }

  private Socket limited(Socket socket) {
    ((SSLSocket) socket).setEnabledProtocols(protocols);
    return socket;
  }
}
