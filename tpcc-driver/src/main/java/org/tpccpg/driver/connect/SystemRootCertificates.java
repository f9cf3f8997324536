package org.tpccpg.driver.connect;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * libpq's {@code sslrootcert=system} (libpq 16 and later): trust the system's CA certificates, as
 * cloud providers' connection strings ask. libpq loads OpenSSL's default: the file {@code
 * SSL_CERT_FILE} names, else the distribution's bundle. PgJDBC reads a root certificate file of
 * many certificates, so the tool gives it that same file. It does not read the JDK's own trust
 * store, which libpq does not.
 */
final class SystemRootCertificates {
  /** The value of {@code sslrootcert} that asks for the system's certificates. */
  static final String SYSTEM = "system";

  /** The bundles of Debian and Ubuntu, of Red Hat and its kin, and of Alpine and the BSDs. */
  private static final List<String> BUNDLES =
      List.of(
          "/etc/ssl/certs/ca-certificates.crt",
          "/etc/pki/tls/certs/ca-bundle.crt",
          "/etc/ssl/cert.pem");

  private SystemRootCertificates() {}

  /** The file libpq would load: {@code SSL_CERT_FILE}, else the first bundle that exists. */
  static Optional<Path> file(Map<String, String> environment) {
    String named = environment.get("SSL_CERT_FILE");
    if (named != null && !named.isEmpty()) {
      return Optional.of(Path.of(named));
    }
    return BUNDLES.stream().map(Path::of).filter(Files::isRegularFile).findFirst();
  }
}
