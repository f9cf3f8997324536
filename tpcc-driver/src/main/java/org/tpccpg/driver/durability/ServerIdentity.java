package org.tpccpg.driver.durability;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import org.tpccpg.core.jdbc.ServerVersion;

/**
 * Which server an audit read: its address as the server itself sees it, the WAL timeline it writes
 * on (a promoted standby starts the next one) and when its postmaster started (a restart changes
 * it). So a run whose acknowledged commits were lost says whether the server restarted or a standby
 * took over, which are different failures: a crash of a server with {@code synchronous_commit = on}
 * must lose nothing, a failover to an asynchronous standby loses what it had not received.
 *
 * <p>Read where TPC-C writes, on a primary: a standby has no WAL insert position. It does not say
 * which host of a list the clients reached; the address is the server's own ({@code
 * inet_server_addr()}), which NAT or a pooler may hide.
 *
 * @param address {@code host:port} as the server sees the connection, or {@code local socket}
 * @param timeline the timeline of the WAL the server writes now, 1 for a server never promoted
 * @param postmasterStart when the server's postmaster started, UTC, ISO 8601
 */
public record ServerIdentity(String address, long timeline, String postmasterStart) {
  private static final String SQL =
      """
      SELECT host(inet_server_addr()), inet_server_port(), %s,
        to_char(pg_postmaster_start_time() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')""";

  public ServerIdentity {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(postmasterStart, "postmasterStart");
  }

  /**
   * The server {@code c} is connected to, a primary; null when it cannot say (a standby has no WAL
   * insert position, a pooler may refuse the functions), since no figure depends on it.
   */
  public static ServerIdentity readOrNull(Connection c) {
    try {
      return of(c);
    } catch (SQLException | RuntimeException e) {
      return null;
    }
  }

  private static ServerIdentity of(Connection c) throws SQLException {
    String walFile =
        ServerVersion.of(c).atLeast(10)
            ? "pg_walfile_name(pg_current_wal_lsn())"
            : "pg_xlogfile_name(pg_current_xlog_location())";
    try (Statement s = c.createStatement();
        ResultSet row = s.executeQuery(SQL.formatted(walFile))) {
      row.next();
      String host = row.getString(1);
      String address =
          host == null
              ? "local socket"
              : (host.contains(":") ? "[" + host + "]" : host) + ":" + row.getInt(2);
      // a WAL segment's name begins with its timeline, 8 hex digits
      long timeline = Long.parseLong(row.getString(3).substring(0, 8), 16);
      return new ServerIdentity(address, timeline, row.getString(4));
    }
  }

  /** Whether {@code later} runs on a newer timeline: a standby was promoted in between. */
  public boolean promotedIn(ServerIdentity later) {
    return later.timeline > timeline;
  }

  /**
   * How the server that answered {@code later} differs from this one, in a few words; empty for the
   * same server.
   */
  public String change(ServerIdentity later) {
    if (promotedIn(later)) {
      return "a standby promoted to timeline " + later.timeline + " at " + later.address;
    }
    if (!later.postmasterStart.equals(postmasterStart)) {
      return "restarted at "
          + later.address
          + " (its postmaster started "
          + later.postmasterStart
          + ")";
    }
    if (!later.address.equals(address) || later.timeline != timeline) {
      return "another server answered at " + later.address + ", timeline " + later.timeline;
    }
    return "";
  }
}
