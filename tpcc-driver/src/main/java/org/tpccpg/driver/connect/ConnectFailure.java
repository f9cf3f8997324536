package org.tpccpg.driver.connect;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Optional;
import javax.net.ssl.SSLException;
import org.postgresql.util.GT;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * Says in one line why a connection could not be opened, naming what the user gave: the socket file
 * for a unix socket (PgJDBC would speak of {@code localhost:port}), the TLS settings for a failed
 * handshake, host, port and the reply for a port where something else than PostgreSQL answers, the
 * key file and its remedy for a client key PgJDBC cannot read (a PEM key in its traditional form,
 * {@code BEGIN EC PRIVATE KEY} or {@code BEGIN RSA PRIVATE KEY}), the kind of session {@code
 * target_session_attrs} refused, the GSSAPI encryption {@code gssencmode=require} could not have
 * and the server user {@code requirepeer} did not name, in libpq's words. The original exception is
 * kept as the cause; passwords never appear.
 */
final class ConnectFailure {
  private ConnectFailure() {}

  static SQLException explain(ConnectionSettings settings, SQLException failure) {
    if (SqlStateClass.of(failure) != SqlStateClass.CONNECTION) {
      return failure;
    }
    String key = settings.client().driverProperties().get("sslkey");
    String message = String.valueOf(failure.getMessage());
    // a traditional PEM key is read as DER by PgJDBC when its file name does not end in .pem
    if (key != null
        && (message.contains("private key")
            || message.contains("SSL key file") && PemKeyAlgorithm.traditional(Path.of(key)))) {
      return new SQLException(
          "the client key sslkey="
              + key
              + " could not be read: PgJDBC reads a PEM key only in PKCS-8 form (BEGIN PRIVATE"
              + " KEY); convert it (openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pem), which"
              + " libpq reads too",
          failure.getSQLState(),
          failure);
    }
    if (!settings.unixSocket() && settings.client().hostAddress().isEmpty()) {
      // PgJDBC's own message names neither host nor reason (with hostaddr nothing is looked up)
      Optional<String> lookup = HostLookup.failure(settings.host(), failure);
      if (lookup.isPresent()) {
        return new SQLException(lookup.get(), failure.getSQLState(), failure);
      }
    }
    // PgJDBC's message in the JVM's language, as PgJDBC translates it
    if (GT.tr("Connection attempt timed out.").equals(failure.getMessage())) {
      // PgJDBC's loginTimeout, which connect_timeout sets: libpq's words
      String where =
          settings.unixSocket()
              ? "connection to server on socket \"" + settings.socketPath() + "\" failed: "
              : where(settings);
      return new SQLTimeoutException(where + "timeout expired", failure.getSQLState(), failure);
    }
    SQLException refused = sessionRefused(settings, failure);
    if (refused != null) {
      return refused;
    }
    Throwable tls = find(failure, SSLException.class);
    if (tls != null) {
      return new SQLException(
          "TLS connection to "
              + settings.host()
              + ":"
              + settings.port()
              + " failed ("
              + settings.client()
              + "): "
              + innermost(tls),
          failure.getSQLState(),
          failure);
    }
    if (SqlStateClass.isProtocolViolation(failure.getSQLState()) && !settings.unixSocket()) {
      return notPostgres(settings, failure);
    }
    if (settings.unixSocket() && failure.getCause() != null) {
      return socketFailure(settings, failure);
    }
    return failure;
  }

  /**
   * libpq's line for a socket that could not be reached, or whose server runs as another user than
   * {@code requirepeer} names.
   */
  private static SQLException socketFailure(ConnectionSettings settings, SQLException failure) {
    Throwable peer = find(failure, PeerMismatch.class);
    String where = "connection to server on socket \"" + settings.socketPath() + "\" failed: ";
    String why =
        peer != null
            ? peer.getMessage()
            : innermost(failure)
                + "; is the server running locally and accepting connections on that socket?";
    return new SQLException(where + why, failure.getSQLState(), failure);
  }

  /**
   * What target_session_attrs, gssencmode=require or verify-full's host name check refused, in
   * libpq's words; null for another failure. Before the TLS and protocol checks: PgJDBC reports the
   * server's refusal of GSSAPI encryption as a protocol violation.
   */
  private static SQLException sessionRefused(ConnectionSettings settings, SQLException failure) {
    String serverType = settings.client().driverProperties().get("targetServerType");
    if (serverType != null && String.valueOf(failure.getMessage()).contains("targetServerType")) {
      return new SQLException(
          where(settings)
              + (serverType.equals("primary")
                  ? "session is read-only (target_session_attrs asks for a read-write session)"
                  : "session is not read-only (target_session_attrs asks for a read-only"
                      + " session or a standby)"),
          failure.getSQLState(),
          failure);
    }
    if (String.valueOf(failure.getMessage())
        .contains("could not be verified by hostnameverifier")) {
      return new SQLException(
          where(settings)
              + "server certificate does not match host name \""
              + settings.host()
              + "\" (sslmode=verify-full)",
          failure.getSQLState(),
          failure);
    }
    if ("require".equals(settings.client().driverProperties().get("gssEncMode"))
        && String.valueOf(failure.getMessage()).contains("GSS Encoded")) {
      return new SQLException(
          where(settings)
              + "GSSAPI encryption required but was impossible (possibly no credential cache,"
              + " no server support, or using a local socket)",
          failure.getSQLState(),
          failure);
    }
    return null;
  }

  /**
   * Something answered that does not speak PostgreSQL's protocol: psql's line, naming host, port
   * and what came back, from a {@link ProtocolProbe} (PgJDBC's own message names neither).
   */
  private static SQLException notPostgres(ConnectionSettings settings, SQLException failure) {
    String where = where(settings);
    String what;
    try {
      byte[] reply = ProtocolProbe.reply(settings.host(), settings.port());
      boolean sslFirst =
          settings.client().sslMode() != SslMode.DISABLE
              && settings.client().sslMode() != SslMode.ALLOW;
      what =
          (sslFirst
                  ? "received invalid response to SSL negotiation: "
                  : "expected authentication request from server, but received ")
              + ProtocolProbe.firstCharacter(reply)
              + " (the reply began \""
              + ProtocolProbe.firstLine(reply)
              + "\"); is it a PostgreSQL server?";
    } catch (IOException e) {
      what = innermost(failure) + " (asked again: " + e.getMessage() + ")";
    }
    return new SQLException(where + what, failure.getSQLState(), failure);
  }

  private static Throwable find(Throwable failure, Class<? extends Throwable> type) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return t;
      }
    }
    return null;
  }

  /** The message of the deepest cause that has one, on one line. */
  private static String innermost(Throwable failure) {
    String message = failure.getClass().getSimpleName();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        message = t.getMessage();
      }
    }
    return message.strip().replace('\n', ' ');
  }

  /** libpq's start of a failed TCP connection's message. */
  private static String where(ConnectionSettings settings) {
    return "connection to server at \""
        + settings.displayedHost()
        + "\", port "
        + settings.port()
        + " failed: ";
  }
}
