package org.tpccpg.driver.run;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tpccpg.core.jdbc.ServerVersion;

/**
 * How many more connections the server admits for this role and database, read before a run so that
 * one asking for more fails at once, naming the limit, rather than part-way through starting its
 * threads. The server's rules (PostgreSQL's {@code InitPostgres}): {@code max_connections} less
 * {@code superuser_reserved_connections} (and, from 16, {@code reserved_connections} for roles
 * without {@code pg_use_reserved_connections}) for non-superusers, the role's {@code CONNECTION
 * LIMIT} and the database's, which superusers ignore. The connection reading them is not counted:
 * it is closed before the run connects.
 *
 * @param server the server's slots
 * @param superuser whether the role is a superuser, which only the server's slots limit
 * @param role the role's {@code CONNECTION LIMIT}
 * @param database the database's {@code CONNECTION LIMIT}
 * @param serverPort the server's {@code port}: a client that connected to another port goes through
 *     a pooler or proxy, and these limits are not its own
 */
public record ConnectionLimits(
    Slots server, boolean superuser, Limit role, Limit database, int serverPort) {
  /**
   * The server's connection slots.
   *
   * @param maxConnections {@code max_connections}
   * @param superuserReserved {@code superuser_reserved_connections}
   * @param reserved {@code reserved_connections} that this role may not use (0 before 16)
   * @param others client connections other than the one reading this
   */
  public record Slots(int maxConnections, int superuserReserved, int reserved, int others) {
    /** The slots left to a superuser, or else to other roles. */
    int free(boolean superuser) {
      int free = maxConnections - others;
      return Math.max(0, superuser ? free : free - superuserReserved - reserved);
    }
  }

  /**
   * A role's or a database's {@code CONNECTION LIMIT}.
   *
   * @param name the role's or database's name
   * @param limit the limit, -1 for none
   * @param others its connections other than the one reading this
   */
  public record Limit(String name, int limit, int others) {
    /** Connections left under the limit, {@code Integer.MAX_VALUE} without one. */
    int free() {
      return limit < 0 ? Integer.MAX_VALUE : Math.max(0, limit - others);
    }
  }

  /**
   * A client connection other than ours in {@code pg_stat_activity}. Without pg_read_all_stats a
   * role sees other roles' sessions without their {@code backend_type}; a session with a role and a
   * database is then taken for a client (background workers other than parallel ones have no
   * database, and parallel ones are brief). Before 10 there is no {@code backend_type}, and the
   * view shows client sessions only.
   */
  private static String client(ServerVersion version) {
    String pid = version.atLeast(9, 2) ? "a.pid" : "a.procpid"; // renamed in 9.2
    String client = pid + " <> pg_backend_pid() AND a.usesysid IS NOT NULL AND a.datid IS NOT NULL";
    return version.atLeast(10)
        ? client + " AND coalesce(a.backend_type, 'client backend') = 'client backend'"
        : client;
  }

  /** The statement that reads the limits from {@code version}. */
  static String query(ServerVersion version) {
    String client = client(version);
    return "SELECT current_setting('max_connections')::int,"
        + " current_setting('superuser_reserved_connections')::int,"
        + (version.atLeast(16) ? " current_setting('reserved_connections')::int," : " 0,")
        + " r.rolsuper, r.rolname, r.rolconnlimit, d.datname, d.datconnlimit,"
        + " (SELECT count(*) FROM pg_stat_activity a WHERE "
        + client
        + "),"
        + " (SELECT count(*) FROM pg_stat_activity a WHERE "
        + client
        + " AND a.usesysid = r.oid),"
        + " (SELECT count(*) FROM pg_stat_activity a WHERE "
        + client
        + " AND a.datid = d.oid),"
        + " current_setting('port')::int"
        + " FROM pg_roles r, pg_database d"
        + " WHERE r.rolname = current_user AND d.datname = current_database()";
  }

  /** Reads the limits through {@code connection}, which they do not count. */
  public static ConnectionLimits read(Connection connection) throws SQLException {
    String query = query(ServerVersion.of(connection));
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(query)) {
      if (!row.next()) {
        throw new SQLException("the current role or database is not in pg_roles/pg_database");
      }
      int reserved = row.getInt(3);
      if (reserved > 0 && mayUseReserved(connection)) {
        reserved = 0;
      }
      return new ConnectionLimits(
          new Slots(row.getInt(1), row.getInt(2), reserved, row.getInt(9)),
          row.getBoolean(4),
          new Limit(row.getString(5), row.getInt(6), row.getInt(10)),
          new Limit(row.getString(7), row.getInt(8), row.getInt(11)),
          row.getInt(12));
    }
  }

  private static boolean mayUseReserved(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT pg_has_role(current_user, 'pg_use_reserved_connections', 'MEMBER')")) {
      return row.next() && row.getBoolean(1);
    }
  }

  /** How many connections this role may still open to this database, at most. */
  public int available() {
    if (superuser) {
      return server.free(true);
    }
    return Math.min(server.free(false), Math.min(role.free(), database.free()));
  }

  /**
   * Why {@code needed} connections on {@code port} will not be admitted, in one line that starts
   * with the option asking for them ({@code --threads=20 needs 20 connections but the server allows
   * 7 more (...)}), or empty. Behind a pooler (a port other than the server's) the server's limits
   * are not the client's, and opening the connections is the check.
   */
  public Optional<String> shortage(String option, int needed, int port) {
    if (serverPort != port || needed <= available()) {
      return Optional.empty();
    }
    return Optional.of(
        option
            + " needs "
            + needed
            + " connections but the server allows "
            + available()
            + " more ("
            + binding()
            + ")");
  }

  /**
   * The limits that make {@link #available()} what it is, e.g. {@code max_connections=10,
   * superuser_reserved_connections=3, 2 other connections on the server}.
   */
  public String binding() {
    int available = available();
    List<String> parts = new ArrayList<>();
    if (server.free(superuser) == available) {
      parts.add("max_connections=" + server.maxConnections());
      if (!superuser) {
        parts.add("superuser_reserved_connections=" + server.superuserReserved());
        if (server.reserved() > 0) {
          parts.add("reserved_connections=" + server.reserved());
        }
      }
      parts.add(others(server.others(), "on the server"));
    }
    if (!superuser && role.limit() >= 0 && role.free() == available) {
      parts.add("role " + role.name() + " has CONNECTION LIMIT " + role.limit());
      parts.add(others(role.others(), "of " + role.name()));
    }
    if (!superuser && database.limit() >= 0 && database.free() == available) {
      parts.add("database " + database.name() + " has CONNECTION LIMIT " + database.limit());
      parts.add(others(database.others(), "to " + database.name()));
    }
    return String.join(", ", parts);
  }

  private static String others(int count, String where) {
    return count + (count == 1 ? " other connection " : " other connections ") + where;
  }
}
