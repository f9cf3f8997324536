package org.tpccpg.driver.connect;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * libpq's {@code ssl_min_protocol_version} and {@code ssl_max_protocol_version}: the TLS versions a
 * connection may use, from the oldest to the newest allowed (libpq's default: from TLSv1.2, no
 * newest). The JDK refuses TLSv1 and TLSv1.1 itself (java.security's {@code
 * jdk.tls.disabledAlgorithms}), as OpenSSL 3 does at its default security level, so a range of
 * those alone cannot connect.
 *
 * <p>It does not negotiate: {@link TlsVersionsFactory} enables these versions on each TLS socket.
 *
 * @param oldest libpq's name of the oldest version allowed
 * @param newest libpq's name of the newest version allowed, empty for no limit
 */
public record TlsVersions(String oldest, String newest) {
  /** The versions libpq names, oldest first. */
  static final List<String> NAMES = List.of("TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3");

  /** libpq's default oldest version. */
  static final String DEFAULT_OLDEST = "TLSv1.2";

  /** The PgJDBC property that carries the oldest version to the factory, libpq's keyword. */
  static final String OLDEST_PROPERTY = "ssl_min_protocol_version";

  /** The PgJDBC property that carries the newest version to the factory, libpq's keyword. */
  static final String NEWEST_PROPERTY = "ssl_max_protocol_version";

  public TlsVersions {
    if (!NAMES.contains(oldest) || !(newest.isEmpty() || NAMES.contains(newest))) {
      throw new IllegalArgumentException(
          "oldest and newest must be among " + NAMES + " but were " + oldest + " and " + newest);
    }
    if (!newest.isEmpty() && NAMES.indexOf(oldest) > NAMES.indexOf(newest)) {
      // libpq's words
      throw new IllegalArgumentException("invalid SSL protocol version range");
    }
  }

  /** libpq's name of a version as given, compared as libpq does (case aside); empty for none. */
  static Optional<String> name(String given) {
    return NAMES.stream()
        .filter(name -> name.toLowerCase(Locale.ROOT).equals(given.toLowerCase(Locale.ROOT)))
        .findFirst();
  }

  /** The JDK's names of the versions in the range, oldest first; they are libpq's. */
  String[] protocols() {
    int last = newest.isEmpty() ? NAMES.size() - 1 : NAMES.indexOf(newest);
    return NAMES.subList(NAMES.indexOf(oldest), last + 1).toArray(String[]::new);
  }
}
