package org.tpccpg.driver.connect;

import java.util.Optional;
import java.util.Set;

/**
 * The libpq connection parameters this tool understands, with their environment variables and
 * PgJDBC property names (the names {@code org.postgresql.Driver.parseURL} returns). The keep-alive
 * timing, which PgJDBC has no property for, is read from a JDBC URL under libpq's names.
 */
public enum ConnectionKeyword {
  HOST("host", "PGHOST", "PGHOST"),
  /** A numeric address to connect to without looking the host up; the host still names it. */
  HOSTADDR("hostaddr", "PGHOSTADDR", null),
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
  /** The oldest TLS version allowed ({@link TlsVersions}); a URL's property of that name too. */
  SSL_MIN_PROTOCOL_VERSION(
      "ssl_min_protocol_version", "PGSSLMINPROTOCOLVERSION", TlsVersions.OLDEST_PROPERTY),
  /** The newest TLS version allowed ({@link TlsVersions}); a URL's property of that name too. */
  SSL_MAX_PROTOCOL_VERSION(
      "ssl_max_protocol_version", "PGSSLMAXPROTOCOLVERSION", TlsVersions.NEWEST_PROPERTY),
  APPLICATION_NAME("application_name", "PGAPPNAME", "ApplicationName"),
  OPTIONS("options", "PGOPTIONS", "options"),
  /** TCP keep-alives: on unless 0, as in libpq (PgJDBC's default is off); no variable. */
  KEEPALIVES("keepalives", null, null),
  /** Seconds idle before the first keep-alive probe; 0 for the system's default. */
  KEEPALIVES_IDLE("keepalives_idle", null, "keepalives_idle"),
  /** Seconds between unanswered keep-alive probes; 0 for the system's default. */
  KEEPALIVES_INTERVAL("keepalives_interval", null, "keepalives_interval"),
  /** Unanswered probes before the connection counts as lost; 0 for the system's default. */
  KEEPALIVES_COUNT("keepalives_count", null, "keepalives_count"),
  /** GSSAPI encryption: disable, prefer or require (PgJDBC's {@code gssEncMode}). */
  GSSENCMODE("gssencmode", "PGGSSENCMODE", null),
  /** SCRAM channel binding: disable, prefer or require (PgJDBC's {@code channelBinding}). */
  CHANNEL_BINDING("channel_binding", "PGCHANNELBINDING", null),
  /** The kind of session to accept (PgJDBC's {@code targetServerType}, see the resolver). */
  TARGET_SESSION_ATTRS("target_session_attrs", "PGTARGETSESSIONATTRS", null),
  /**
   * libpq 16's order of a host list: disable (as given) or random, for each connection (PgJDBC's
   * {@code loadBalanceHosts}, see {@link HostSequence}).
   */
  LOAD_BALANCE_HOSTS("load_balance_hosts", "PGLOADBALANCEHOSTS", null),
  /** Seconds to wait for a connection, 0 or less for no limit (PgJDBC's default is 10). */
  CONNECT_TIMEOUT("connect_timeout", "PGCONNECT_TIMEOUT", "connectTimeout"),
  /** A section of the connection service file, whose values come after the connection string's. */
  SERVICE("service", "PGSERVICE", null),
  /** The user's service file, instead of {@code ~/.pg_service.conf} (the keyword from libpq 18). */
  SERVICEFILE("servicefile", "PGSERVICEFILE", null),
  /**
   * Over a unix socket, the operating-system user the server must run as; ignored over TCP, as by
   * libpq.
   */
  REQUIREPEER("requirepeer", "PGREQUIREPEER", null),
  /**
   * Taken and not used, as by pgbench and psql: their own name is the application name unless one
   * is given, and so is this tool's ({@code tpcc}).
   */
  FALLBACK_APPLICATION_NAME("fallback_application_name", null, null),
  /**
   * Taken and not used: the JDK's TLS never compresses, and servers from 14 on refuse to (libpq
   * asks for it only when this is 1).
   */
  SSLCOMPRESSION("sslcompression", "PGSSLCOMPRESSION", null),
  /** Taken and not used: libpq disregards it but on Windows; PgJDBC uses GSSAPI here. */
  GSSLIB("gsslib", "PGGSSLIB", null),
  /**
   * UTF8 (or {@code auto}); PgJDBC speaks nothing else, so another encoding is warned about and not
   * used (see the resolver).
   */
  CLIENT_ENCODING("client_encoding", "PGCLIENTENCODING", null);

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

  /**
   * Whether libpq (up to 18) takes a keyword that this tool does not, so that a refusal does not
   * call it unknown.
   */
  public static boolean libpqOnly(String keyword) {
    return forKeyword(keyword).isEmpty() && LIBPQ_KEYWORDS.contains(keyword);
  }

  private static final Set<String> LIBPQ_KEYWORDS =
      Set.of(
          "require_auth",
          "tcp_user_timeout",
          "sslnegotiation",
          "sslpassword",
          "sslcertmode",
          "sslcrl",
          "sslcrldir",
          "sslsni",
          "min_protocol_version",
          "max_protocol_version",
          "krbsrvname",
          "gssdelegation",
          "replication",
          "scram_client_key",
          "scram_server_key",
          "sslkeylogfile",
          "oauth_issuer",
          "oauth_client_id",
          "oauth_client_secret",
          "oauth_scope");

  /** All conninfo keywords, for error messages. */
  public static String keywords() {
    StringBuilder names = new StringBuilder();
    for (ConnectionKeyword candidate : values()) {
      names.append(names.length() == 0 ? "" : ", ").append(candidate.keyword);
    }
    return names.toString();
  }
}
