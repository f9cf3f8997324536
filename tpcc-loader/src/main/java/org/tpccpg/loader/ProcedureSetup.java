package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.catalog.DataSetCatalog;
import org.tpccpg.core.catalog.DataSetCatalogReader;
import org.tpccpg.core.catalog.DataSetLock;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.procedures.ProcedureInstaller;

/**
 * {@code install-procedures}: installs the functions of {@code --txn-mode=procedures} into a data
 * set prepared before {@code prepare} installed them (or replaces ours after an upgrade), under the
 * data-set lock and in one transaction.
 *
 * <p>Only into a complete data set this tool prepared and whose tables its load record lists: the
 * functions are listed beside those tables, so cleanup drops them with their sets. A sysbench-tpcc
 * data set is refused: it has no record to list them in, and sysbench-tpcc's cleanup would leave
 * them behind.
 */
public final class ProcedureSetup {
  private final ConnectionFactory connections;

  public ProcedureSetup(ConnectionFactory connections) {
    this.connections = connections;
  }

  /**
   * Installs the functions of every set of the data set.
   *
   * @return the record of the data set it installed them into
   * @throws DataSetException when there is no data set of this tool's here, or it is incomplete, or
   *     another prepare, cleanup or install holds the lock
   */
  public DataSetInfo install() throws SQLException, DataSetException {
    try (DataSetLock lock = DataSetLock.acquire(connections, "install-procedures")) {
      return installLocked(lock);
    }
  }

  private DataSetInfo installLocked(DataSetLock held) throws SQLException, DataSetException {
    Objects.requireNonNull(held, "held");
    try (Connection connection = connections.open()) {
      DataSetInfo info = requireOurs(connection);
      connection.setAutoCommit(false);
      try {
        for (int set = 1; set <= info.tableSets(); set++) {
          ProcedureInstaller.install(connection, set);
        }
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
      return info;
    }
  }

  private static DataSetInfo requireOurs(Connection connection)
      throws SQLException, DataSetException {
    DataSetCatalog catalog = DataSetCatalogReader.read(connection);
    Optional<DataSetInfo> record = catalog.record();
    if (record.isEmpty() && !catalog.hasLoadRecord() && !catalog.claimedSets().isEmpty()) {
      throw new DataSetException(
          "the TPC-C tables here are sysbench-tpcc's: install-procedures installs only into a data"
              + " set this tool prepared (run prepare with this tool, in another database or after"
              + " sysbench-tpcc's cleanup)");
    }
    if (record.isPresent() && !catalog.listsTables()) {
      throw new DataSetException(
          "this data set was prepared by an older version of this tool that did not list its"
              + " tables, so its functions could not be cleaned up: run cleanup, then prepare");
    }
    int sets = record.map(DataSetInfo::tableSets).orElse(1);
    int warehouses = record.map(DataSetInfo::warehousesPerSet).orElse(1);
    // The same refusals as a run: no data set, an empty or incomplete record, a table gone.
    return DataSetMetadata.requireMatching(connection, sets, warehouses);
  }
}
