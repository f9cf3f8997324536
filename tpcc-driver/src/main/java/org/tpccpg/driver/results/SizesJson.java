package org.tpccpg.driver.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A cell's {@link DatabaseSizes} in {@code manifest.json} and back: {@code {"database_bytes": N,
 * "tables": {"pgbench_accounts": {"table_bytes": N, "indexes_bytes": N, "total_bytes": N}}}}.
 */
public final class SizesJson {
  private SizesJson() {}

  public static void write(JsonWriter json, DatabaseSizes sizes) {
    if (sizes == null) {
      json.nullValue();
      return;
    }
    json.beginObject().name("database_bytes").value(sizes.databaseBytes());
    json.name("tables").beginObject();
    sizes
        .tables()
        .forEach(
            (name, size) ->
                json.name(name)
                    .beginObject()
                    .name("table_bytes")
                    .value(size.tableBytes())
                    .name("indexes_bytes")
                    .value(size.indexesBytes())
                    .name("total_bytes")
                    .value(size.totalBytes())
                    .endObject());
    json.endObject().endObject();
  }

  /** The sizes a manifest holds, or null when it has none (a bundle made before they were). */
  public static DatabaseSizes read(Object value) {
    Map<String, Object> object = objectOf(value);
    if (!(object.get("database_bytes") instanceof Number database)) {
      return null;
    }
    Map<String, DatabaseSizes.TableSize> tables = new LinkedHashMap<>();
    objectOf(object.get("tables"))
        .forEach(
            (name, table) -> {
              Map<String, Object> t = objectOf(table);
              tables.put(
                  name,
                  new DatabaseSizes.TableSize(
                      number(t.get("table_bytes")),
                      number(t.get("indexes_bytes")),
                      number(t.get("total_bytes"))));
            });
    return new DatabaseSizes(database.longValue(), tables);
  }

  private static long number(Object value) {
    return value instanceof Number n ? n.longValue() : 0;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> objectOf(Object value) {
    return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }
}
