package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.catalog.DataSetCatalog;
import org.tpccpg.core.catalog.DataSetCatalogReader;
import org.tpccpg.core.catalog.DataSetLock;
import org.tpccpg.core.catalog.FoundTable;
import org.tpccpg.core.catalog.TableSetClaim;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.core.ddl.TpccSchema;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.schema.TpccTable;
import org.tpccpg.core.tpcc.procedures.ProcedureInstaller;

/**
 * Drops TPC-C table sets: {@code cleanup}. It drops only what {@link DataSetCatalog} says belongs
 * to a data set (the tables this tool's load record lists, or a complete sysbench-tpcc set) and
 * only in sets 1..{@code --tables}, as sysbench-tpcc's cleanup never goes beyond its {@code
 * --tables} either. Everything else named like a TPC-C table is the user's: it is reported and left
 * alone.
 *
 * <p>Each set is dropped in one transaction (the functions of {@code --txn-mode=procedures} the
 * record lists, tables in foreign-key order, then its lines in the load record), sets in parallel.
 * The load record goes once no set of it is left. Safe to repeat.
 */
public final class DataSetCleaner {
  private static final String FORGET_SET =
      """
      DELETE FROM tpcc_metadata_table WHERE set_number = ?
      """;

  private final ConnectionFactory connections;
  private final int threads;
  private final TpccSchema schema = new TpccSchema(StorageOptions.NONE);

  public DataSetCleaner(ConnectionFactory connections, int threads) {
    this.connections = connections;
    this.threads = threads;
  }

  /** Told how many of the sets to drop are done, for a progress line on long cleanups. */
  @FunctionalInterface
  public interface Progress {
    void setsDropped(int done, int total);

    static Progress none() {
      return (done, total) -> {};
    }
  }

  /**
   * Drops the data set's tables in sets 1..{@code tableSets}, and the load record when no set of it
   * is left, under the data-set lock.
   *
   * @throws DataSetException when another prepare or cleanup holds the lock
   */
  public CleanupReport cleanup(int tableSets, Progress progress)
      throws SQLException, InterruptedException, DataSetException {
    try (DataSetLock lock = DataSetLock.acquire(connections, "cleanup")) {
      return cleanupLocked(lock, tableSets, progress);
    }
  }

  /** {@link #cleanup(int, Progress)} without progress. */
  public CleanupReport cleanup(int tableSets)
      throws SQLException, InterruptedException, DataSetException {
    return cleanup(tableSets, Progress.none());
  }

  /** The cleanup, for a caller that holds the data-set lock already (and proves it). */
  CleanupReport cleanupLocked(DataSetLock held, int tableSets, Progress progress)
      throws SQLException, InterruptedException {
    Objects.requireNonNull(held, "held");
    DataSetCatalog catalog = read();
    boolean listed = catalog.listsTables();
    List<String> leftAlone = new ArrayList<>();
    List<TableSetClaim> toDrop = new ArrayList<>();
    for (int set : catalog.namedSets().headSet(tableSets + 1)) {
      TableSetClaim claim = catalog.claim(set);
      leftAlone.addAll(claim.notOurs());
      if (claim.claimed()) {
        toDrop.add(claim);
      }
    }
    SortedMap<Integer, Integer> dropped = new ConcurrentSkipListMap<>();
    AtomicInteger functions = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    List<SqlWork> work = new ArrayList<>();
    for (TableSetClaim claim : toDrop) {
      work.add(
          connection -> {
            functions.addAndGet(drop(connection, claim, listed));
            dropped.put(claim.set(), claim.ours().size());
            progress.setsDropped(done.incrementAndGet(), toDrop.size());
          });
    }
    new ParallelPhase(connections, threads, "cleanup").run(work);
    SortedSet<Integer> outsideScope = catalog.claimedSets().tailSet(tableSets + 1);
    boolean recordDropped = dropRecordIfNoSetIsLeft();
    return new CleanupReport(dropped, recordDropped, leftAlone, outsideScope, functions.get());
  }

  private DataSetCatalog read() throws SQLException {
    try (Connection connection = connections.open()) {
      return DataSetCatalogReader.read(connection);
    }
  }

  /** Drops one set; returns how many of our functions it dropped with it. */
  private int drop(Connection connection, TableSetClaim claim, boolean listed) throws SQLException {
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      // Only the functions this tool listed for the set, as it installed them; never a user's.
      int functions = ProcedureInstaller.drop(connection, claim.set());
      for (TpccTable table : TpccSchema.dropOrder()) {
        for (FoundTable ours : claim.ours()) {
          if (ours.table() == table) {
            statement.execute(schema.dropTable(claim.set(), table));
          }
        }
      }
      if (listed) {
        try (PreparedStatement forget = connection.prepareStatement(FORGET_SET)) {
          forget.setInt(1, claim.set());
          forget.executeUpdate();
        }
      }
      connection.commit();
      return functions;
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    }
  }

  private boolean dropRecordIfNoSetIsLeft() throws SQLException {
    try (Connection connection = connections.open()) {
      DataSetCatalog after = DataSetCatalogReader.read(connection);
      if (!after.hasLoadRecord() || !after.setsOfThisTool().isEmpty()) {
        return false;
      }
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        for (String sql : schema.dropMetadata()) {
          statement.execute(sql);
        }
      }
      connection.commit();
      return true;
    }
  }
}
