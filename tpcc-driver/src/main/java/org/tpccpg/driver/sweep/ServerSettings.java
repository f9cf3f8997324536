package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.tpccpg.driver.connect.HiddenArguments;

/**
 * Changes one target's settings for the settings dimension and puts them back, each time reading
 * back what is in force, so that a cell is never labelled with a value it did not run with and the
 * manifest never says restored when it is not. Applies with {@code ALTER SYSTEM} and {@code
 * pg_reload_conf()}, and runs the target's restart command only when a setting of context {@code
 * postmaster} is not yet in force. It does not judge a restart command beyond its exit code and
 * what the server shows afterwards.
 */
final class ServerSettings {
  private static final long RESTART_WAIT_SECONDS = 120;

  /** How long a reloaded value may take to reach new sessions (the reload is asynchronous). */
  private static final long READ_BACK_MILLIS = 10_000;

  private final TargetServer server;
  private final Target target;

  ServerSettings(TargetServer server) {
    this.server = server;
    this.target = server.target;
  }

  /**
   * Applies a combination and reads it back.
   *
   * @throws IllegalStateException naming the target, setting, the value wanted and the value in
   *     force when they still differ after the reload (and restart)
   * @throws IOException when the restart command fails or the server does not come back
   */
  void apply(Map<String, String> values) throws SQLException, IOException, InterruptedException {
    Map<String, SettingSpec> specs = server.specs(values.keySet());
    alterSystem(values);
    Map<String, TargetServer.InForce> now = server.inForce(values.keySet());
    boolean restart = false;
    for (Map.Entry<String, String> value : values.entrySet()) {
      SettingSpec spec = specs.get(value.getKey());
      TargetServer.InForce current = now.get(value.getKey());
      restart |=
          spec.needsRestart() && !SettingValue.inForce(spec, value.getValue(), current.setting());
    }
    if (restart) {
      restart();
    }
    boolean restarted = restart;
    String differs = readBack(() -> difference(values, specs, restarted));
    if (differs != null) {
      throw new IllegalStateException(differs);
    }
  }

  /** The first setting whose value in force is not the combination's, said in one line; or null. */
  private String difference(
      Map<String, String> values, Map<String, SettingSpec> specs, boolean restart)
      throws SQLException {
    Map<String, TargetServer.InForce> now = server.inForce(values.keySet());
    for (Map.Entry<String, String> value : values.entrySet()) {
      SettingSpec spec = specs.get(value.getKey());
      TargetServer.InForce current = now.get(value.getKey());
      if (!SettingValue.inForce(spec, value.getValue(), current.setting())) {
        String why =
            restart
                ? "after restart_command (did it restart the server?)"
                : spec.needsRestart()
                    ? "and waits for a restart"
                    : "after ALTER SYSTEM and pg_reload_conf() (a database's or role's own"
                        + " setting wins over it: ALTER DATABASE/ROLE ... SET)";
        return "[target "
            + target.name()
            + "] "
            + value.getKey()
            + " is "
            + current.shown()
            + " in force, not "
            + value.getValue()
            + ", "
            + why
            + "; no cell ran with it";
      }
    }
    return null;
  }

  /**
   * Puts back the values {@code postgresql.auto.conf} had before the sweep (null: {@code RESET}),
   * restarting when a {@code postmaster} setting's value in force is not the one before the sweep,
   * and reads both back.
   *
   * @param inForce {@code pg_settings.setting} per setting before the sweep; a setting missing here
   *     (a manifest of an older version) is checked only for its file entry and a pending restart
   * @return null when restored and read back, else what differs, in one line
   */
  String restore(Map<String, String> originals, Map<String, String> inForce)
      throws SQLException, IOException, InterruptedException {
    Map<String, SettingSpec> specs = server.specs(originals.keySet());
    alterSystem(originals);
    Map<String, TargetServer.InForce> now = server.inForce(originals.keySet());
    boolean restart = false;
    for (String name : originals.keySet()) {
      restart |=
          specs.get(name).needsRestart()
              && !Objects.equals(inForce.get(name), now.get(name).setting());
    }
    if (restart) {
      restart();
    }
    return readBack(() -> restoreDifference(originals, inForce));
  }

  private String restoreDifference(Map<String, String> originals, Map<String, String> inForce)
      throws SQLException {
    Map<String, String> file = server.autoConf(originals.keySet());
    Map<String, TargetServer.InForce> now = server.inForce(originals.keySet());
    for (String name : originals.keySet()) {
      if (!Objects.equals(file.get(name), originals.get(name))) {
        return name
            + " is "
            + file.get(name)
            + " in postgresql.auto.conf, not "
            + originals.get(name);
      }
      TargetServer.InForce current = now.get(name);
      if (current.pendingRestart()) {
        return name + " waits for a restart (pending_restart): " + current.shown() + " in force";
      }
      if (inForce.containsKey(name) && !Objects.equals(inForce.get(name), current.setting())) {
        return name
            + " is "
            + current.setting()
            + " in force (pg_settings.setting), not "
            + inForce.get(name)
            + " as before the sweep";
      }
    }
    return null;
  }

  /** A check that reads the server: null when what it looks for is in force. */
  private interface Check {
    String difference() throws SQLException;
  }

  /** Runs the check until it passes or {@link #READ_BACK_MILLIS} passed; its last difference. */
  private static String readBack(Check check) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READ_BACK_MILLIS);
    while (true) {
      String difference = check.difference();
      if (difference == null || System.nanoTime() > deadline) {
        return difference;
      }
      Thread.sleep(200);
    }
  }

  /** {@code ALTER SYSTEM SET} each value (null: {@code RESET}), then reloads the configuration. */
  private void alterSystem(Map<String, String> values) throws SQLException {
    try (Connection c = server.open();
        Statement s = c.createStatement()) {
      for (Map.Entry<String, String> setting : values.entrySet()) {
        String name = setting.getKey(); // checked against [a-z_][a-z0-9_.]* by SweepFile
        if (setting.getValue() == null) {
          s.execute("ALTER SYSTEM RESET " + name);
        } else {
          s.execute(
              "ALTER SYSTEM SET " + name + " = " + TargetServer.quoteLiteral(setting.getValue()));
        }
      }
      s.execute("SELECT pg_reload_conf()");
    }
  }

  private void restart() throws IOException, InterruptedException {
    ProcessBuilder builder =
        new ProcessBuilder("sh", "-c", target.restartCommand())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    HiddenArguments.scrub(builder.environment());
    Process process = builder.start();
    int status = process.waitFor();
    if (status != 0) {
      throw new IOException(
          "[target " + target.name() + "] restart_command failed with exit code " + status);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RESTART_WAIT_SECONDS);
    while (true) {
      try (Connection c = server.open()) {
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
}
