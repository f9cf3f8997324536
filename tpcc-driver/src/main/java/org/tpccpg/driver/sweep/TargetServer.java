package org.tpccpg.driver.sweep;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.SettingSource;
import org.tpccpg.driver.connect.SettingsResolver;
import org.tpccpg.driver.results.DatabaseSizes;

/**
 * The sweep's own connection to a target: what its server is, and the settings dimension applied
 * with {@code ALTER SYSTEM} and {@code pg_reload_conf()} (and the target's restart command for
 * settings that only a restart changes), and restored from {@code postgresql.auto.conf}'s values
 * before the sweep.
 */
final class TargetServer {
  private static final String AUTO_CONF =
      """
      SELECT setting FROM pg_file_settings
       WHERE name = ? AND sourcefile LIKE '%postgresql.auto.conf'
       ORDER BY seqno DESC LIMIT 1
      """;

  final Target target;
  private final ConnectionSettings settings;

  private TargetServer(Target target, ConnectionSettings settings) {
    this.target = target;
    this.settings = settings;
  }

  /**
   * Resolves a target's connection like libpq: its keys (or its conninfo or url), then {@code PG*}
   * variables, then {@code ~/.pgpass} for the password, then localhost, 5432 and the OS user.
   *
   * @throws IllegalArgumentException naming the target and key for a bad value
   */
  static TargetServer of(Target target, Map<String, String> environment) {
    Map<ConnectionKeyword, String> given = new EnumMap<>(ConnectionKeyword.class);
    given.put(ConnectionKeyword.HOST, target.host());
    given.put(ConnectionKeyword.PORT, target.port() == null ? null : target.port().toString());
    given.put(ConnectionKeyword.USER, target.user());
    given.put(ConnectionKeyword.DBNAME, target.dbname());
    Map<ConnectionKeyword, String> defaults = new EnumMap<>(ConnectionKeyword.class);
    defaults.put(ConnectionKeyword.USER, System.getProperty("user.name", "postgres"));
    String where = "[target " + target.name() + "] ";
    ConnectionString connection = target.connectionString();
    SettingSource file =
        connection == null
            ? SettingSource.of(given, k -> where + k.keyword())
            : new SettingSource(
                connection.source().values(),
                k -> where + connection.key() + " " + k.keyword(),
                connection.source().driverProperties());
    SettingsResolver.Resolution resolution =
        SettingsResolver.resolve(
            List.of(
                file,
                SettingSource.environment(environment),
                SettingSource.of(defaults, k -> "the default")),
            environment);
    return new TargetServer(target, resolution.settings());
  }

  ConnectionSettings settings() {
    return settings;
  }

