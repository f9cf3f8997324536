package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Optional;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.HostLookup;
import org.tpccpg.driver.connect.HostsFailed;
import org.tpccpg.driver.connect.PeerMismatch;

/**
 * A failure that pgbench reports in lines of its own and exit code 1: the message's first line is
 * the error, later lines start with {@code detail: }, {@code hint: } or {@code error: } where
 * pgbench prefixes them with its name, and are printed as they are otherwise.
 */
public final class PgbenchError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PgbenchError(String lines, Throwable cause) {
    super(lines, cause);
  }

  /**
   * The setup connection's failure as pgbench 15 prints it, libpq's {@code connection to server at
   * "host", port N failed:} or {@code on socket "path"} with the server's error or libpq's reason
   * and its hint line, then {@code could not create connection for setup}.
   */
  public static PgbenchError connectionFailure(ConnectionSettings settings, SQLException e) {
    return connectionFailure(settings, e, "setup");
  }

  /**
   * The same for a connection made for {@code purpose}: {@code initialization} for {@code -i}, as
   * pgbench words it.
   */
  public static PgbenchError connectionFailure(
      ConnectionSettings settings, SQLException e, String purpose) {
    return new PgbenchError(
        connectionMessage(settings, e) + "\nerror: could not create connection for " + purpose, e);
  }

  /**
   * libpq's PQerrorMessage for a connection that failed, as pgbench 15 prints it after {@code
   * pgbench: error: }: {@code connection to server at "host", port N failed: } or {@code on socket
   * "path"}, then the server's error or libpq's reason with its hint line.
   */
  public static String connectionMessage(ConnectionSettings settings, SQLException e) {
    if (e instanceof HostsFailed failed) { // several servers: each one's lines, as libpq lists them
      return String.join(
          "\n",
          failed.attempts().stream()
              .map(attempt -> connectionMessage(attempt.server(), attempt.failure()))
              .toList());
    }
    if (!settings.unixSocket()) {
      Optional<String> lookup = HostLookup.failure(settings.host(), e);
      if (lookup.isPresent()) {
        return lookup.get(); // libpq's line names no server, pgbench adds nothing
      }
    }
    String where =
        settings.unixSocket()
            ? "connection to server on socket \"" + settings.socketPath() + "\" failed: "
            : "connection to server at \""
                + settings.displayedHost()
                + "\""
                + resolvedAddress(settings.displayedHost())
                + ", port "
                + settings.port()
                + " failed: ";
    String why;
    if (e instanceof PSQLException psql && psql.getServerErrorMessage() != null) {
      why = serverError(e, null);
    } else if (e instanceof SQLTimeoutException) {
      why = "timeout expired"; // connect_timeout, in libpq's words
    } else if (settings.unixSocket()) {
      why = socketReason(e);
    } else if (e.getCause() instanceof java.net.ConnectException) {
      why =
          "Connection refused\n\tIs the server running on that host and accepting TCP/IP"
              + " connections?";
    } else {
      why = e.getMessage().replace(where, "");
    }
    return where + why;
  }

  /**
   * Why the socket could not be reached, in the system's words as libpq gives them ({@code No such
   * file or directory}, {@code Connection refused}, {@code Permission denied}: the JDK's messages
   * are the same strerror text) with libpq's hint; or the server's user that {@code requirepeer}
   * did not name, without one.
   */
  private static String socketReason(SQLException e) {
    String reason = "No such file or directory";
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t instanceof PeerMismatch) {
        return t.getMessage();
      }
      if (t instanceof IOException && t.getMessage() != null && !t.getMessage().isBlank()) {
        reason = t.getMessage();
      }
    }
    return reason + "\n\tIs the server running locally and accepting connections on that socket?";
  }

  /**
   * libpq's {@code (address)} after a host name, as its emitHostIdentityInfo() adds it when the
   * address differs from the name: nothing for a numeric address or a name that does not resolve.
   */
  private static String resolvedAddress(String host) {
    if (host.contains(":") || host.matches("[0-9.]+")) {
      return "";
    }
    try {
      return " (" + InetAddress.getByName(host).getHostAddress() + ")";
    } catch (UnknownHostException e) {
      return "";
    }
  }

  /**
   * An error as libpq's PQerrorMessage words a server's: {@code ERROR: message} (two spaces), then
   * the {@code DETAIL:}, {@code HINT:} and {@code CONTEXT:} fields the server sent, each on a line
   * of its own; other failures as they are.
   */
  public static String libpqMessage(SQLException e) {
    if (!(e instanceof PSQLException psql) || psql.getServerErrorMessage() == null) {
      return e.getMessage();
    }
    return libpqMessage(psql.getServerErrorMessage(), true);
  }

  /**
   * A server's error or notice as libpq words it: {@code SEVERITY: message}, then its {@code
   * DETAIL:} and {@code HINT:} fields and, when {@code withContext} (libpq's errors, not its
   * notices), {@code CONTEXT:}, each on a line of its own.
   */
  static String libpqMessage(ServerErrorMessage server, boolean withContext) {
    StringBuilder text =
        new StringBuilder(server.getSeverity()).append(":  ").append(server.getMessage());
    field(text, "DETAIL", server.getDetail());
    field(text, "HINT", server.getHint());
    if (withContext) {
      field(text, "CONTEXT", server.getWhere());
    }
    return text.toString();
  }

  private static void field(StringBuilder text, String name, String value) {
    if (value != null && !value.isEmpty()) {
      text.append('\n').append(name).append(":  ").append(value);
    }
  }

  /**
   * A server error as libpq words it: {@code ERROR: message} (two spaces), then {@code LINE 1:}
   * with the query and a caret under the position when the server gave one.
   */
  public static String serverError(SQLException e, String query) {
    if (!(e instanceof PSQLException psql) || psql.getServerErrorMessage() == null) {
      return e.getMessage();
    }
    ServerErrorMessage server = psql.getServerErrorMessage();
    StringBuilder text =
        new StringBuilder(server.getSeverity()).append(":  ").append(server.getMessage());
    if (server.getPosition() > 0 && query != null && !query.contains("\n")) {
      text.append("\nLINE 1: ")
          .append(query)
          .append('\n')
          .append(" ".repeat("LINE 1: ".length() + server.getPosition() - 1))
          .append('^');
    }
    return text.toString();
  }
}
