package org.tpccpg.driver.run;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * How many more connections the server admits for this role and database, read before a run so that
 * one asking for more fails at once, naming the limit, rather than part-way through starting its
 * threads. The server's rules (PostgreSQL's {@code InitPostgres}): {@code max_connections} less
 * {@code superuser_reserved_connections} (and, from 16, {@code reserved_connections} for roles
 * without {@code pg_use_reserved_connections}) for non-superusers, the role's {@code CONNECTION
 * LIMIT} and the database's, which superusers ignore. The connection reading them is not counted:
 * it is closed before the run connects.
 *
 * @param maxConnections {@code max_connections}
 * @param superuserReserved {@code superuser_reserved_connections}
 * @param reserved {@code reserved_connections} that this role may not use (0 before 16)
 * @param superuser whether the role is a superuser
 * @param role the role's name
 * @param roleLimit the role's {@code CONNECTION LIMIT}, -1 for none
 * @param database the database's name
 * @param databaseLimit the database's {@code CONNECTION LIMIT}, -1 for none
 * @param clientBackends other client connections to the server
 * @param roleBackends other connections of the role
 * @param databaseBackends other connections to the database
 * @param serverPort the server's {@code port}: a client that connected to another port goes through
 *     a pooler or proxy, and these limits are not its own
 */
public record ConnectionLimits(
    int maxConnections,
    int superuserReserved,
    int reserved,
    boolean superuser,
    String role,
    int roleLimit,
    String database,
    int databaseLimit,
    int clientBackends,
    int roleBackends,
    int databaseBackends,
    int serverPort) {
  /**
   * A client connection other than ours in {@code pg_stat_activity}. Without pg_read_all_stats a
   * role sees other roles' sessions without their {@code backend_type}; a session with a role and a
   * database is then taken for a client (background workers other than parallel ones have no
   * database, and parallel ones are brief).
   */
  private static final String CLIENT =
      "a.pid <> pg_backend_pid() AND a.usesysid IS NOT NULL AND a.datid IS NOT NULL"
          + " AND coalesce(a.backend_type, 'client backend') = 'client backend'";

  private static final String QUERY =
      "SELECT current_setting('max_connections')::int,"
          + " current_setting('superuser_reserved_connections')::int,"
          + " coalesce(current_setting('reserved_connections', true), '0')::int,"
          + " r.rolsuper, r.rolname, r.rolconnlimit, d.datname, d.datconnlimit,"
          + " (SELECT count(*) FROM pg_stat_activity a WHERE "
          + CLIENT
          + "),"
          + " (SELECT count(*) FROM pg_stat_activity a WHERE "
          + CLIENT
          + " AND a.usesysid = r.oid),"
          + " (SELECT count(*) FROM pg_stat_activity a WHERE "
          + CLIENT
          + " AND a.datid = d.oid),"
          + " current_setting('port')::int"
          + " FROM pg_roles r, pg_database d"
          + " WHERE r.rolname = current_user AND d.datname = current_database()";

  /** Reads the limits through {@code connection}, which they do not count. */
  public static ConnectionLimits read(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(QUERY)) {
      if (!row.next()) {
        throw new SQLException("the current role or database is not in pg_roles/pg_database");
      }
      int reserved = row.getInt(3);
      if (reserved > 0 && mayUseReserved(connection)) {
        reserved = 0;
      }
      return new ConnectionLimits(
          row.getInt(1),
          row.getInt(2),
          reserved,
          row.getBoolean(4),
          row.getString(5),
          row.getInt(6),
          row.getString(7),
          row.getInt(8),
          row.getInt(9),
          row.getInt(10),
          row.getInt(11),
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
    int slots = maxConnections - clientBackends;
    if (superuser) {
      return Math.max(0, slots);
    }
    int available = slots - superuserReserved - reserved;
    if (roleLimit >= 0) {
      available = Math.min(available, roleLimit - roleBackends);
    }
    if (databaseLimit >= 0) {
      available = Math.min(available, databaseLimit - databaseBackends);
    }
    return Math.max(0, available);
  }

  /**
   * The limits that make {@link #available()} what it is, e.g. {@code max_connections=10,
   * superuser_reserved_connections=3, 2 other connections}.
   */
  public String binding() {
    int available = available();
    List<String> parts = new ArrayList<>();
    int serverSlots =
        superuser
            ? maxConnections - clientBackends
            : maxConnections - clientBackends - superuserReserved - reserved;
    if (Math.max(0, serverSlots) == available) {
      parts.add("max_connections=" + maxConnections);
      if (!superuser) {
        parts.add("superuser_reserved_connections=" + superuserReserved);
        if (reserved > 0) {
          parts.add("reserved_connections=" + reserved);
        }
      }
      parts.add(others(clientBackends, "on the server"));
    }
    if (!superuser && roleLimit >= 0 && Math.max(0, roleLimit - roleBackends) == available) {
      parts.add("role " + role + " has CONNECTION LIMIT " + roleLimit);
      parts.add(others(roleBackends, "of " + role));
    }
    if (!superuser
        && databaseLimit >= 0
        && Math.max(0, databaseLimit - databaseBackends) == available) {
      parts.add("database " + database + " has CONNECTION LIMIT " + databaseLimit);
      parts.add(others(databaseBackends, "to " + database));
    }
    return String.join(", ", parts);
  }

  private static String others(int count, String where) {
    return count + (count == 1 ? " other connection " : " other connections ") + where;
  }
}
