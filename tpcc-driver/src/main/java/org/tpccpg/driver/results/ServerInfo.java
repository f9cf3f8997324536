package org.tpccpg.driver.results;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the summary records about the server: {@code SELECT version()} and the settings that most
 * change TPC-C results, as {@code SHOW} prints them (with units).
 *
 * @param version the server's version string
 * @param settings setting name to value, in {@link #SETTINGS} order; unknown names are left out
 */
public record ServerInfo(String version, Map<String, String> settings) {
  /** The settings recorded, when the server knows them. */
  public static final List<String> SETTINGS =
      List.of(
          "server_version_num",
          "shared_buffers",
          "max_connections",
          "synchronous_commit",
          "fsync",
          "full_page_writes",
          "wal_level",
          "default_transaction_isolation",
          "max_wal_size",
          "checkpoint_timeout",
          "work_mem",
          "effective_cache_size",
          "huge_pages",
          "autovacuum",
          "jit");

  private static final String SELECT_SETTINGS =
      """
      SELECT name, current_setting(name) FROM pg_settings WHERE name = ANY (?)
      """;

  public ServerInfo {
    Objects.requireNonNull(version, "version");
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /** Writes {@code "server": {"version": ..., "settings": {...}}} as a member of an object. */
  public void writeTo(JsonWriter json) {
    json.name("server").beginObject();
    json.name("version").value(version);
    json.name("settings").beginObject();
    for (Map.Entry<String, String> e : settings.entrySet()) {
      json.name(e.getKey()).value(e.getValue());
    }
    json.endObject().endObject();
  }

  /** Reads the version and settings over an open connection. */
  public static ServerInfo read(Connection connection) throws SQLException {
    String version;
    try (PreparedStatement select = connection.prepareStatement("SELECT version()");
        ResultSet row = select.executeQuery()) {
      row.next();
      version = row.getString(1);
    }
    Map<String, String> found = new LinkedHashMap<>();
    try (PreparedStatement select = connection.prepareStatement(SELECT_SETTINGS)) {
      select.setArray(1, connection.createArrayOf("text", SETTINGS.toArray()));
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          found.put(rows.getString(1), rows.getString(2));
        }
      }
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    for (String name : SETTINGS) {
      if (found.containsKey(name)) {
        ordered.put(name, found.get(name));
      }
    }
    return new ServerInfo(version, ordered);
  }
}
