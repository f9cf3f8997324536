package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.tpccpg.core.schema.DataSetMetadata;
import org.tpccpg.core.schema.StorageOptions;
import org.tpccpg.core.schema.TpccSchema;
import org.tpccpg.core.sql.ConnectionFactory;

/**
 * Drops TPC-C table sets and the load metadata: {@code cleanup}. Idempotent; sets are dropped in
 * parallel, each set's tables in foreign-key order.
 *
 * <p>It drops sets 1..N for the N given, and also every other set it finds in the current schema or
 * the metadata says was loaded, so a cleanup with fewer {@code --tables} than the prepare still
 * removes everything.
 */
public final class DataSetCleaner {
  private final ConnectionFactory connections;
  private final int threads;
  private final TpccSchema schema = new TpccSchema(StorageOptions.NONE);

  public DataSetCleaner(ConnectionFactory connections, int threads) {
    this.connections = connections;
    this.threads = threads;
  }

  /** Drops the sets and the metadata; returns the numbers of the sets it dropped tables of. */
  public SortedSet<Integer> cleanup(int tableSets) throws SQLException, InterruptedException {
    SortedSet<Integer> sets = new TreeSet<>();
    for (int set = 1; set <= tableSets; set++) {
      sets.add(set);
    }
    SortedSet<Integer> present;
    try (Connection connection = connections.open()) {
      present = DataSetMetadata.existingSets(connection);
      DataSetMetadata.read(connection)
          .ifPresent(
              info -> {
                for (int set = 1; set <= info.tableSets(); set++) {
                  sets.add(set);
                }
              });
    }
    sets.addAll(present);
    List<SqlWork> work = new ArrayList<>();
    for (int set : sets) {
      List<String> drops = schema.dropTables(set);
      work.add(connection -> execute(connection, drops));
    }
    new ParallelPhase(connections, threads, "cleanup").run(work);
    try (Connection connection = connections.open()) {
      execute(connection, schema.dropMetadata());
    }
    return present;
  }

  private static void execute(Connection connection, List<String> statements) throws SQLException {
    connection.setAutoCommit(true);
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
