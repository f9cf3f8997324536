package org.tpccpg.driver.cli;

import java.util.Map;
import org.tpccpg.driver.connect.ConnectionSettings;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * sysbench's connection options. Each one left out falls back to the libpq environment variable
 * ({@code PGHOST}, {@code PGPORT}, {@code PGUSER}, {@code PGPASSWORD}, {@code PGDATABASE}), then to
 * sysbench's default (localhost, 5432, sbtest, no password, sbtest).
 */
public final class ConnectionOptions {
  static final String DEFAULT_HOST = "localhost";
  static final int DEFAULT_PORT = 5432;
  static final String DEFAULT_USER = "sbtest";
  static final String DEFAULT_DATABASE = "sbtest";

  @Option(
      names = "--pgsql-host",
      paramLabel = "HOST",
      description = "Server host name or address (env PGHOST; default localhost).")
  String host;

  @Option(
      names = "--pgsql-port",
      paramLabel = "PORT",
      description = "Server port (env PGPORT; default 5432).")
  Integer port;

  @Option(
      names = "--pgsql-user",
      paramLabel = "USER",
      description = "Role to connect as (env PGUSER; default sbtest).")
  String user;

  @Option(
      names = "--pgsql-password",
      paramLabel = "PASSWORD",
      description =
          "Password (env PGPASSWORD; default none). Visible to other users in 'ps': prefer"
              + " PGPASSWORD.")
  String password;

  @Option(
      names = "--pgsql-db",
      paramLabel = "DB",
      description = "Database name (env PGDATABASE; default sbtest).")
  String database;

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
        || !environment.getOrDefault("PGHOST", "").isEmpty()
        || !environment.getOrDefault("PGPORT", "").isEmpty();
  }

  /** Resolves options, environment and defaults; bad values fail as usage errors. */
  ConnectionSettings resolve(CommandLine commandLine, Map<String, String> environment) {
    if (!"pgsql".equals(driver)) {
      throw new ParameterException(
          commandLine,
          "--db-driver="
              + driver
              + " is not supported: this tool speaks only to PostgreSQL (pgsql)");
    }
    String resolvedHost = pick(host, environment.get("PGHOST"), DEFAULT_HOST);
    if (resolvedHost.startsWith("/")) {
      throw new ParameterException(
          commandLine,
          (host != null ? "--pgsql-host=" : "PGHOST=")
              + resolvedHost
              + " is a unix-socket directory, which this version cannot connect through yet;"
              + " use a TCP address such as --pgsql-host=127.0.0.1");
    }
    int resolvedPort = port != null ? port : environmentPort(commandLine, environment);
    if (resolvedPort < 1 || resolvedPort > 65535) {
      throw new ParameterException(
          commandLine,
          (port != null ? "--pgsql-port=" : "PGPORT=")
              + resolvedPort
              + " is not a port number (1 to 65535)");
    }
    return new ConnectionSettings(
        resolvedHost,
        resolvedPort,
        pick(user, environment.get("PGUSER"), DEFAULT_USER),
        pick(password, environment.get("PGPASSWORD"), ""),
        pick(database, environment.get("PGDATABASE"), DEFAULT_DATABASE));
  }

  private static int environmentPort(CommandLine commandLine, Map<String, String> environment) {
    String value = environment.get("PGPORT");
    if (value == null || value.isEmpty()) {
      return DEFAULT_PORT;
    }
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new ParameterException(
          commandLine, "PGPORT=" + value + " is not a port number (1 to 65535)");
    }
  }

  private static String pick(String option, String environmentValue, String fallback) {
    if (option != null) {
      return option;
    }
    if (environmentValue != null && !environmentValue.isEmpty()) {
      return environmentValue;
    }
    return fallback;
  }
}
