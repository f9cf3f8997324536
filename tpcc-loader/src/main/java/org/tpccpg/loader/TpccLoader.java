package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.TpccVersion;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.schema.DataSetCatalog;
import org.tpccpg.core.schema.DataSetCatalogReader;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.schema.DataSetLock;
import org.tpccpg.core.schema.DataSetMetadata;
import org.tpccpg.core.schema.SetNumbers;
import org.tpccpg.core.schema.TableSetClaim;
import org.tpccpg.core.schema.TpccSchema;
import org.tpccpg.core.schema.TpccTable;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.core.tpcc.procedures.ProcedureInstaller;

/**
 * Creates and loads the TPC-C table sets, like pgbench does its tables: tables first, then the rows
 * through {@code COPY}, then primary keys, secondary indexes, foreign keys and {@code VACUUM
 * ANALYZE}. Each phase runs over all threads and ends before the next starts.
 *
 * <p>A failure removes what this load created, so no half-loaded set is left behind unannounced.
 */
public final class TpccLoader {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private static final String KEY_BUILD_MEMORY = "256MB";

  /** How many taken names a refusal lists before it only counts the rest. */
  private static final int MAX_NAMED = 5;

  private final ConnectionFactory connections;
  private final LoadListener listener;
  private volatile LoadPhase currentPhase = LoadPhase.CREATE;

  public TpccLoader(ConnectionFactory connections, LoadListener listener) {
    this.connections = connections;
    this.listener = listener;
  }

  /**
   * Loads a new data set, holding the data-set lock throughout, so that a second prepare or a
   * cleanup on the same schema is refused instead of racing this one.
   *
   * @throws DataSetException when a data set exists and {@code replaceExisting} is off, when a
   *     relation that is not ours has a name the load needs, or when the lock is held elsewhere
   */
  public LoadReport prepare(LoadConfig config, LoadProgress progress)
      throws SQLException, InterruptedException, DataSetException {
    try (DataSetLock lock = DataSetLock.acquire(connections, "prepare")) {
      return prepareLocked(lock, config, progress);
    }
  }

  private LoadReport prepareLocked(DataSetLock lock, LoadConfig config, LoadProgress progress)
      throws SQLException, InterruptedException, DataSetException {
    long started = System.nanoTime();
    DataSetCleaner cleaner = new DataSetCleaner(connections, config.threads());
    TpccSchema schema = new TpccSchema(config.storage());
    refuseOrReplaceExisting(lock, config, cleaner);
    refuseNamesTaken(config, schema);
    NuRandConstants constants = NuRandConstants.random(new TpccRandom(config.seed()));
    Instant loadedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    LoadContext context =
        new LoadContext(
            config.seed(),
            constants,
            TIMESTAMP.format(LocalDateTime.ofInstant(loadedAt, ZoneId.systemDefault())),
            progress);
    Map<LoadPhase, Duration> times = new EnumMap<>(LoadPhase.class);
    try {
      timed(LoadPhase.CREATE, times, () -> create(config, schema, constants, loadedAt));
      timed(LoadPhase.LOAD, times, () -> phase(config, "load", loadUnits(config, context)));
      timed(LoadPhase.PRIMARY_KEYS, times, () -> statements(config, "keys", keys(config, schema)));
      if (config.foreignKeys()) {
        timed(
            LoadPhase.INDEXES_AND_FOREIGN_KEYS,
            times,
            () -> phase(config, "index-fk", indexesAndForeignKeys(config, schema)));
      } else {
        timed(LoadPhase.INDEXES, times, () -> statements(config, "index", indexes(config, schema)));
      }
      timed(LoadPhase.ANALYZE, times, () -> phase(config, "analyze", analyze(config)));
      try (Connection connection = connections.open()) {
        DataSetMetadata.markComplete(connection);
      }
    } catch (SQLException | RuntimeException e) {
      throw cleanUpAfterFailure(lock, config, cleaner, e);
    }
    return new LoadReport(times, Duration.ofNanos(System.nanoTime() - started));
  }

  /**
   * Refuses to load over a data set, or (with {@code --force}) drops it first, but never a set
   * beyond {@code --tables}, and never a table that is not a data set's.
   */
  private void refuseOrReplaceExisting(DataSetLock lock, LoadConfig config, DataSetCleaner cleaner)
      throws SQLException, InterruptedException, DataSetException {
    DataSetCatalog catalog = readCatalog();
    SortedSet<Integer> claimed = catalog.claimedSets();
    if (claimed.isEmpty() && !catalog.hasLoadRecord()) {
      return;
    }
    String cleanup =
        claimed.isEmpty() || claimed.last() == 1 ? "cleanup" : "cleanup --tables=" + claimed.last();
    if (!config.replaceExisting()) {
      throw new DataSetException(
          "a TPC-C data set already exists in this database ("
              + describe(catalog, claimed)
              + "); run "
              + cleanup
              + " first, or prepare with --force to replace it");
    }
    SortedSet<Integer> beyond = claimed.tailSet(config.tableSets() + 1);
    if (!beyond.isEmpty()) {
      throw new DataSetException(
          "--force replaces table sets 1.."
              + config.tableSets()
              + " (--tables="
              + config.tableSets()
              + "), but the data set here also has table sets "
              + SetNumbers.describe(beyond)
              + ": run "
              + cleanup
              + " first");
    }
    cleaner.cleanupLocked(lock, config.tableSets(), DataSetCleaner.Progress.none());
  }

