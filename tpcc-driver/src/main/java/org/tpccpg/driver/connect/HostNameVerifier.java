package org.tpccpg.driver.connect;

import java.util.Properties;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLSession;
import org.postgresql.ssl.PGjdbcHostnameVerifier;

/**
 * PgJDBC's {@code sslhostnameverifier} for a connection made to libpq's {@code hostaddr}: PgJDBC
 * would check the server's certificate against the address it connected to, libpq checks it against
 * the host name given beside the address. This checks that name, with PgJDBC's own rules.
 *
 * <p>It does not decide whether to check: PgJDBC calls it for verify-full only.
 */
public final class HostNameVerifier implements HostnameVerifier {
  /** The connection property naming the host; PgJDBC passes unknown properties on. */
  static final String HOST_PROPERTY = "tpccHostName";

  private final String host;

  /**
   * @param info the connection's properties, which PgJDBC passes to the constructor
   */
  public HostNameVerifier(Properties info) {
    this.host = info.getProperty(HOST_PROPERTY, "");
  }

  @Override
  public boolean verify(String address, SSLSession session) {
    return PGjdbcHostnameVerifier.INSTANCE.verify(host.isEmpty() ? address : host, session);
  }
}
