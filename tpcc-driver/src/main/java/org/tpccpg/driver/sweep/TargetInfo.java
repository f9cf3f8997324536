package org.tpccpg.driver.sweep;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the manifest says of a target: its server, and the settings the sweep changed on it.
 *
 * @param target the target from the sweep file
 * @param host the host connected to (resolved: option, environment or default)
 * @param port the port connected to
 * @param user the role connected as
 * @param serverVersion {@code server_version} at the start of the sweep
 * @param nonDefaultSettings {@code pg_settings} whose source is not {@code default} (nor this
 *     session's own), at the start of the sweep, before the settings dimension changed any
 * @param originalSettings per setting of the dimension its {@code postgresql.auto.conf} value
 *     before the sweep (null: none, restored with {@code ALTER SYSTEM RESET}); empty until known
 * @param originalInForce per setting of the dimension its {@code pg_settings.setting} (base unit)
 *     before the sweep, to read the restore back; empty in a manifest of an older version
 */
public record TargetInfo(
    Target target,
    String host,
    int port,
    String user,
    String serverVersion,
    Map<String, String> nonDefaultSettings,
    Map<String, String> originalSettings,
    Map<String, String> originalInForce) {
  public TargetInfo {
    originalInForce = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(originalInForce));
    nonDefaultSettings =
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(nonDefaultSettings));
    originalSettings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(originalSettings));
  }

  /** Without the values in force before the sweep (none changed, or not known). */
  public TargetInfo(
      Target target,
      String host,
      int port,
      String user,
      String serverVersion,
      Map<String, String> nonDefaultSettings,
      Map<String, String> originalSettings) {
    this(target, host, port, user, serverVersion, nonDefaultSettings, originalSettings, Map.of());
  }

  public String name() {
    return target.name();
  }
}
