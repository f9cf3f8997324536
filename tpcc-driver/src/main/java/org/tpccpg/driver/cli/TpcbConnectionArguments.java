package org.tpccpg.driver.cli;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.SettingSource;
import org.tpccpg.driver.connect.SettingsResolver;
import org.tpccpg.driver.tpcb.PgbenchNumbers;

/**
 * pgbench's connection options, resolved like libpq through the same {@link SettingsResolver} as
 * the sysbench-style commands: {@code -h}, {@code -p}, {@code -U} and the dbname argument, then the
 * {@code PG*} variables ({@code PGSSLMODE}, {@code PGAPPNAME}, ... included), then {@code
 * ~/.pgpass} for the password, then pgbench's defaults: the OS user, and a database named as
 * pgbench names it ({@code PGDATABASE}, else {@code PGUSER}, else the OS user; not {@code -U}'s
 * user). A connection service ({@code PGSERVICE}, or {@code service=} in a connection string as the
 * dbname) gives what neither the options nor the dbname's connection string give. A host starting
 * with {@code /} is a unix-socket directory. As in libpq, a dbname that is a connection string
 * ({@code "host=db1 sslmode=require dbname=bench"} or {@code postgresql://user@db1:5433/bench}) is
 * expanded, and what it sets wins over {@code -h}, {@code -p} and {@code -U} (pgbench passes those
 * before the dbname).
 */
final class TpcbConnectionArguments {
  private TpcbConnectionArguments() {}

  /**
   * Resolves the settings; warnings (such as a {@code .pgpass} that others can read) go to the list
   * given.
   *
   * @param purpose what the first connection is for, in pgbench's line when a connection string in
   *     the dbname is bad: {@code setup}, or {@code initialization} for {@code -i}
   * @throws IllegalArgumentException naming the option or variable for a bad value
   */
  static ConnectionSettings resolve(
      String host,
      String port,
      String user,
      String database,
      String purpose,
      Map<String, String> environment,
      List<String> warnings) {
    if (emptyToNull(port) != null) {
      PgbenchNumbers.parseInt("-p/--port", port, 1, 65535); // pgbench's own message
    }
    SettingSource expanded = null;
    if (emptyToNull(database) != null) {
      try {
        expanded = SettingSource.expandedDbname(database, "dbname");
      } catch (IllegalArgumentException e) {
        // libpq's line, then pgbench's for the connection it could not make
        throw new IllegalArgumentException(
            e.getMessage() + "\nerror: could not create connection for " + purpose, e);
      }
    }
    Map<ConnectionKeyword, String> given = new EnumMap<>(ConnectionKeyword.class);
    given.put(ConnectionKeyword.HOST, emptyToNull(host));
    given.put(ConnectionKeyword.PORT, emptyToNull(port));
    given.put(ConnectionKeyword.USER, emptyToNull(user));
    String osUser = System.getProperty("user.name", "postgres");
    Map<ConnectionKeyword, String> defaults = new EnumMap<>(ConnectionKeyword.class);
    defaults.put(ConnectionKeyword.USER, osUser);
    // libpq's default, a unix socket (the TPC-C commands take sysbench's, localhost)
    defaults.put(ConnectionKeyword.HOST, SettingsResolver.libpqDefaultHost());
    if (expanded == null) {
      // pgbench names the database itself, before libpq sees it: the argument, PGDATABASE,
      // PGUSER, the OS user (not -U's user); so a service's dbname never applies
      String named = emptyToNull(database);
      for (String variable : List.of("PGDATABASE", "PGUSER")) {
        named = named != null ? named : emptyToNull(environment.get(variable));
      }
      given.put(ConnectionKeyword.DBNAME, named != null ? named : osUser);
    } else {
      // a connection string as the dbname: libpq's default, a database named like the user
      String expandedUser = expanded.values().get(ConnectionKeyword.USER);
      defaults.put(
          ConnectionKeyword.DBNAME,
          first(
              expandedUser != null ? expandedUser : given.get(ConnectionKeyword.USER),
              environment.get("PGUSER"),
              osUser));
    }
    List<SettingSource> sources = new ArrayList<>();
    if (expanded != null) {
      sources.add(expanded);
    }
    sources.add(SettingSource.of(given, TpcbConnectionArguments::optionName));
    sources.add(SettingSource.environment(environment));
    sources.add(SettingSource.of(defaults, keyword -> "pgbench's default"));
    SettingsResolver.Resolution resolution;
    try {
      resolution = SettingsResolver.resolve(sources, environment);
    } catch (IllegalArgumentException e) {
      // what libpq refuses (a service no file defines, a bad PGPORT), then pgbench's line
      throw new IllegalArgumentException(
          e.getMessage() + "\nerror: could not create connection for " + purpose, e);
    }
    warnings.addAll(resolution.warnings());
    return resolution.settings();
  }

  private static String optionName(ConnectionKeyword keyword) {
    return switch (keyword) {
      case HOST -> "-h/--host";
      case PORT -> "-p/--port";
      case USER -> "-U/--username";
      case DBNAME -> "dbname";
      default -> keyword.name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  private static String emptyToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }

  private static String first(String option, String environmentValue, String fallback) {
    if (option != null) {
      return option;
    }
    return environmentValue != null && !environmentValue.isEmpty() ? environmentValue : fallback;
  }
}
