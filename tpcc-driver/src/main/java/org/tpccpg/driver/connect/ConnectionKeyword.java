package org.tpccpg.driver.connect;

import java.util.Optional;

/**
 * The libpq connection parameters this tool understands, with their environment variables and
 * PgJDBC property names (the names {@code org.postgresql.Driver.parseURL} returns).
 */
public enum ConnectionKeyword {
  HOST("host", "PGHOST", "PGHOST"),
  PORT("port", "PGPORT", "PGPORT"),
  DBNAME("dbname", "PGDATABASE", "PGDBNAME"),
  USER("user", "PGUSER", "user"),
  PASSWORD("password", "PGPASSWORD", "password"),
  PASSFILE("passfile", "PGPASSFILE", null),
  SSLMODE("sslmode", "PGSSLMODE", "sslmode"),
  SSLROOTCERT("sslrootcert", "PGSSLROOTCERT", "sslrootcert"),
  /** The client certificate a server that checks them ({@code cert} in pg_hba.conf) is shown. */
  SSLCERT("sslcert", "PGSSLCERT", "sslcert"),
  /** The client certificate's private key, PEM or PKCS-8 DER (PgJDBC reads both). */
  SSLKEY("sslkey", "PGSSLKEY", "sslkey"),
  APPLICATION_NAME("application_name", "PGAPPNAME", "ApplicationName"),
  OPTIONS("options", "PGOPTIONS", "options"),
  /** TCP keep-alives: on unless 0, as in libpq (PgJDBC's default is off); no variable. */
  KEEPALIVES("keepalives", null, null),
  /** Seconds to wait for a connection, 0 or less for no limit (PgJDBC's default is 10). */
  CONNECT_TIMEOUT("connect_timeout", "PGCONNECT_TIMEOUT", "connectTimeout"),
  /** A section of the connection service file, whose values come after the connection string's. */
  SERVICE("service", "PGSERVICE", null),
  /** The user's service file, instead of {@code ~/.pg_service.conf} (the keyword from libpq 18). */
  SERVICEFILE("servicefile", "PGSERVICEFILE", null);

  private final String keyword;
  private final String variable;
  private final String jdbcProperty;

  ConnectionKeyword(String keyword, String variable, String jdbcProperty) {
    this.keyword = keyword;
    this.variable = variable;
    this.jdbcProperty = jdbcProperty;
  }

  /** The conninfo keyword, e.g. {@code dbname}. */
  public String keyword() {
    return keyword;
  }

  /** The environment variable libpq reads, e.g. {@code PGDATABASE}; null for none. */
  public String variable() {
    return variable;
  }

  /** The parameter with the given conninfo keyword. */
  public static Optional<ConnectionKeyword> forKeyword(String keyword) {
    for (ConnectionKeyword candidate : values()) {
      if (candidate.keyword.equals(keyword)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The parameter with the given PgJDBC property name. */
  public static Optional<ConnectionKeyword> forJdbcProperty(String property) {
    for (ConnectionKeyword candidate : values()) {
      if (property.equals(candidate.jdbcProperty)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** All conninfo keywords, for error messages. */
  public static String keywords() {
    StringBuilder names = new StringBuilder();
    for (ConnectionKeyword candidate : values()) {
      names.append(names.length() == 0 ? "" : ", ").append(candidate.keyword);
    }
    return names.toString();
  }
}
