package org.tpccpg.driver.connect;

import java.util.Locale;
import java.util.Optional;

/**
 * libpq's {@code sslmode}, which PgJDBC accepts under the same names with the same meaning.
 *
 * <p>Only {@link #VERIFY_CA} and {@link #VERIFY_FULL} check the server's certificate against {@code
 * sslrootcert}; {@code verify-full} also checks that it names the host connected to. The others
 * encrypt (or not) without knowing who is on the other end.
 */
public enum SslMode {
  DISABLE("disable"),
  ALLOW("allow"),
  PREFER("prefer"),
  REQUIRE("require"),
  VERIFY_CA("verify-ca"),
  VERIFY_FULL("verify-full");

  private final String keyword;

  SslMode(String keyword) {
    this.keyword = keyword;
  }

  /** The name libpq and PgJDBC use, e.g. {@code verify-full}. */
  public String keyword() {
    return keyword;
  }

  /** The mode with the given libpq name, in any case; empty for an unknown name. */
  public static Optional<SslMode> parse(String text) {
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    for (SslMode mode : values()) {
      if (mode.keyword.equals(wanted)) {
        return Optional.of(mode);
      }
    }
    return Optional.empty();
  }

  /** The names, comma separated, for error messages. */
  public static String names() {
    StringBuilder names = new StringBuilder();
    for (SslMode mode : values()) {
      names.append(names.length() == 0 ? "" : ", ").append(mode.keyword);
    }
    return names.toString();
  }

  @Override
  public String toString() {
    return keyword;
  }
}
