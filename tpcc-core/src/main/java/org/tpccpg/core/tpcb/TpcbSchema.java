package org.tpccpg.core.tpcb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.tpccpg.core.ddl.SqlScript;

/**
 * The DDL of pgbench's four tables, rendered from {@code sql/tpcb/*.sql} (the only place DDL lives)
 * for a {@link TpcbLayout}: the steps {@code d}, {@code t}, {@code G}, {@code p} and {@code f} of
 * {@code pgbench -i}, plus the {@code VACUUM ANALYZE} of step {@code v}. Rendering is pure; this
 * class never touches a database. Immutable and thread-safe.
 */
public final class TpcbSchema {
  /** The four tables in the order pgbench vacuums them. */
  public static final List<String> TABLES =
      List.of("pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history");

  private static final String DIRECTORY = "tpcb";
  private static final SqlScript DROP = SqlScript.load(DIRECTORY, "drop.sql");
  private static final SqlScript CREATE = SqlScript.load(DIRECTORY, "tables.sql");
  private static final SqlScript PARTITION = SqlScript.load(DIRECTORY, "partition.sql");
  private static final SqlScript GENERATE = SqlScript.load(DIRECTORY, "generate.sql");
  private static final SqlScript PRIMARY_KEYS = SqlScript.load(DIRECTORY, "primary-keys.sql");
  private static final SqlScript FOREIGN_KEYS = SqlScript.load(DIRECTORY, "foreign-keys.sql");

  private final TpcbLayout layout;

  public TpcbSchema(TpcbLayout layout) {
    this.layout = Objects.requireNonNull(layout, "layout");
  }

  public TpcbLayout layout() {
    return layout;
  }

  /** Step {@code d}: drops the four tables if they exist. */
  public List<String> dropTables() {
    return render(DROP, Map.of());
  }

  /** Step {@code t}: the four tables, then the partitions of {@code pgbench_accounts} if any. */
  public List<String> createTables() {
    Map<String, String> values = new HashMap<>();
    values.put("unlogged", layout.unlogged() ? "UNLOGGED" : "");
    values.put("aid_type", layout.scale().bigintAccountIds() ? "bigint" : "int");
    values.put("history_options", tablespaceClause());
    values.put("table_options", tableOptions());
    values.put("accounts_options", accountsOptions());
    List<String> statements = new ArrayList<>(render(CREATE, values));
    for (int number = 1; number <= layout.partitions(); number++) {
      values.put("number", Integer.toString(number));
      values.put("bounds", partitionBounds(number));
      statements.addAll(render(PARTITION, values));
    }
    return List.copyOf(statements);
  }

  /** Step {@code G}: empties the tables and fills them on the server, in one transaction. */
  public List<String> generateOnServer() {
    TpcbScale scale = layout.scale();
    return render(
        GENERATE,
        Map.of(
            "branches", Integer.toString(scale.branches()),
            "tellers", Integer.toString(scale.tellers()),
            "accounts", Long.toString(scale.accounts())));
  }

  /** Step {@code v}: {@code VACUUM ANALYZE} of each table (outside a transaction). */
  public List<String> vacuum() {
    return TABLES.stream().map(table -> "VACUUM ANALYZE " + table).toList();
  }

  /** Step {@code p}: the three primary keys. */
  public List<String> primaryKeys() {
    String clause =
        layout.indexTablespace().isEmpty()
            ? ""
            : "USING INDEX TABLESPACE " + quote(layout.indexTablespace());
    return render(PRIMARY_KEYS, Map.of("index_options", clause));
  }

  /** Step {@code f}: the five foreign keys, which need the primary keys. */
  public List<String> foreignKeys() {
    return render(FOREIGN_KEYS, Map.of());
  }

  /** A double-quoted SQL identifier, with inner quotes doubled. */
  public static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  private String tablespaceClause() {
    return layout.tablespace().isEmpty() ? "" : "TABLESPACE " + quote(layout.tablespace());
  }

  private String tableOptions() {
    String with = "WITH (fillfactor=" + layout.fillfactor() + ")";
    String tablespace = tablespaceClause();
    return tablespace.isEmpty() ? with : with + " " + tablespace;
  }

  private String accountsOptions() {
    if (!layout.partitioned()) {
      return tableOptions();
    }
    String partitionBy = "PARTITION BY " + layout.partitionMethod().name() + " (aid)";
    String tablespace = tablespaceClause();
    return tablespace.isEmpty() ? partitionBy : partitionBy + " " + tablespace;
  }

  /** The bounds of partition {@code number} (1-based), as pgbench splits the ids. */
  String partitionBounds(int number) {
    int count = layout.partitions();
    if (layout.partitionMethod() == PartitionMethod.HASH) {
      return "FOR VALUES WITH (MODULUS " + count + ", REMAINDER " + (number - 1) + ")";
    }
    long size = (layout.scale().accounts() + count - 1) / count;
    String from = number == 1 ? "MINVALUE" : Long.toString(1 + (number - 1) * size);
    String to = number == count ? "MAXVALUE" : Long.toString(1 + number * size);
    return "FOR VALUES FROM (" + from + ") TO (" + to + ")";
  }

  private static List<String> render(SqlScript script, Map<String, String> values) {
    return script.templates().stream().map(t -> script.render(t, values)).toList();
  }
}
