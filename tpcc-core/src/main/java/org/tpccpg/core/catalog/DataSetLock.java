package org.tpccpg.core.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.jdbc.ConnectionFactory;

/**
 * The lock that {@code prepare} and {@code cleanup} hold for as long as they change the data set of
 * one schema: a session-level advisory lock on a connection of its own. Two of them at once would
 * otherwise race on the catalog and fail with raw errors, or one would drop what the other is
 * loading; the second is refused in one line naming the session that holds the lock.
 *
 * <p>The lock is keyed by the current schema, so data sets in two schemas of one database do not
 * wait for each other. It is released explicitly before the connection closes (a pooler in front of
 * the server could otherwise keep the server session, and the lock, alive), and by the server when
 * the session ends for any other reason, a killed client included.
 */
public final class DataSetLock implements AutoCloseable {
  /** The first advisory-lock key, "TPCC" in ASCII: our locks stand apart from others'. */
  static final int LOCK_CLASS = 0x54504343;

  private static final String TRY_LOCK =
      """
      SELECT pg_try_advisory_lock(?, hashtext(current_schema()) & 2147483647), current_schema()
      """;

  /**
   * The lock the range loads of a scale-out prepare share: several of them load one data set side
   * by side, while a prepare of the schema, its finish or a cleanup (the exclusive lock) waits for
   * none of them and is refused instead.
   */
  private static final String TRY_SHARED_LOCK =
      """
      SELECT pg_try_advisory_lock_shared(?, hashtext(current_schema()) & 2147483647),
             current_schema()
      """;

  private static final String HOLDER =
      """
      SELECT a.pid, coalesce(a.application_name, ''), coalesce(a.client_addr::text, 'local'),
             to_char(a.backend_start AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"')
        FROM pg_locks l
        JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND l.classid = ?::bigint::oid
         AND l.objid = (hashtext(current_schema()) & 2147483647)::bigint::oid
         AND l.objsubid = 2
      """;

  private static final String UNLOCK =
      """
      SELECT pg_advisory_unlock(?, hashtext(current_schema()) & 2147483647)
      """;

  private static final String UNLOCK_SHARED =
      """
      SELECT pg_advisory_unlock_shared(?, hashtext(current_schema()) & 2147483647)
      """;

  private final Connection connection;
  private final boolean shared;

  private DataSetLock(Connection connection, boolean shared) {
    this.connection = connection;
    this.shared = shared;
  }

  /**
   * Takes the lock of the connection's current schema, or refuses at once.
   *
   * @param command what is about to change the data set, for the message: {@code "prepare"}
   * @throws DataSetException when another session holds the lock; the message names it
   */
  public static DataSetLock acquire(ConnectionFactory connections, String command)
      throws SQLException, DataSetException {
    return acquire(connections, command, false);
  }

  /**
   * Takes the lock of the connection's current schema in shared mode, as the range loads of a
   * scale-out prepare do: any number of them at once, but none beside an exclusive holder.
   *
   * @throws DataSetException when another session holds the lock exclusively
   */
  public static DataSetLock acquireShared(ConnectionFactory connections, String command)
      throws SQLException, DataSetException {
    return acquire(connections, command, true);
  }

  private static DataSetLock acquire(ConnectionFactory connections, String command, boolean shared)
      throws SQLException, DataSetException {
    Connection connection = connections.open();
    try {
      connection.setAutoCommit(true);
      try (PreparedStatement lock =
          connection.prepareStatement(shared ? TRY_SHARED_LOCK : TRY_LOCK)) {
        lock.setInt(1, LOCK_CLASS);
        try (ResultSet row = lock.executeQuery()) {
          row.next();
          if (row.getBoolean(1)) {
            return new DataSetLock(connection, shared);
          }
          String schema = row.getString(2);
          String message =
              schema == null
                  ? WorkingSchema.describe(connection, "", "")
                  : refusal(connection, command, schema);
          connection.close();
          throw new DataSetException(message);
        }
      }
    } catch (SQLException | RuntimeException e) {
      try {
        connection.close();
      } catch (SQLException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  private static String refusal(Connection connection, String command, String schema)
      throws SQLException {
    String holder = "another session";
    try (PreparedStatement select = connection.prepareStatement(HOLDER)) {
      select.setInt(1, LOCK_CLASS);
      try (ResultSet row = select.executeQuery()) {
        if (row.next()) {
          holder =
              "server process "
                  + row.getInt(1)
                  + (row.getString(2).isEmpty() ? "" : ", application " + row.getString(2))
                  + ", from "
                  + row.getString(3)
                  + ", connected since "
                  + row.getString(4);
        }
      }
    }
    return "another prepare or cleanup is running on the data set in schema "
        + schema
        + " ("
        + holder
        + "): "
        + command
        + " refused; wait for it to finish";
  }

  /** Releases the lock and closes its connection. */
  @Override
  public void close() throws SQLException {
    try (Connection closing = connection;
        PreparedStatement unlock = closing.prepareStatement(shared ? UNLOCK_SHARED : UNLOCK)) {
      unlock.setInt(1, LOCK_CLASS);
      unlock.execute();
    }
  }
}
