package org.tpccpg.core.catalog;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.schema.TpccTable;

/**
 * Reads a {@link DataSetCatalog} of the current schema ({@code current_schema()}, the one {@code
 * CREATE TABLE} without a schema name writes to). Reads the system catalogs and this tool's own
 * metadata tables only, never a user's table. Never commits.
 */
public final class DataSetCatalogReader {
  /** The set numbers a name may carry: no leading zero, at most nine digits (an int). */
  private static final Pattern SET_TABLE =
      Pattern.compile(
          "(warehouse|district|customer|history|orders|new_orders|order_line|stock|item)"
              + "([1-9][0-9]{0,8})");

  private static final String FOUND =
      """
      SELECT c.oid, c.relname, c.relkind,
             array(SELECT a.attname::text FROM pg_attribute a
                    WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                    ORDER BY a.attnum)
        FROM pg_class c
       WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
         AND c.relname ~ '^(warehouse|district|customer|history|orders|new_orders|order_line|stock|item)[1-9][0-9]{0,8}$'
      """;

  /** The columns of this tool's metadata tables, if tables of those names are there. */
  private static final String METADATA_COLUMNS =
      """
      SELECT c.relname,
             array(SELECT a.attname::text FROM pg_attribute a
                    WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                    ORDER BY a.attnum)
        FROM pg_class c
       WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
         AND c.relkind = 'r'
         AND c.relname IN ('tpcc_metadata', 'tpcc_metadata_table')
      """;

  private static final String TAKEN_NAMES =
      """
      SELECT c.relname::text, c.relkind::text
        FROM pg_class c
       WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
         AND c.relname = ANY (?::text[])
      UNION ALL
      SELECT t.typname::text, 'T'
        FROM pg_type t
       WHERE t.typnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
         AND t.typrelid = 0
         AND t.typname = ANY (?::text[])
      """;

  private static final String LISTED =
      """
      SELECT set_number, table_name::text, relid::bigint FROM tpcc_metadata_table
      """;

  private static final List<String> RECORD_COLUMNS =
      List.of("singleton", "table_sets", "warehouses_per_set", "seed", "tool_version", "state");
  private static final List<String> LISTED_COLUMNS = List.of("set_number", "table_name", "relid");

  private DataSetCatalogReader() {}

  /** The catalog of the connection's current schema. */
  public static DataSetCatalog read(Connection connection) throws SQLException {
    Map<String, List<String>> metadataTables = metadataColumns(connection);
    boolean recordIsOurs =
        metadataTables.getOrDefault("tpcc_metadata", List.of()).containsAll(RECORD_COLUMNS);
    boolean listIsOurs =
        recordIsOurs
            && metadataTables.getOrDefault("tpcc_metadata_table", List.of()).equals(LISTED_COLUMNS);
    Optional<DataSetInfo> record =
        recordIsOurs ? DataSetMetadata.read(connection) : Optional.empty();
    Optional<Map<Integer, Map<TpccTable, Long>>> listed =
        listIsOurs ? Optional.of(listed(connection)) : Optional.empty();
    return new DataSetCatalog(record, listed, found(connection));
  }

  /**
   * Which of {@code names} a relation or a type in the current schema already has, with what kind
   * of object has it, in the order of {@code names}.
   */
  public static Map<String, String> existingRelations(Connection connection, List<String> names)
      throws SQLException {
    Map<String, String> kinds = new HashMap<>();
    try (PreparedStatement select = connection.prepareStatement(TAKEN_NAMES)) {
      Array array = connection.createArrayOf("text", names.toArray());
      select.setArray(1, array);
      select.setArray(2, array);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          kinds.putIfAbsent(rows.getString(1), kind(rows.getString(2).charAt(0)));
        }
      } finally {
        array.free();
      }
    }
    Map<String, String> taken = new LinkedHashMap<>();
    for (String name : names) {
      if (kinds.containsKey(name)) {
        taken.put(name, kinds.get(name));
      }
    }
    return taken;
  }

  /** What {@code pg_class.relkind} (or {@code 'T'}, a type) stands for: {@code "view"}. */
  static String kind(char relkind) {
    return switch (relkind) {
      case 'r' -> "table";
      case 'p' -> "partitioned table";
      case 'v' -> "view";
      case 'm' -> "materialized view";
      case 'S' -> "sequence";
      case 'i', 'I' -> "index";
      case 'f' -> "foreign table";
      case 'c' -> "composite type";
      case 'T' -> "type";
      default -> "relation";
    };
  }

  private static Map<String, List<String>> metadataColumns(Connection connection)
      throws SQLException {
    Map<String, List<String>> columns = new HashMap<>();
    try (PreparedStatement select = connection.prepareStatement(METADATA_COLUMNS);
        ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        columns.put(rows.getString(1), strings(rows.getArray(2)));
      }
    }
    return columns;
  }

  private static Map<Integer, Map<TpccTable, Long>> listed(Connection connection)
      throws SQLException {
    Map<Integer, Map<TpccTable, Long>> listed = new HashMap<>();
    try (PreparedStatement select = connection.prepareStatement(LISTED);
        ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        int set = rows.getInt(1);
        Matcher name = SET_TABLE.matcher(rows.getString(2));
        if (name.matches() && Integer.parseInt(name.group(2)) == set) {
          listed
              .computeIfAbsent(set, s -> new EnumMap<>(TpccTable.class))
              .put(TpccTable.ofBaseName(name.group(1)), rows.getLong(3));
        }
      }
    }
    return listed;
  }

  private static List<FoundTable> found(Connection connection) throws SQLException {
    List<FoundTable> found = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(FOUND);
        ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        Matcher name = SET_TABLE.matcher(rows.getString(2));
        if (!name.matches()) {
          continue;
        }
        found.add(
            new FoundTable(
                rows.getLong(1),
                Integer.parseInt(name.group(2)),
                TpccTable.ofBaseName(name.group(1)),
                rows.getString(3).charAt(0),
                strings(rows.getArray(4))));
      }
    }
    return found;
  }

  private static List<String> strings(Array array) throws SQLException {
    try {
      return List.of((String[]) array.getArray());
    } finally {
      array.free();
    }
  }
}
