package org.tpccpg.core.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A server's version as {@code server_version_num} gives it (90624 for 9.6.24, 150004 for 15.4),
 * for the statements that must be written one way for older servers and another for newer ones. It
 * only names the version; each statement knows which one brought the catalog feature it needs.
 *
 * @param num the server's {@code server_version_num}
 */
public record ServerVersion(int num) {
  /** Refuses a number no PostgreSQL 8 or later would give. */
  public ServerVersion {
    if (num < 80000) {
      throw new IllegalArgumentException("server_version_num must be >= 80000 but was " + num);
    }
  }

  /** Reads {@code server_version_num} over {@code connection}, in one statement. */
  public static ServerVersion of(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SELECT current_setting('server_version_num')")) {
      if (!row.next()) {
        throw new SQLException("the server did not say its server_version_num");
      }
      return new ServerVersion(Integer.parseInt(row.getString(1).strip()));
    }
  }

  /**
   * Whether this is {@code major} (10 or later) or a later one; 9.6 is {@link #atLeast(int, int)}.
   */
  public boolean atLeast(int major) {
    if (major < 10) {
      throw new IllegalArgumentException("a major before 10 has two parts but was " + major);
    }
    return num >= major * 10000;
  }

  /** Whether this is {@code major.minor} (before 10) or later, e.g. {@code atLeast(9, 5)}. */
  public boolean atLeast(int major, int minor) {
    return num >= major * 10000 + minor * 100;
  }

  /** The major version as PostgreSQL names it: {@code 9.6}, {@code 15}. */
  public String major() {
    return num >= 100000 ? Integer.toString(num / 10000) : (num / 10000) + "." + (num / 100 % 100);
  }
}
