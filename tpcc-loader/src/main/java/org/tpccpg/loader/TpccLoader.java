package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.ResultSet;
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
import java.util.Optional;
import java.util.SortedSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.catalog.DataSetCatalog;
import org.tpccpg.core.catalog.DataSetCatalogReader;
import org.tpccpg.core.catalog.DataSetLock;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.catalog.SetNumbers;
import org.tpccpg.core.catalog.TableSetClaim;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.core.catalog.UnfinishedLoad;
import org.tpccpg.core.ddl.CitusScript;
import org.tpccpg.core.ddl.TpccSchema;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.schema.Distribution;
import org.tpccpg.core.schema.TpccTable;
import org.tpccpg.core.spec.TpccConstants;
import org.tpccpg.core.sql.SqlStateClass;
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
    LoadContext context = context(config.seed(), constants, loadedAt, progress);
    Map<LoadPhase, Duration> times = new EnumMap<>(LoadPhase.class);
    try {
      timed(LoadPhase.CREATE, times, () -> create(config, schema, constants, loadedAt));
      timed(LoadPhase.LOAD, times, () -> phase(config, "load", loadUnits(config, context)));
      finishLocked(config, schema, times, false);
    } catch (SQLException | RuntimeException e) {
      throw cleanUpAfterFailure(lock, config, cleaner, e);
    }
    return new LoadReport(times, Duration.ofNanos(System.nanoTime() - started));
  }

  private static LoadContext context(
      long seed, NuRandConstants constants, Instant loadedAt, LoadProgress progress) {
    return new LoadContext(
        seed,
        constants,
        TIMESTAMP.format(LocalDateTime.ofInstant(loadedAt, ZoneId.systemDefault())),
        progress);
  }

  /**
   * Keys, indexes and foreign keys, ANALYZE, then the record says the load is complete. With {@code
   * builtMayBeThere} (the finish step, which may follow a prepare killed among its keys), a key or
   * index that is there already counts as built instead of failing the step.
   */
  private void finishLocked(
      LoadConfig config, TpccSchema schema, Map<LoadPhase, Duration> times, boolean builtMayBeThere)
      throws SQLException, InterruptedException {
    UnaryOperator<List<SqlWork>> once =
        work -> builtMayBeThere ? work.stream().map(TpccLoader::unlessThere).toList() : work;
    timed(
        LoadPhase.PRIMARY_KEYS,
        times,
        () -> phase(config, "keys", once.apply(keyBuilds(keys(config, schema)))));
    if (config.foreignKeys()) {
      timed(
          LoadPhase.INDEXES_AND_FOREIGN_KEYS,
          times,
          () -> phase(config, "index-fk", once.apply(indexesAndForeignKeys(config, schema))));
    } else {
      timed(
          LoadPhase.INDEXES,
          times,
          () -> phase(config, "index", once.apply(keyBuilds(indexes(config, schema)))));
    }
    timed(LoadPhase.ANALYZE, times, () -> phase(config, "analyze", analyze(config)));
    try (Connection connection = connections.open()) {
      DataSetMetadata.markComplete(connection);
    }
  }

  /**
   * The first step of a scale-out prepare ({@code prepare --only=schema}): refuses or replaces an
   * existing data set as {@link #prepare} does, then creates the tables (distributed with Citus)
   * and the load record, with the seed and NURand constants every range load will read from it. No
   * row is loaded.
   */
  public LoadReport prepareSchema(LoadConfig config)
      throws SQLException, InterruptedException, DataSetException {
    try (DataSetLock lock = DataSetLock.acquire(connections, "prepare")) {
      long started = System.nanoTime();
      DataSetCleaner cleaner = new DataSetCleaner(connections, config.threads());
      TpccSchema schema = new TpccSchema(config.storage());
      refuseOrReplaceExisting(lock, config, cleaner);
      refuseNamesTaken(config, schema);
      NuRandConstants constants = NuRandConstants.random(new TpccRandom(config.seed()));
      Instant loadedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      Map<LoadPhase, Duration> times = new EnumMap<>(LoadPhase.class);
      try {
        timed(LoadPhase.CREATE, times, () -> create(config, schema, constants, loadedAt));
      } catch (SQLException | RuntimeException e) {
        throw cleanUpAfterFailure(lock, config, cleaner, e);
      }
      return new LoadReport(times, Duration.ofNanos(System.nanoTime() - started));
    }
  }

  /**
   * The middle step of a scale-out prepare ({@code prepare --warehouses=FROM-TO}): loads the rows
   * of warehouses {@code range} of every table set, and the items when {@code items}, exactly as a
   * whole prepare would (the seed, NURand constants and load time come from the load record). Any
   * number of range loads run at once, holding the data-set lock in shared mode. Refuses a data set
   * whose schema step did not run, one already complete, and warehouses already loaded.
   *
   * <p>A failure removes nothing (the other drivers' rows are in the same tables): the warehouses
   * loaded so far stay, each whole or absent, and the load record says {@code loading}.
   */
  public LoadReport loadRange(
      LoadConfig config, WarehouseRange range, boolean items, LoadProgress progress)
      throws SQLException, InterruptedException, DataSetException {
    return loadRange(config, range, items, false, progress);
  }

  /**
   * {@link #loadRange(LoadConfig, WarehouseRange, boolean, LoadProgress)}, or with {@code resume}
   * only the warehouses of {@code range} (in each set) and the items that are not there yet: the
   * rest of a range load that was stopped or killed, whose whole warehouses stay. Two loads of one
   * warehouse at once load it once ({@link LoadClaim}).
   */
  @SuppressWarnings("try") // the lock is held, not used, for as long as the body runs
  public LoadReport loadRange(
      LoadConfig config, WarehouseRange range, boolean items, boolean resume, LoadProgress progress)
      throws SQLException, InterruptedException, DataSetException {
    try (DataSetLock lock = DataSetLock.acquireShared(connections, "prepare")) {
      long started = System.nanoTime();
      DataSetInfo info = requireLoading(config, "--warehouses=" + range);
      if (range.last() > config.warehousesPerSet()) {
        throw new DataSetException(
            "--warehouses="
                + range
                + " reaches beyond the "
                + config.warehousesPerSet()
                + " warehouses of a set (--scale="
                + config.warehousesPerSet()
                + ")");
      }
      UnfinishedLoad gaps = resume ? gaps(config).within(range) : null;
      if (!resume) {
        refuseLoaded(config, range, items);
      }
      LoadContext context = context(info.seed(), info.loadConstants(), info.loadedAt(), progress);
      List<SqlWork> units = new ArrayList<>();
      for (int set = 1; items && set <= config.tableSets(); set++) {
        if (gaps == null || gaps.sets().get(set - 1).itemsMissing()) {
          units.add(new ItemsLoad(set, context));
        }
      }
      for (int warehouse = range.first(); warehouse <= range.last(); warehouse++) {
        for (int set = 1; set <= config.tableSets(); set++) {
          if (gaps == null || gaps.sets().get(set - 1).lacks(warehouse)) {
            units.add(new WarehouseLoad(set, warehouse, context));
          }
        }
      }
      Map<LoadPhase, Duration> times = new EnumMap<>(LoadPhase.class);
      timed(LoadPhase.LOAD, times, () -> phase(config, "load", units));
      return new LoadReport(times, Duration.ofNanos(System.nanoTime() - started));
    }
  }

  /**
   * The last step of a scale-out prepare ({@code prepare --only=finish}), after every range load:
   * checks that every warehouse and item of every set is there exactly once, then builds the keys,
   * indexes and foreign keys, analyzes and marks the load complete, as {@link #prepare} does after
   * its own load. Keys and indexes that are there (a prepare killed among them) count as built.
   */
  @SuppressWarnings("try") // the lock is held, not used, for as long as the body runs
  public LoadReport finish(LoadConfig config)
      throws SQLException, InterruptedException, DataSetException {
    try (DataSetLock lock = DataSetLock.acquire(connections, "prepare")) {
      long started = System.nanoTime();
      DataSetInfo info = requireLoading(config, "--only=finish");
      if (info.foreignKeys() != config.foreignKeys()) {
        throw new DataSetException(
            "--use-fk="
                + (config.foreignKeys() ? 1 : 0)
                + " but the schema step recorded --use-fk="
                + (info.foreignKeys() ? 1 : 0)
                + ": give every step of the prepare the same options");
      }
      if (!info.distribution().equals(config.distribution().label())) {
        // the schema step distributed the tables (or not); the foreign keys must fit that layout
        throw new DataSetException(
            "--distribute="
                + config.distribution().label()
                + " but the schema step recorded --distribute="
                + info.distribution()
                + ": give every step of the prepare the same options");
      }
      requireEveryWarehouseOnce(config);
      Map<LoadPhase, Duration> times = new EnumMap<>(LoadPhase.class);
      try {
        finishLocked(config, new TpccSchema(config.storage()), times, true);
      } catch (SQLException e) {
        throw new SQLException(
            e.getMessage()
                + "; the data set stays incomplete (tpcc_metadata says 'loading'): run cleanup,"
                + " then prepare again",
            e.getSQLState(),
            e);
      }
      return new LoadReport(times, Duration.ofNanos(System.nanoTime() - started));
    }
  }

  /** The load record of a data set whose schema step ran and whose finish did not. */
  private DataSetInfo requireLoading(LoadConfig config, String step)
      throws SQLException, DataSetException {
    Optional<DataSetInfo> recorded;
    try (Connection connection = connections.open()) {
      recorded = DataSetMetadata.read(connection);
    }
    if (recorded.isEmpty()) {
      throw new DataSetException(
          "prepare "
              + step
              + " needs the tables of a scale-out prepare, and there is no load record here: run"
              + " prepare --only=schema first");
    }
    DataSetInfo info = recorded.get();
    if (info.complete()) {
      throw new DataSetException(
          "prepare "
              + step
              + ": the data set here is complete already (its prepare finished); run cleanup"
              + " first to load it again");
    }
    if (info.tableSets() != config.tableSets()
        || info.warehousesPerSet() != config.warehousesPerSet()) {
      throw new DataSetException(
          "prepare "
              + step
              + " with --tables="
              + config.tableSets()
              + " --scale="
              + config.warehousesPerSet()
              + ", but the schema step made "
              + info.tableSets()
              + " table set(s) of "
              + info.warehousesPerSet()
              + " warehouse(s): give every step the same --tables and --scale");
    }
    return info;
  }

  /** Refuses a range (or the items) that another range load has loaded already. */
  private void refuseLoaded(LoadConfig config, WarehouseRange range, boolean items)
      throws SQLException, DataSetException {
    try (Connection connection = connections.open();
        Statement statement = connection.createStatement()) {
      for (int set = 1; set <= config.tableSets(); set++) {
        String warehouse = TpccTable.WAREHOUSE.nameInSet(set);
        try (ResultSet row =
            statement.executeQuery(
                "SELECT min(w_id), count(*) FROM "
                    + warehouse
                    + " WHERE w_id BETWEEN "
                    + range.first()
                    + " AND "
                    + range.last())) {
          row.next();
          if (row.getLong(2) > 0) {
            throw new DataSetException(
                "--warehouses="
                    + range
                    + ": "
                    + row.getLong(2)
                    + " of these warehouses are in "
                    + warehouse
                    + " already (the first is "
                    + row.getInt(1)
                    + "): each range is loaded by one prepare only; if this range's load was"
                    + " stopped, the same command with --resume loads only the rest ("
                    + gaps(config).within(range).describe()
                    + ")");
          }
        }
        String item = TpccTable.ITEM.nameInSet(set);
        try (ResultSet row = statement.executeQuery("SELECT EXISTS (SELECT 1 FROM " + item + ")")) {
          row.next();
          if (items && row.getBoolean(1)) {
            throw new DataSetException(
                "--load-items: "
                    + item
                    + " holds its items already: only one range load is given --load-items");
          }
        }
      }
    }
  }

  /**
   * Before the keys: every warehouse 1..scale once in every set, and the items, so that a range
   * never loaded (or loaded twice) is named here rather than by a failed primary key or a check.
   */
  private void requireEveryWarehouseOnce(LoadConfig config) throws SQLException, DataSetException {
    int scale = config.warehousesPerSet();
    try (Connection connection = connections.open();
        Statement statement = connection.createStatement()) {
      for (int set = 1; set <= config.tableSets(); set++) {
        String warehouse = TpccTable.WAREHOUSE.nameInSet(set);
        try (ResultSet row =
            statement.executeQuery(
                "SELECT count(*), count(DISTINCT w_id), count(*) FILTER (WHERE w_id BETWEEN 1 AND "
                    + scale
                    + ") FROM "
                    + warehouse)) {
          row.next();
          long rows = row.getLong(1);
          long distinct = row.getLong(2);
          long inRange = row.getLong(3);
          if (rows != distinct) {
            throw new DataSetException(
                warehouse
                    + " has "
                    + (rows - distinct)
                    + " warehouse(s) loaded twice (overlapping --warehouses ranges): run cleanup,"
                    + " then prepare again");
          }
          if (inRange != scale || rows != scale) {
            throw missingRows(config);
          }
        }
        String item = TpccTable.ITEM.nameInSet(set);
        try (ResultSet row = statement.executeQuery("SELECT count(*) FROM " + item)) {
          row.next();
          if (row.getLong(1) != TpccConstants.ITEMS) {
            throw missingRows(config);
          }
        }
      }
    }
  }

  /** The finish step's refusal: what is missing, and the range load that adds only that. */
  private DataSetException missingRows(LoadConfig config) throws SQLException {
    UnfinishedLoad gaps = gaps(config);
    return new DataSetException(
        "prepare --only=finish: "
            + gaps.describe()
            + "; once no range load is running, load what is missing with "
            + gaps.resumeCommand().orElse("prepare --warehouses=FROM-TO")
            + " (it loads only the warehouses and items not there yet), then --only=finish"
            + " again");
  }

  private UnfinishedLoad gaps(LoadConfig config) throws SQLException {
    try (Connection connection = connections.open()) {
      return UnfinishedLoad.read(connection, config.tableSets(), config.warehousesPerSet());
    }
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
            + ", or prepare into another schema (--pgsql-schema=SCHEMA, or PGOPTIONS=\"-c"
            + " search_path=SCHEMA\")");
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
              false,
              DataSetInfo.Origin.THIS_TOOL,
              config.distribution().label()));
      connection.commit();
    }
    List<SqlWork> work = new ArrayList<>();
    for (int set = 1; set <= config.tableSets(); set++) {
      work.add(createSet(schema, set));
    }
    phase(config, "create", work);
    distribute(config);
  }

  /**
   * With Citus, makes the empty tables distributed and reference tables, set by set, each set's
   * statements in the order {@code sql/tpcc/citus.sql} gives them, on one connection: a table must
   * be distributed before another is colocated with it.
   */
  private void distribute(LoadConfig config) throws SQLException {
    if (config.distribution() == Distribution.NONE) {
      return;
    }
    try (Connection connection = connections.open()) {
      connection.setAutoCommit(true);
      for (int set = 1; set <= config.tableSets(); set++) {
        execute(connection, CitusScript.distributeTables(config.distribution(), set));
      }
    }
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
        if (config.distribution().acceptsForeignKey(set, statement)) {
          work.add(buildingKeys(statement));
        }
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

  private static List<SqlWork> keyBuilds(List<String> statements) {
    List<SqlWork> work = new ArrayList<>();
    for (String sql : statements) {
      work.add(buildingKeys(sql));
    }
    return work;
  }

  /** The key or index build, or nothing when it is there already (see {@link #finishLocked}). */
  private static SqlWork unlessThere(SqlWork build) {
    return connection -> {
      try {
        build.run(connection);
      } catch (SQLException e) {
        if (!SqlStateClass.isAlreadyThere(e.getSQLState())) {
          throw e;
        }
      }
    };
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