  private static String describe(DataSetCatalog catalog, SortedSet<Integer> claimed) {
    if (claimed.isEmpty()) {
      return "a load record of this tool, with none of its tables left";
    }
    boolean sysbench =
        claimed.stream()
            .allMatch(set -> catalog.claim(set).origin() == TableSetClaim.Origin.SYSBENCH_TPCC);
    return "table sets "
        + SetNumbers.describe(claimed)
        + (sysbench ? ", made by sysbench-tpcc" : ", made by this tool");
  }

  /**
   * Refuses a load that would need a name a relation of someone else's already has: CREATE would
   * fail half-way, and dropping that relation is not ours to do.
   */
  private void refuseNamesTaken(LoadConfig config, TpccSchema schema)
      throws SQLException, DataSetException {
    List<String> names = new ArrayList<>(TpccSchema.metadataTableNames());
    names.add(ProcedureInstaller.LIST_TABLE);
    for (int set = 1; set <= config.tableSets(); set++) {
      names.addAll(schema.relationNames(set));
    }
    Map<String, String> taken;
    try (Connection connection = connections.open()) {
      taken = DataSetCatalogReader.existingRelations(connection, names);
    }
    if (taken.isEmpty()) {
      return;
    }
    List<String> described = new ArrayList<>();
    taken.entrySet().stream()
        .limit(MAX_NAMED)
        .forEach(entry -> described.add(entry.getValue() + " " + entry.getKey()));
    throw new DataSetException(
        "prepare needs the name"
            + (taken.size() == 1 ? " " : "s ")
            + String.join(", ", described)
            + (taken.size() > MAX_NAMED ? " (and " + (taken.size() - MAX_NAMED) + " more)" : "")
            + " already taken in this schema by "
            + (taken.size() == 1 ? "a relation" : "relations")
            + " this tool did not create and will not drop: rename or drop "
            + (taken.size() == 1 ? "it" : "them")
            + ", or prepare into another schema (PGOPTIONS=\"-c search_path=...\")");
  }

  private DataSetCatalog readCatalog() throws SQLException {
    try (Connection connection = connections.open()) {
      return DataSetCatalogReader.read(connection);
    }
  }

  private void create(
      LoadConfig config, TpccSchema schema, NuRandConstants constants, Instant loadedAt)
      throws SQLException, InterruptedException {
    try (Connection connection = connections.open()) {
      connection.setAutoCommit(false);
      execute(connection, schema.createMetadata());
      ProcedureInstaller.createList(connection);
      DataSetMetadata.recordStart(
          connection,
          new DataSetInfo(
              config.tableSets(),
              config.warehousesPerSet(),
              config.seed(),
              constants,
              TpccVersion.get(),
              config.foreignKeys(),
              loadedAt,
              false,
              0,
              false));
      connection.commit();
    }
    List<SqlWork> work = new ArrayList<>();
    for (int set = 1; set <= config.tableSets(); set++) {
      work.add(createSet(schema, set));
    }
    phase(config, "create", work);
  }

  /**
   * The nine tables of one set and their lines in the load record, and the set's functions for
   * {@code --txn-mode=procedures} with theirs, in one transaction: a table or function exists only
   * if the record names it, so cleanup finds everything a failed load left.
   */
  private static SqlWork createSet(TpccSchema schema, int set) {
    return connection -> {
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        for (TpccTable table : TpccTable.values()) {
          statement.execute(schema.createTable(set, table));
          DataSetMetadata.recordTable(connection, set, table);
        }
        ProcedureInstaller.install(connection, set); // --txn-mode=procedures
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    };
  }

  private static List<SqlWork> loadUnits(LoadConfig config, LoadContext context) {
    List<SqlWork> units = new ArrayList<>();
    for (int set = 1; set <= config.tableSets(); set++) {
      units.add(new ItemsLoad(set, context));
    }
    // Warehouse 1 of every set, then warehouse 2 of every set, ...: sets fill up evenly.
    for (int warehouse = 1; warehouse <= config.warehousesPerSet(); warehouse++) {
      for (int set = 1; set <= config.tableSets(); set++) {
        units.add(new WarehouseLoad(set, warehouse, context));
      }
    }
    return units;
  }

  private static List<String> keys(LoadConfig config, TpccSchema schema) {
    List<String> statements = new ArrayList<>();
    for (int set = 1; set <= config.tableSets(); set++) {
      statements.addAll(schema.primaryKeys(set));
    }
    return statements;
  }

