package org.tpccpg.driver.sweep;

import java.util.LinkedHashMap;
import java.util.Map;
import org.tpccpg.driver.results.JsonWriter;

/**
 * A cell's {@link DatabaseSizes} in {@code manifest.json} and back: {@code {"database_bytes": N,
 * "tables": {"pgbench_accounts": {"table_bytes": N, "indexes_bytes": N, "total_bytes": N}}}}.
 */
final class SizesJson {
  private SizesJson() {}

  static void write(JsonWriter json, DatabaseSizes sizes) {
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
  static DatabaseSizes read(Object value) {
    Map<String, Object> object = ManifestJson.objectOf(value);
    if (!(object.get("database_bytes") instanceof Number database)) {
      return null;
    }
    Map<String, DatabaseSizes.TableSize> tables = new LinkedHashMap<>();
    ManifestJson.objectOf(object.get("tables"))
        .forEach(
            (name, table) -> {
              Map<String, Object> t = ManifestJson.objectOf(table);
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
}
