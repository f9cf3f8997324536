package org.tpccpg.core.ddl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.tpccpg.core.schema.TableSets;
import org.tpccpg.core.schema.TpccTable;

/**
 * The DDL of the TPC-C tables (TPC-C 1.3) as sysbench-tpcc lays them out: one table set per number,
 * each set a full copy of the nine tables with the number appended to every table, index and
 * constraint name. The statements come from {@code sql/tpcc/*.sql} on the classpath, the only place
 * DDL lives, rendered for a set number and the {@link StorageOptions}.
 *
 * <p>The phases follow a bulk load: {@link #createTables} (no keys), load the data, {@link
 * #primaryKeys}, {@link #secondaryIndexes}, then optionally {@link #foreignKeys}. Within {@code
 * primaryKeys} and {@code secondaryIndexes} the statements are independent of each other and may
 * run in parallel; foreign keys need all primary keys and are best run one after the other.
 *
 * <p>Rendering is pure: this class never touches a database. Instances are immutable and
 * thread-safe.
 */
public final class TpccSchema {
  private static final SqlScript TABLES = SqlScript.load("tables.sql");
  private static final SqlScript PRIMARY_KEYS = SqlScript.load("primary-keys.sql");
  private static final SqlScript INDEXES = SqlScript.load("indexes.sql");
  private static final SqlScript FOREIGN_KEYS = SqlScript.load("foreign-keys.sql");
  private static final SqlScript DROP = SqlScript.load("drop.sql");
  private static final SqlScript METADATA = SqlScript.load("metadata.sql");
  private static final SqlScript DROP_METADATA = SqlScript.load("drop-metadata.sql");

  /** The name a CREATE TABLE, CREATE INDEX or ADD CONSTRAINT ... PRIMARY KEY gives its relation. */
  private static final Pattern CREATED_NAME =
      Pattern.compile(
          "(?i)^(?:CREATE\\s+TABLE\\s+|CREATE\\s+INDEX\\s+|ALTER\\s+TABLE\\s+\\w+\\s+ADD\\s+CONSTRAINT\\s+)(\\w+)");

  private final StorageOptions storage;

  /** A schema whose tables and indexes are stored as {@code storage} says. */
  public TpccSchema(StorageOptions storage) {
    if (storage == null) {
      throw new IllegalArgumentException("storage must not be null; use StorageOptions.NONE");
    }
    this.storage = storage;
  }

  /** CREATE TABLE for the nine tables of {@code set}, without keys, in FK-safe order. */
  public List<String> createTables(int set) {
    return renderAll(TABLES, set);
  }

  /** CREATE TABLE for one table of {@code set}. */
  public String createTable(int set, TpccTable table) {
    return renderFor(TABLES, set, table).get(0);
  }

  /**
   * The eight PRIMARY KEY constraints of {@code set} (HISTORY has none); independent statements.
   */
  public List<String> primaryKeys(int set) {
    return renderAll(PRIMARY_KEYS, set);
  }

  /** The PRIMARY KEY constraint of one table, empty for HISTORY. */
  public Optional<String> primaryKey(int set, TpccTable table) {
    return renderFor(PRIMARY_KEYS, set, table).stream().findFirst();
  }

  /** The six secondary indexes of {@code set}; independent statements. */
  public List<String> secondaryIndexes(int set) {
    return renderAll(INDEXES, set);
  }

  /** The secondary indexes on one table of {@code set}; empty for most tables. */
  public List<String> secondaryIndexes(int set, TpccTable table) {
    return renderFor(INDEXES, set, table);
  }

  /** The ten FOREIGN KEY constraints of {@code set} (sysbench-tpcc's {@code use_fk}). */
  public List<String> foreignKeys(int set) {
    return renderAll(FOREIGN_KEYS, set);
  }

  /** DROP TABLE IF EXISTS for the nine tables of {@code set}, referencing tables first. */
  public List<String> dropTables(int set) {
    return renderAll(DROP, set);
  }

  /** The order in which a set's tables can be dropped with or without foreign keys. */
  public static List<TpccTable> dropOrder() {
    return DROP.templates().stream()
        .map(template -> SqlScript.targetTable(template).orElseThrow())
        .collect(Collectors.toUnmodifiableList());
  }

  /** DROP TABLE IF EXISTS for one table of {@code set}. */
  public String dropTable(int set, TpccTable table) {
    return renderFor(DROP, set, table).get(0);
  }

  /** CREATE TABLE for {@code tpcc_metadata} and {@code tpcc_metadata_table}, once per schema. */
  public List<String> createMetadata() {
    return renderAll(METADATA, Map.of());
  }

  /** The names of the metadata tables, which {@link #createMetadata} creates. */
  public static List<String> metadataTableNames() {
    return namesCreatedBy(renderAll(METADATA, Map.of()));
  }

  /**
   * The names of the relations a load of {@code set} creates under names of its own choosing: its
   * tables, primary-key indexes and secondary indexes. A relation of someone else's with one of
   * these names would make the load fail.
   */
  public List<String> relationNames(int set) {
    List<String> statements = new ArrayList<>(createTables(set));
    statements.addAll(primaryKeys(set));
    statements.addAll(secondaryIndexes(set));
    return namesCreatedBy(statements);
  }

  private static List<String> namesCreatedBy(List<String> statements) {
    List<String> names = new ArrayList<>();
    for (String statement : statements) {
      Matcher matcher = CREATED_NAME.matcher(statement);
      if (matcher.find()) {
        names.add(matcher.group(1));
      }
    }
    return names;
  }

  /** DROP TABLE IF EXISTS for the metadata tables. */
  public List<String> dropMetadata() {
    return renderAll(DROP_METADATA, Map.of());
  }

  private List<String> renderAll(SqlScript script, int set) {
    return renderAll(script, values(set));
  }

  private static List<String> renderAll(SqlScript script, Map<String, String> values) {
    return script.templates().stream()
        .map(template -> script.render(template, values))
        .collect(Collectors.toUnmodifiableList());
  }

  private List<String> renderFor(SqlScript script, int set, TpccTable table) {
    if (table == null) {
      throw new IllegalArgumentException("table must not be null");
    }
    Map<String, String> values = values(set);
    return script.templates().stream()
        .filter(template -> SqlScript.targetTable(template).equals(Optional.of(table)))
        .map(template -> script.render(template, values))
        .collect(Collectors.toUnmodifiableList());
  }

  private Map<String, String> values(int set) {
    return Map.of(
        "set", String.valueOf(TableSets.requireValid(set)),
        "table_options", storage.tableClause(),
        "index_options", storage.indexClause(),
        "pk_index_options", storage.primaryKeyClause());
  }
}
