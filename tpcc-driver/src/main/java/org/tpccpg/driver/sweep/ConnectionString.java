package org.tpccpg.driver.sweep;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.connect.SettingSource;

/**
 * A target's connection given as one string, as the run commands take it: a libpq keyword/value
 * {@code conninfo} ({@code --pgsql-conninfo}) or a PostgreSQL {@code url} ({@code --pgsql-url};
 * libpq's {@code postgresql://} form is read as PgJDBC's {@code jdbc:postgresql://}). Never with a
 * password: the children find it in {@code PGPASSWORD} or {@code ~/.pgpass}.
 *
 * @param key {@code conninfo} or {@code url}, the sweep file's key
 * @param text the string as the file gives it (for {@code url}, with {@code jdbc:} in front)
 * @param source what it sets, for the sweep's own connection
 */
record ConnectionString(String key, String text, SettingSource source) {
  static final String CONNINFO = "conninfo";
  static final String URL = "url";

  /** What {@code tpcc tpcb} can be given of a {@code url}: pgbench's {@code -h -p -U DBNAME}. */
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
    String given = key.equals(URL) ? jdbcUrl(text) : text;
    // PgJDBC's and the conninfo parser's messages begin with the key and never repeat the text
    SettingSource source =
        key.equals(URL) ? SettingSource.jdbcUrl(given, key) : SettingSource.conninfo(given, key);
    if (!source.values().getOrDefault(ConnectionKeyword.PASSWORD, "").isEmpty()) {
      throw new IllegalArgumentException(
          key + " has a password; no password in a sweep file: use PGPASSWORD or ~/.pgpass");
    }
    if (source.values().getOrDefault(ConnectionKeyword.DBNAME, "").isEmpty()) {
      throw new IllegalArgumentException(
          key + " names no database; add it (dbname=NAME, or postgresql://HOST/NAME)");
    }
    return new ConnectionString(key, given, source);
  }

  /** The database it names. */
  String dbname() {
    return source.values().get(ConnectionKeyword.DBNAME);
  }

  /**
   * What {@code tpcb} runs cannot be given, or null. A {@code conninfo} goes to them whole, as
   * pgbench's dbname argument, which they expand as libpq does; a {@code url} is PgJDBC's form, so
   * they get its host, port, user and dbname, and a keyword or PgJDBC property beyond those would
   * reach TPC-C runs only.
   */
  String beyondTpcb() {
    if (key.equals(CONNINFO)) {
      return null;
    }
    for (Map.Entry<ConnectionKeyword, String> value : source.values().entrySet()) {
      if (!value.getValue().isEmpty() && !TPCB_KEYWORDS.contains(value.getKey())) {
        return value.getKey().keyword();
      }
    }
    return source.driverProperties().keySet().stream().sorted().findFirst().orElse(null);
  }

  /** libpq's URI scheme becomes PgJDBC's; a password in the URI's user part is refused. */
  private static String jdbcUrl(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    String rest;
    if (lower.startsWith("jdbc:postgresql:")) {
      return text;
    } else if (lower.startsWith("postgresql://")) {
      rest = text.substring("postgresql://".length());
    } else if (lower.startsWith("postgres://")) {
      rest = text.substring("postgres://".length());
    } else {
      throw new IllegalArgumentException(
          "url is not a PostgreSQL URL; expected postgresql://HOST:PORT/DBNAME?keyword=value&...");
    }
    int slash = rest.indexOf('/');
    String authority = slash < 0 ? rest : rest.substring(0, slash);
    int at = authority.lastIndexOf('@');
    if (at < 0) {
      return "jdbc:postgresql://" + rest;
    }
    String user = authority.substring(0, at);
    if (user.contains(":")) {
      throw new IllegalArgumentException(
          "url has a password; no password in a sweep file: use PGPASSWORD or ~/.pgpass");
    }
    String path = slash < 0 ? "/" : rest.substring(slash);
    String separator = path.contains("?") ? "&" : "?";
    return "jdbc:postgresql://" + authority.substring(at + 1) + path + separator + "user=" + user;
  }
}
