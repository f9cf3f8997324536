package org.tpccpg.driver.connect;

import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Function;
import org.postgresql.Driver;

/**
 * One place connection parameters come from (command-line options, a conninfo string, a JDBC URL,
 * the environment), with the label each value is named by in error messages: {@code --pgsql-port},
 * {@code PGPORT}, {@code --pgsql-conninfo port}.
 *
 * @param values the parameters this source gives; empty values count as not given, as in libpq
 * @param labeller names a parameter as the user wrote it
 * @param driverProperties further PgJDBC properties (from a JDBC URL only)
 * @param fromEnvironment whether these are libpq's environment variables, before which a connection
 *     service's values go
 */
public record SettingSource(
    Map<ConnectionKeyword, String> values,
    Function<ConnectionKeyword, String> labeller,
    Map<String, String> driverProperties,
    boolean fromEnvironment) {
  public SettingSource {
    values = Map.copyOf(values);
    driverProperties = Map.copyOf(driverProperties);
  }

  /** A source other than the environment. */
  public SettingSource(
      Map<ConnectionKeyword, String> values,
      Function<ConnectionKeyword, String> labeller,
      Map<String, String> driverProperties) {
    this(values, labeller, driverProperties, false);
  }

  /** Values given one by one, e.g. by options; the labeller names the option. */
  public static SettingSource of(
      Map<ConnectionKeyword, String> values, Function<ConnectionKeyword, String> labeller) {
    return new SettingSource(withoutNulls(values), labeller, Map.of());
  }

  /** libpq's environment variables ({@code PGHOST}, {@code PGPORT}, ...). */
  public static SettingSource environment(Map<String, String> environment) {
    Map<ConnectionKeyword, String> values = new EnumMap<>(ConnectionKeyword.class);
    for (ConnectionKeyword keyword : ConnectionKeyword.values()) {
      String value = keyword.variable() == null ? null : environment.get(keyword.variable());
      if (value != null) {
        values.put(keyword, value);
      }
    }
    return new SettingSource(values, ConnectionKeyword::variable, Map.of(), true);
  }

  /**
   * A libpq connection string given by the named option, in either of libpq's two forms: keyword =
   * value pairs, or a {@code postgresql://} URI (libpq takes both wherever it takes a connection
   * string, so users paste either).
   *
   * @throws IllegalArgumentException for bad syntax or an unknown keyword, naming the option and
   *     never repeating the string, which may hold a password
   */
  public static SettingSource conninfo(String conninfo, String option) {
    Map<String, String> pairs;
    try {
      pairs = LibpqUri.isUri(conninfo) ? LibpqUri.parse(conninfo) : ConninfoParser.parse(conninfo);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(option + " is malformed: " + e.getMessage(), e);
    }
    Map<ConnectionKeyword, String> values = new EnumMap<>(ConnectionKeyword.class);
    pairs.forEach(
        (name, value) ->
            values.put(
                ConnectionKeyword.forKeyword(name)
                    .orElseThrow(
                        () ->
                            new IllegalArgumentException(
                                option
                                    + (ConnectionKeyword.libpqOnly(name)
                                        ? " has libpq's keyword \""
                                            + name
                                            + "\", which this tool does not take (it takes: "
                                        : " has the unknown keyword \"" + name + "\" (known: ")
                                    + ConnectionKeyword.keywords()
                                    + "; PgJDBC's own properties go in a jdbc:postgresql:// URL)")),
                value));
    return new SettingSource(values, keyword -> option + " " + keyword.keyword(), Map.of());
  }

  /**
   * What libpq makes of a connection string in a database name (pgbench's dbname argument, {@code
   * psql -d}): a URI when it starts with {@code postgresql://} or {@code postgres://}, a
   * keyword/value conninfo when it holds {@code =}, else null (a plain database name).
   *
   * @param option names the values in later messages, e.g. {@code dbname}
   * @throws IllegalArgumentException worded as libpq words it ({@code invalid connection option
   *     "hots"}, {@code invalid URI query parameter: "foo"}), never repeating the string, which may
   *     hold a password
   */
  public static SettingSource expandedDbname(String dbname, String option) {
    Map<String, String> pairs;
    boolean uri = LibpqUri.isUri(dbname);
    if (uri) {
      pairs = LibpqUri.parse(dbname);
    } else if (dbname.contains("=")) {
      pairs = ConninfoParser.parse(dbname);
    } else {
      return null;
    }
    Map<ConnectionKeyword, String> values = new EnumMap<>(ConnectionKeyword.class);
    pairs.forEach(
        (name, value) ->
            values.put(
                ConnectionKeyword.forKeyword(name)
                    .orElseThrow(
                        () ->
                            ConnectionKeyword.libpqOnly(name)
                                ? new IllegalArgumentException(
                                    "connection option \""
                                        + name
                                        + "\" is libpq's but not one this tool takes (it takes: "
                                        + ConnectionKeyword.keywords()
                                        + ")")
                                : new IllegalArgumentException(
                                    uri
                                        ? "invalid URI query parameter: \"" + name + "\""
                                        : "invalid connection option \"" + name + "\"")),
                value));
    return new SettingSource(values, keyword -> option + " " + keyword.keyword(), Map.of());
  }

  /**
   * A PgJDBC URL given by the named option: host, port, database and the parameters this tool knows
   * become values, every other URL property is passed on to PgJDBC as it is.
   *
   * @throws IllegalArgumentException when PgJDBC cannot parse it; the URL is not repeated, since it
   *     may carry a password
   */
  public static SettingSource jdbcUrl(String url, String option) {
    // An empty password keeps PgJDBC from filling one in from its own .pgpass lookup, which
    // skips libpq's permission check; empty counts as not given, so the password file is still
    // read, by the resolver.
    Properties noPassword = new Properties();
    noPassword.setProperty("password", "");
    Properties parsed = Driver.parseURL(url, noPassword);
    if (parsed == null) {
      throw new IllegalArgumentException(
          option
              + " is not a PostgreSQL JDBC URL; expected"
              + " jdbc:postgresql://HOST:PORT/DATABASE?property=value&...");
    }
    Map<ConnectionKeyword, String> values = new EnumMap<>(ConnectionKeyword.class);
    Map<String, String> others = new TreeMap<>();
    for (String name : parsed.stringPropertyNames()) {
      String value = parsed.getProperty(name);
      ConnectionKeyword.forJdbcProperty(name)
          .ifPresentOrElse(keyword -> values.put(keyword, value), () -> others.put(name, value));
    }
    return new SettingSource(values, keyword -> option + " " + keyword.keyword(), others);
  }

  /** The label a parameter is named by in messages, e.g. {@code PGPORT}. */
  public String label(ConnectionKeyword keyword) {
    return labeller.apply(keyword);
  }

  private static Map<ConnectionKeyword, String> withoutNulls(Map<ConnectionKeyword, String> in) {
    Map<ConnectionKeyword, String> out = new EnumMap<>(ConnectionKeyword.class);
    in.forEach(
        (keyword, value) -> {
          if (value != null) {
            out.put(keyword, value);
          }
        });
    return out;
  }

  @Override
  public String toString() {
    return "SettingSource" + values.keySet() + " properties " + driverProperties.keySet();
  }
}