  private static List<String> indexes(LoadConfig config, TpccSchema schema) {
    List<String> statements = new ArrayList<>();
    for (int set = 1; set <= config.tableSets(); set++) {
      statements.addAll(schema.secondaryIndexes(set));
    }
    return statements;
  }

  /** The index builds first (they are quick), then the foreign keys, from one queue. */
  private static List<SqlWork> indexesAndForeignKeys(LoadConfig config, TpccSchema schema) {
    List<SqlWork> work = new ArrayList<>();
    for (String statement : indexes(config, schema)) {
      work.add(buildingKeys(statement));
    }
    work.addAll(foreignKeys(config, schema));
    return work;
  }

  /**
   * Every foreign key is its own work item. Adding one locks the referencing table, then the
   * referenced one, so conflicting keys wait for each other; they cannot deadlock, because a cycle
   * of waits would need a cycle of references, and the TPC-C foreign keys form none. An index build
   * takes a single lock, so it cannot close a cycle either.
   */
  private static List<SqlWork> foreignKeys(LoadConfig config, TpccSchema schema) {
    List<SqlWork> work = new ArrayList<>();
    for (int set = 1; set <= config.tableSets(); set++) {
      for (String statement : schema.foreignKeys(set)) {
        work.add(buildingKeys(statement));
      }
    }
    return work;
  }

  private static List<SqlWork> analyze(LoadConfig config) {
    List<SqlWork> work = new ArrayList<>();
    for (int set = 1; set <= config.tableSets(); set++) {
      for (TpccTable table : TpccTable.values()) {
        String sql = "VACUUM (ANALYZE) " + table.nameInSet(set);
        work.add(autocommit(List.of(sql)));
      }
    }
    return work;
  }

  private void statements(LoadConfig config, String name, List<String> statements)
      throws SQLException, InterruptedException {
    List<SqlWork> work = new ArrayList<>();
    for (String sql : statements) {
      work.add(buildingKeys(sql));
    }
    phase(config, name, work);
  }

  private void phase(LoadConfig config, String name, List<SqlWork> work)
      throws SQLException, InterruptedException {
    LoadPhase phase = currentPhase;
    List<SqlWork> counted = new ArrayList<>(work.size());
    AtomicInteger done = new AtomicInteger();
    for (SqlWork item : work) {
      counted.add(
          connection -> {
            item.run(connection);
            if (phase != LoadPhase.LOAD) {
              listener.workDone(phase, done.incrementAndGet(), work.size());
            }
          });
    }
    new ParallelPhase(connections, config.threads(), name).run(counted);
  }

  /** Runs the statements in the connection's current transaction mode. */
  private static void execute(Connection connection, List<String> statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  /**
   * Index builds sort, and foreign-key validation joins, whole tables: give them the memory a
   * one-off bulk operation deserves (session settings of the loader's own connections only), so
   * they do not spill to disk at PostgreSQL's small defaults.
   */
  private static SqlWork buildingKeys(String statement) {
    return autocommit(
        List.of(
            "SET maintenance_work_mem = '" + KEY_BUILD_MEMORY + "'",
            "SET work_mem = '" + KEY_BUILD_MEMORY + "'",
            statement));
  }

  /** Work that runs each statement as a transaction of its own (VACUUM needs that). */
  private static SqlWork autocommit(List<String> statements) {
    return connection -> {
      connection.setAutoCommit(true);
      execute(connection, statements);
    };
  }

  private void timed(LoadPhase phase, Map<LoadPhase, Duration> times, PhaseBody body)
      throws SQLException, InterruptedException {
    currentPhase = phase;
    listener.phaseStarted(phase);
    long start = System.nanoTime();
    body.run();
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    times.put(phase, elapsed);
    listener.phaseFinished(phase, elapsed);
  }

  /**
   * Removes what the failed load created and returns the failure to throw. When that is not
   * possible either (the server went away), the failure says so and what to run, as Ctrl-C does.
   */
  private static SQLException cleanUpAfterFailure(
      DataSetLock lock, LoadConfig config, DataSetCleaner cleaner, Exception failure)
      throws InterruptedException {
    SQLException thrown =
        failure instanceof SQLException sql ? sql : new SQLException(failure.getMessage(), failure);
    try {
      cleaner.cleanupLocked(lock, config.tableSets(), DataSetCleaner.Progress.none());
      return thrown;
    } catch (SQLException | RuntimeException cleanupFailure) {
      SQLException combined =
          new SQLException(
              thrown.getMessage()
                  + "; the incomplete table sets 1.."
                  + config.tableSets()
                  + " could not be removed ("
                  + cleanupFailure.getMessage()
                  + "): run cleanup",
              thrown.getSQLState(),
              thrown);
      combined.addSuppressed(cleanupFailure);
      return combined;
    }
  }

  @FunctionalInterface
  private interface PhaseBody {
    void run() throws SQLException, InterruptedException;
  }
}
