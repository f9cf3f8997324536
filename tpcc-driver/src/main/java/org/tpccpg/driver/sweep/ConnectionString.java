package org.tpccpg.driver.sweep;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.connect.LibpqUri;
import org.tpccpg.driver.connect.SettingSource;

/**
 * A target's connection given as one string, as the run commands take it: a libpq connection string
 * ({@code conninfo}, keyword/value pairs) or a {@code url}, either libpq's {@code postgresql://}
 * URI or PgJDBC's {@code jdbc:postgresql://} URL. libpq's two forms go to the runs as they are,
 * read as libpq reads them: to TPC-C runs by {@code --pgsql-conninfo} (which takes both), to TPC-B
 * runs as pgbench's dbname argument (which tpcb expands as libpq does). A PgJDBC URL goes to TPC-C
 * runs by {@code --pgsql-url}, its PgJDBC properties with it, and TPC-B runs get its host, port,
 * user and dbname. Never with a password: the children find it in {@code PGPASSWORD} or {@code
 * ~/.pgpass}.
 *
 * @param key {@code conninfo} or {@code url}, the sweep file's key
 * @param text the string as the file gives it
 * @param source what it sets, for the sweep's own connection
 */
record ConnectionString(String key, String text, SettingSource source) {
  static final String CONNINFO = "conninfo";
  static final String URL = "url";

  /** What {@code tpcc tpcb} can be given of a PgJDBC URL: pgbench's {@code -h -p -U DBNAME}. */
  private static final Set<ConnectionKeyword> TPCB_KEYWORDS =
      EnumSet.of(
          ConnectionKeyword.HOST,
          ConnectionKeyword.PORT,
          ConnectionKeyword.USER,
          ConnectionKeyword.DBNAME);

  /**
   * Reads a target's {@code conninfo} or {@code url}.
   *
   * @throws IllegalArgumentException beginning with the key, never repeating the text: bad syntax,
   *     an unknown keyword, a password, or no dbname
   */
  static ConnectionString parse(String key, String text) {
    boolean jdbc = isJdbcUrl(text);
    if (key.equals(URL) && !jdbc && !LibpqUri.isUri(text)) {
      throw new IllegalArgumentException(
          "url is not a PostgreSQL URL; expected postgresql://HOST:PORT/DBNAME?keyword=value&..."
              + " (libpq's) or jdbc:postgresql://HOST:PORT/DBNAME?property=value&... (PgJDBC's)");
    }
    // the parsers' messages begin with the key and never repeat the text
    SettingSource source =
        jdbc ? SettingSource.jdbcUrl(text, key) : SettingSource.conninfo(text, key);
    // sslpassword (the client key's) is a PgJDBC property of a jdbc: URL; libpq's forms refuse
    // it as an unknown keyword, also without repeating the text
    boolean keyPassword =
        source.driverProperties().keySet().stream()
            .anyMatch(name -> name.toLowerCase(Locale.ROOT).contains("password"));
    if (keyPassword || !source.values().getOrDefault(ConnectionKeyword.PASSWORD, "").isEmpty()) {
      throw new IllegalArgumentException(
          key + " has a password; no password in a sweep file: use PGPASSWORD or ~/.pgpass");
    }
    if (source.values().getOrDefault(ConnectionKeyword.DBNAME, "").isEmpty()) {
      // TPC-C and TPC-B runs would fall back to different databases (sbtest, the user's)
      throw new IllegalArgumentException(
          key
              + " names no database; add it (dbname=NAME, or postgresql://HOST/NAME)"
              + (source.values().containsKey(ConnectionKeyword.SERVICE)
                  ? ": a sweep's target names its database itself, also beside a service"
                  : ""));
    }
    return new ConnectionString(key, text, source);
  }

  /** The database it names. */
  String dbname() {
    return source.values().get(ConnectionKeyword.DBNAME);
  }

  /** Whether it is PgJDBC's URL, not one of libpq's two forms. */
  boolean isJdbcUrl() {
    return isJdbcUrl(text);
  }

  private static boolean isJdbcUrl(String text) {
    return text.toLowerCase(Locale.ROOT).startsWith("jdbc:postgresql:");
  }

  /**
   * What {@code tpcb} runs cannot be given, or null. libpq's forms go to them whole, as pgbench's
   * dbname argument; of a PgJDBC URL they get its host, port, user and dbname, so a keyword or
   * PgJDBC property beyond those would reach TPC-C runs only.
   */
  String beyondTpcb() {
    if (!isJdbcUrl()) {
      return null;
    }
    for (Map.Entry<ConnectionKeyword, String> value : source.values().entrySet()) {
      if (!value.getValue().isEmpty() && !TPCB_KEYWORDS.contains(value.getKey())) {
        return value.getKey().keyword();
      }
    }
    return source.driverProperties().keySet().stream().sorted().findFirst().orElse(null);
  }
}
