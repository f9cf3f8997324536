package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.nio.file.Path;
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
import java.util.concurrent.TimeUnit;
import org.tpccpg.driver.connect.ConnectionKeyword;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.SettingSource;
import org.tpccpg.driver.connect.SettingsResolver;

/**
 * The sweep's own connection to a target: what its server is, and the settings dimension applied
 * with {@code ALTER SYSTEM} and {@code pg_reload_conf()} (and the target's restart command for
 * settings that only a restart changes), and restored from {@code postgresql.auto.conf}'s values
 * before the sweep.
 */
final class TargetServer {
  private static final long RESTART_WAIT_SECONDS = 120;

  private final Target target;
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
            SettingsResolver.home(environment));
    return new TargetServer(target, resolution.settings());
  }

  ConnectionSettings settings() {
    return settings;
  }

  private Connection open() throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("prepareThreshold", "0"); // a pooler in transaction mode, too
    return settings.open(properties);
  }

  /** The target's server version and non-default settings, for the manifest. */
  /** The database's and a workload's tables' sizes now ({@link DatabaseSizes}). */
  DatabaseSizes sizes(String kind) throws SQLException {
    try (Connection c = open()) {
      return DatabaseSizes.read(c, kind);
    }
  }

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
        target, settings.host(), settings.port(), settings.user(), version, nonDefault, Map.of());
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
        PreparedStatement auto =
            c.prepareStatement(
                "SELECT setting FROM pg_file_settings WHERE name = ?"
                    + " AND sourcefile LIKE '%postgresql.auto.conf' ORDER BY seqno DESC LIMIT 1")) {
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
   * Sets each value with {@code ALTER SYSTEM} (null: {@code RESET}), reloads the configuration, and
   * restarts the server with the target's command when one of them needs it.
   */
  void apply(Map<String, String> values) throws SQLException, IOException, InterruptedException {
    boolean restart = false;
    try (Connection c = open();
        Statement s = c.createStatement()) {
      for (Map.Entry<String, String> setting : values.entrySet()) {
        String name = setting.getKey(); // checked against [a-z_][a-z0-9_.]* by SweepFile
        if (setting.getValue() == null) {
          s.execute("ALTER SYSTEM RESET " + quoteName(name));
        } else {
          s.execute(
              "ALTER SYSTEM SET " + quoteName(name) + " = " + quoteLiteral(setting.getValue()));
        }
        try (ResultSet rs =
            s.executeQuery("SELECT context FROM pg_settings WHERE name = " + quoteLiteral(name))) {
          restart |= rs.next() && rs.getString(1).equals("postmaster");
        }
      }
      s.execute("SELECT pg_reload_conf()");
    }
    if (restart) {
      restart();
    }
  }

  private void restart() throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder("sh", "-c", target.restartCommand())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    int status = process.waitFor();
    if (status != 0) {
      throw new IOException(
          "[target " + target.name() + "] restart_command failed with exit code " + status);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RESTART_WAIT_SECONDS);
    while (true) {
      try (Connection c = open()) {
        if (c.isValid(5)) {
          return;
        }
      } catch (SQLException e) {
        if (System.nanoTime() > deadline) {
          throw new IOException(
              "[target "
                  + target.name()
                  + "] the server does not accept connections "
                  + RESTART_WAIT_SECONDS
                  + " s after restart_command: "
                  + e.getMessage());
        }
        Thread.sleep(500);
      }
    }
  }

  /** Names are checked against {@code [a-z_][a-z0-9_.]*} by {@link SweepFile}: no quoting. */
  private static String quoteName(String name) {
    return name;
  }

  static String quoteLiteral(String value) {
    return "'" + value.replace("'", "''") + "'";
  }
}
