package org.tpccpg.driver.cli;

import java.util.Map;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.tpcb.PgbenchNumbers;

/**
 * pgbench's connection options and libpq's fallbacks: {@code -h} or {@code PGHOST} (else {@code
 * localhost}), {@code -p} or {@code PGPORT} (else 5432), {@code -U} or {@code PGUSER} (else the OS
 * user), the dbname argument or {@code PGDATABASE} (else the user name), {@code PGPASSWORD}.
 */
final class TpcbConnectionArguments {
  private TpcbConnectionArguments() {}

  /**
   * Resolves the settings.
   *
   * @throws IllegalArgumentException for a bad port; a host starting with {@code /} is a
   *     unix-socket directory, as in libpq
   */
  static ConnectionSettings resolve(
      String host, String port, String user, String database, Map<String, String> environment) {
    String resolvedHost = pick(host, environment.get("PGHOST"), "localhost");
    String portText = pick(port, environment.get("PGPORT"), "5432");
    int resolvedPort = PgbenchNumbers.parseInt("-p/--port", portText, 1, 65535);
    String osUser = System.getProperty("user.name", "postgres");
    String resolvedUser = pick(user, environment.get("PGUSER"), osUser);
    String resolvedDatabase = pick(database, environment.get("PGDATABASE"), resolvedUser);
    String password = environment.getOrDefault("PGPASSWORD", "");
    return new ConnectionSettings(
        resolvedHost, resolvedPort, resolvedUser, password, resolvedDatabase);
  }

  private static String pick(String option, String environmentValue, String fallback) {
    if (option != null && !option.isEmpty()) {
      return option;
    }
    if (environmentValue != null && !environmentValue.isEmpty()) {
      return environmentValue;
    }
    return fallback;
  }
}
