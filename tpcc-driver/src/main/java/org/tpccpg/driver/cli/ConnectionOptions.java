package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.SettingSource;
import org.tpccpg.driver.connect.SettingsResolver;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * sysbench's connection options plus libpq's conveniences. Each parameter comes from its option,
 * then from {@code --pgsql-conninfo} or {@code --pgsql-url}, then from the libpq environment
 * variable ({@code PGHOST}, {@code PGPORT}, ...), then (the password only) from {@code ~/.pgpass},
 * then from sysbench's default (localhost, 5432, sbtest, no password, sbtest). See {@link
 * SettingsResolver} and docs/connecting.md.
 */
final class ConnectionOptions {
  @Option(
      names = "--pgsql-host",
      paramLabel = "HOST",
      description =
          "Server host name or address, or a unix-socket directory such as /var/run/postgresql"
              + " (env PGHOST; default localhost); several, comma-separated, are tried in turn"
              + " as libpq does.")
  String host;

  @Option(
      names = "--pgsql-port",
      paramLabel = "PORT",
      description =
          "Server port (env PGPORT; default 5432); with several hosts one for all, or a"
              + " comma-separated list of one each.")
  String port;

  @Option(
      names = "--pgsql-user",
      paramLabel = "USER",
      description = "Role to connect as (env PGUSER; default sbtest).")
  String user;

  @Option(
      names = "--pgsql-password",
      paramLabel = "PASSWORD",
      description =
          "Password (env PGPASSWORD, then ~/.pgpass or PGPASSFILE; default none). Visible to"
              + " other users in 'ps': prefer ~/.pgpass.")
  String password;

  @Option(
      names = "--pgsql-db",
      paramLabel = "DB",
      description = "Database name (env PGDATABASE; default sbtest).")
  String database;

  @Option(
      names = "--pgsql-sslmode",
      paramLabel = "MODE",
      description =
          "disable, allow, prefer, require, verify-ca or verify-full (env PGSSLMODE; default"
              + " prefer). Ignored for unix sockets.")
  String sslMode;

  @Option(
      names = "--pgsql-sslrootcert",
      paramLabel = "FILE",
      description =
          "Root certificate(s) that verify-ca and verify-full trust (env PGSSLROOTCERT;"
              + " default ~/.postgresql/root.crt).")
  String sslRootCert;

  @Option(
      names = "--pgsql-conninfo",
      paramLabel = "CONNINFO",
      description =
          "libpq connection string, e.g. \"host=/tmp port=5433 dbname=tpcc sslmode=require\""
              + " or postgresql://bench@db1:5433/tpcc?sslmode=require; the options above win"
              + " over it.")
  String conninfo;

  @Option(
      names = "--pgsql-url",
      paramLabel = "URL",
      description =
          "PgJDBC URL, jdbc:postgresql://HOST:PORT/DB?property=value; its other PgJDBC"
              + " properties are passed on. The options above win over it.")
  String url;

  @Option(
      names = "--pgsql-schema",
      paramLabel = "SCHEMA",
      description =
          "sysbench-tpcc's schema to work in (Percona-Lab's tpcc.lua: SET search_path TO"
              + " SCHEMA on every connection); it must exist. Default: the server's search_path.")
  String schema;

  @Option(
      names = "--db-driver",
      paramLabel = "DRIVER",
      defaultValue = "pgsql",
      description = "Database driver; only pgsql is supported (default ${DEFAULT-VALUE}).")
  String driver;

  /** Whether the user named a server at all, by option or by environment variable. */
  boolean anyGiven(Map<String, String> environment) {
    return host != null
        || port != null
        || user != null
        || password != null
        || database != null
        || conninfo != null
        || url != null
        || sslMode != null
        || sslRootCert != null
        || !environment.getOrDefault("PGHOST", "").isEmpty()
        || !environment.getOrDefault("PGPORT", "").isEmpty();
  }

  /**
   * Resolves options, environment, password file and defaults; bad values fail as usage errors.
   * Warnings (a password file refused for its permissions) go to standard error.
   */
  ConnectionSettings resolve(CommandLine commandLine, Map<String, String> environment) {
    if (!"pgsql".equals(driver)) {
      throw new ParameterException(
          commandLine,
          "--db-driver="
              + driver
              + " is not supported: this tool speaks only to PostgreSQL (pgsql)");
    }
    refuseEmpty(commandLine);
    if (conninfo != null && url != null) {
      throw new ParameterException(
          commandLine, "--pgsql-conninfo and --pgsql-url cannot be used together; give one");
    }
    try {
      SettingsResolver.Resolution resolution =
          SettingsResolver.resolve(sources(environment), environment);
      PrintWriter err = commandLine.getErr();
      resolution.warnings().forEach(err::println);
      err.flush();
      return schema == null
          ? resolution.settings()
          : resolution.settings().withServerOption("-c search_path=" + escaped(schema));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandLine, e.getMessage());
    }
  }

  /**
   * A value in libpq's {@code options}, which the server splits at white space: a backslash before
   * each white-space character and backslash keeps it in the value.
   */
  private static String escaped(String value) {
    return value.replaceAll("([\\\\\\s])", "\\\\$1");
  }

  /**
   * An option given with an empty value ({@code --pgsql-db=}, often an unset shell variable) would
   * count as not given and fall back silently to the environment or sysbench's default ({@code
   * sbtest}): refused instead, naming the option.
   */
  private void refuseEmpty(CommandLine commandLine) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("--pgsql-host", host);
    values.put("--pgsql-user", user);
    values.put("--pgsql-password", password);
    values.put("--pgsql-db", database);
    values.put("--pgsql-sslmode", sslMode);
    values.put("--pgsql-sslrootcert", sslRootCert);
    values.put("--pgsql-conninfo", conninfo);
    values.put("--pgsql-url", url);
    values.put("--pgsql-schema", schema);
    values.forEach(
        (option, value) -> {
          if (value != null && value.isBlank()) {
            throw new ParameterException(
                commandLine,
                option
                    + "= is empty: give a value, or leave the option out to use the environment"
                    + " or the default");
          }
        });
  }

  private List<SettingSource> sources(Map<String, String> environment) {
    Map<ConnectionKeyword, String> given = new EnumMap<>(ConnectionKeyword.class);
    given.put(ConnectionKeyword.HOST, host);
    given.put(ConnectionKeyword.PORT, port);
    given.put(ConnectionKeyword.USER, user);
    given.put(ConnectionKeyword.PASSWORD, password);
    given.put(ConnectionKeyword.DBNAME, database);
    given.put(ConnectionKeyword.SSLMODE, sslMode);
    given.put(ConnectionKeyword.SSLROOTCERT, sslRootCert);
    List<SettingSource> sources = new ArrayList<>();
    sources.add(SettingSource.of(given, ConnectionOptions::optionName));
    if (conninfo != null) {
      sources.add(SettingSource.conninfo(conninfo, "--pgsql-conninfo"));
    }
    if (url != null) {
      sources.add(SettingSource.jdbcUrl(url, "--pgsql-url"));
    }
    sources.add(SettingSource.environment(environment));
    return sources;
  }

  static String optionName(ConnectionKeyword keyword) {
    return switch (keyword) {
      case HOST -> "--pgsql-host";
      case PORT -> "--pgsql-port";
      case USER -> "--pgsql-user";
      case PASSWORD -> "--pgsql-password";
      case DBNAME -> "--pgsql-db";
      case SSLMODE -> "--pgsql-sslmode";
      case SSLROOTCERT -> "--pgsql-sslrootcert";
      default -> keyword.keyword();
    };
  }
}