  Connection open() throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("prepareThreshold", "0"); // a pooler in transaction mode, too
    return settings.open(properties);
  }

  /** The database's and a workload's tables' sizes now ({@link DatabaseSizes}). */
  DatabaseSizes sizes(String kind) throws SQLException {
    try (Connection c = open()) {
      return SizesQuery.read(c, kind);
    }
  }

  /** The target's server version and non-default settings, for the manifest. */
  TargetInfo describe() throws SQLException {
    Map<String, String> nonDefault = new LinkedHashMap<>();
    String version;
    try (Connection c = open();
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT current_setting('server_version')")) {
        rs.next();
        version = rs.getString(1);
      }
      // 'client' and 'session' are this connection's own settings, not the server's.
      try (ResultSet rs =
          s.executeQuery(
              "SELECT name, current_setting(name) FROM pg_settings"
                  + " WHERE source NOT IN ('default', 'client', 'session') ORDER BY name")) {
        while (rs.next()) {
          // primary_conninfo holds the replication password: never into the manifest
          nonDefault.put(rs.getString(1), SecretText.shown(rs.getString(1), rs.getString(2)));
        }
      }
    }
    return new TargetInfo(
        target,
        settings.hostList(),
        settings.port(),
        settings.user(),
        version,
        nonDefault,
        Map.of());
  }

  /**
   * Per setting name, the {@code postgresql.auto.conf} value now (null: none). Also checks that
   * every setting exists and can be changed here: one that needs a restart is refused without the
   * target's restart command.
   *
   * @throws IllegalStateException in one line naming the setting and target
   */
  Map<String, String> originals(Collection<String> names) throws SQLException {
    Map<String, String> originals = new LinkedHashMap<>();
    try (Connection c = open();
        PreparedStatement context =
            c.prepareStatement("SELECT context FROM pg_settings WHERE name = ?");
        PreparedStatement auto = c.prepareStatement(AUTO_CONF)) {
      for (String name : names) {
        context.setString(1, name);
        try (ResultSet rs = context.executeQuery()) {
          if (!rs.next()) {
            throw new IllegalStateException(
                "[settings] " + name + ": no such setting on target " + target.name());
          }
          String kind = rs.getString(1);
          if (kind.equals("postmaster") && target.restartCommand() == null) {
            throw new IllegalStateException(
                "[settings] "
                    + name
                    + " needs a server restart (context postmaster): give [target "
                    + target.name()
                    + "] a restart_command, or leave the setting out");
          }
          if (kind.equals("internal")
              || kind.equals("backend")
              || kind.equals("superuser-backend")) {
            throw new IllegalStateException(
                "[settings] "
                    + name
                    + " cannot be changed for a running server (context "
                    + kind
                    + ")");
          }
        }
        auto.setString(1, name);
        try (ResultSet rs = auto.executeQuery()) {
          originals.put(name, rs.next() ? rs.getString(1) : null);
        }
      }
    }
    return originals;
  }

  /**
   * What {@code pg_settings} says each setting takes, for the dry parse of the sweep's values. A
   * setting the server does not have is left out (the caller has refused it already).
   */
  Map<String, SettingSpec> specs(Collection<String> names) throws SQLException {
    Map<String, SettingSpec> specs = new LinkedHashMap<>();
    try (Connection c = open();
        PreparedStatement s =
            c.prepareStatement(
                """
                SELECT vartype, unit, min_val, max_val,
                       coalesce(array_to_string(enumvals, chr(31)), ''), context
                  FROM pg_settings WHERE name = ?
                """)) {
      for (String name : names) {
        s.setString(1, name);
        try (ResultSet rs = s.executeQuery()) {
          if (rs.next()) {
            String enumvals = rs.getString(5);
            specs.put(
                name,
                new SettingSpec(
                    name,
                    rs.getString(1),
                    rs.getString(2),
                    number(rs.getString(3)),
                    number(rs.getString(4)),
                    enumvals.isEmpty() ? List.of() : List.of(enumvals.split("\u001f")),
                    rs.getString(6)));
          }
        }
      }
    }
    return specs;
  }

  /**
   * Per setting, the value in force as a new session sees it: {@code pg_settings.setting} (in the
   * base unit) and whether a change waits for a restart ({@code pending_restart}, 9.5 on).
   */
  Map<String, InForce> inForce(Collection<String> names) throws SQLException {
    Map<String, InForce> values = new LinkedHashMap<>();
    try (Connection c = open();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT setting, current_setting(name), pending_restart FROM pg_settings"
                    + " WHERE name = ?")) {
      for (String name : names) {
        s.setString(1, name);
        try (ResultSet rs = s.executeQuery()) {
          if (rs.next()) {
            values.put(name, new InForce(rs.getString(1), rs.getString(2), rs.getBoolean(3)));
          }
        }
      }
    }
    return values;
  }

  /**
   * A setting's value in force.
   *
   * @param setting {@code pg_settings.setting}, in the base unit
   * @param shown {@code current_setting()}, with its unit, for messages
   * @param pendingRestart whether a changed value waits for a restart
   */
  record InForce(String setting, String shown, boolean pendingRestart) {}

  /**
   * Per setting name, the {@code postgresql.auto.conf} value now (null: none), as {@code
   * pg_file_settings} reads the file at this moment.
   */
  Map<String, String> autoConf(Collection<String> names) throws SQLException {
    Map<String, String> values = new LinkedHashMap<>();
    try (Connection c = open();
        PreparedStatement auto = c.prepareStatement(AUTO_CONF)) {
      for (String name : names) {
        auto.setString(1, name);
        try (ResultSet rs = auto.executeQuery()) {
          values.put(name, rs.next() ? rs.getString(1) : null);
        }
      }
    }
    return values;
  }

  private static Double number(String text) {
    try {
      return text == null ? null : Double.valueOf(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static String quoteLiteral(String value) {
    return "'" + value.replace("'", "''") + "'";
  }
}
