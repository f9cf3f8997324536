package org.tpccpg.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.testkit.PostgresFixture;

class TpccLoaderIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final long SEED = 20261130L;

  @AfterEach
  void cleanUp() throws Exception {
    new DataSetCleaner(POSTGRES.database()::connect, 2).cleanup(2);
  }

  private static LoadConfig config(int sets, int warehouses, int threads, boolean fk) {
    return LoadConfig.of(sets, warehouses, threads, SEED).withForeignKeys(fk);
  }

  private static LoadProgress load(LoadConfig config) throws Exception {
    LoadProgress progress = new LoadProgress(config.tableSets(), config.warehousesPerSet());
    new TpccLoader(POSTGRES.database()::connect, LoadListener.none()).prepare(config, progress);
    return progress;
  }

  @Test
  void twoSetsOfTwoWarehousesWithForeignKeysHaveExactRowCountsKeysAndConsistentData()
      throws Exception {
    LoadProgress progress = load(config(2, 2, 2, true));
    try (Connection connection = POSTGRES.database().connect()) {
      for (int set = 1; set <= 2; set++) {
        assertEquals(2, Catalog.count(connection, "SELECT count(*) FROM warehouse" + set));
        assertEquals(20, Catalog.count(connection, "SELECT count(*) FROM district" + set));
        assertEquals(60_000, Catalog.count(connection, "SELECT count(*) FROM customer" + set));
        assertEquals(60_000, Catalog.count(connection, "SELECT count(*) FROM history" + set));
        assertEquals(60_000, Catalog.count(connection, "SELECT count(*) FROM orders" + set));
        assertEquals(18_000, Catalog.count(connection, "SELECT count(*) FROM new_orders" + set));
        assertEquals(200_000, Catalog.count(connection, "SELECT count(*) FROM stock" + set));
        assertEquals(100_000, Catalog.count(connection, "SELECT count(*) FROM item" + set));
        assertEquals(
            Catalog.count(connection, "SELECT sum(o_ol_cnt) FROM orders" + set),
            Catalog.count(connection, "SELECT count(*) FROM order_line" + set));
        assertEquals(8, Catalog.constraints(connection, 'p', set), "primary keys");
        assertEquals(6, Catalog.secondaryIndexes(connection, set), "secondary indexes");
        assertEquals(10, Catalog.constraints(connection, 'f', set), "foreign keys");
        assertAllConditionsPass(connection, set, 2);
      }
      long orderLines =
          Catalog.count(connection, "SELECT count(*) FROM order_line1")
              + Catalog.count(connection, "SELECT count(*) FROM order_line2");
      assertEquals(
          orderLines, progress.rows(org.tpccpg.core.schema.TpccTable.ORDER_LINE), "progress");
      DataSetInfo info = DataSetMetadata.read(connection).orElseThrow();
      assertEquals(2, info.tableSets());
      assertEquals(2, info.warehousesPerSet());
      assertEquals(SEED, info.seed());
      assertEquals(TpccVersion.get(), info.toolVersion());
      assertTrue(info.foreignKeys());
      assertTrue(info.complete(), "load recorded as complete");
      assertTrue(
          Catalog.count(
                  connection,
                  "SELECT count(*) FROM pg_stat_user_tables"
                      + " WHERE relname = 'stock1' AND last_analyze IS NULL AND last_autoanalyze IS NULL")
              == 0,
          "analyzed after loading");
    }
  }

  private static void assertAllConditionsPass(Connection connection, int set, int warehouses)
      throws SQLException {
    connection.setAutoCommit(false);
    connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    List<ConditionResult> results =
        ConsistencyCheck.allConditions().run(connection, CheckScope.wholeSet(set, warehouses));
    connection.rollback();
    connection.setAutoCommit(true);
    assertEquals(12, results.size());
    for (ConditionResult result : results) {
      assertTrue(result.passed(), () -> "set " + set + ": " + result);
    }
  }

  @Test
  void withoutForeignKeysNoneAreCreated() throws Exception {
    load(config(1, 1, 2, false));
    try (Connection connection = POSTGRES.database().connect()) {
      assertEquals(0, Catalog.constraints(connection, 'f', 1));
      assertEquals(8, Catalog.constraints(connection, 'p', 1));
      assertTrue(!DataSetMetadata.read(connection).orElseThrow().foreignKeys());
    }
  }

  @Test
  void theSameSeedGivesTheSameDataWhateverTheThreadCount() throws Exception {
    String fingerprint =
        "SELECT md5(string_agg(concat_ws(':', c_w_id, c_d_id, c_id, c_last, c_first, c_credit,"
            + " c_data), ',' ORDER BY c_w_id, c_d_id, c_id)) FROM customer1";
    String stock =
        "SELECT md5(string_agg(concat_ws(':', s_w_id, s_i_id, s_quantity, s_data), ','"
            + " ORDER BY s_w_id, s_i_id)) FROM stock1";
    load(config(1, 2, 1, false));
    String customersOneThread;
    String stockOneThread;
    try (Connection connection = POSTGRES.database().connect()) {
      customersOneThread = Catalog.string(connection, fingerprint);
      stockOneThread = Catalog.string(connection, stock);
    }
    cleanUp();
    load(config(1, 2, 2, false));
    try (Connection connection = POSTGRES.database().connect()) {
      assertEquals(customersOneThread, Catalog.string(connection, fingerprint));
      assertEquals(stockOneThread, Catalog.string(connection, stock));
    }
  }

  @Test
  void anExistingDataSetIsRefusedUnlessReplaced() throws Exception {
    load(config(1, 1, 1, false));
    DataSetException refused =
        assertThrows(DataSetException.class, () -> load(config(1, 1, 1, false)));
    assertTrue(refused.getMessage().contains("run cleanup first"), refused.getMessage());
    LoadConfig replace = LoadConfig.of(1, 1, 1, SEED + 1).withReplaceExisting(true);
    load(replace);
    try (Connection connection = POSTGRES.database().connect()) {
      DataSetInfo info = DataSetMetadata.read(connection).orElseThrow();
      assertEquals(SEED + 1, info.seed());
      assertEquals(10, Catalog.constraints(connection, 'f', 1));
    }
  }

  @Test
  void aFailedLoadLeavesNothingBehind() throws Exception {
    LoadConfig badTablespace =
        LoadConfig.of(2, 1, 2, SEED)
            .withStorage(new StorageOptions("tablespace no_such_tablespace", "", false));
    SQLException failure = assertThrows(SQLException.class, () -> load(badTablespace));
    assertTrue(failure.getMessage().contains("no_such_tablespace"), failure.getMessage());
    try (Connection connection = POSTGRES.database().connect()) {
      assertEquals(0, Catalog.tpccRelations(connection));
      assertEquals(Optional.empty(), DataSetMetadata.read(connection));
    }
  }

  @Test
  void cleanupDropsOnlyTheSetsWithinItsScopeAndTheRecordWithTheLastOne() throws Exception {
    load(config(2, 1, 2, true));
    DataSetCleaner cleaner = new DataSetCleaner(POSTGRES.database()::connect, 2);
    CleanupReport first = cleaner.cleanup(1);
    assertEquals(java.util.Set.of(1), first.droppedSets());
    assertEquals(9, first.tablesDropped());
    assertEquals(java.util.Set.of(2), first.outsideScope(), "set 2 is beyond --tables=1");
    assertFalse(first.recordDropped(), "set 2 of the record is still there");
    assertEquals(5, first.functionsDropped(), "set 1's functions of --txn-mode=procedures");
    try (Connection connection = POSTGRES.database().connect()) {
      // the record: tpcc_metadata, tpcc_metadata_table, tpcc_metadata_function and their keys
      assertEquals(9 + 6, Catalog.tpccRelations(connection), "set 2 and the record");
    }
    CleanupReport second = cleaner.cleanup(2);
    assertEquals(java.util.Set.of(2), second.droppedSets());
    assertTrue(second.recordDropped());
    try (Connection connection = POSTGRES.database().connect()) {
      assertEquals(0, Catalog.tpccRelations(connection));
      assertEquals(Optional.empty(), DataSetMetadata.read(connection));
    }
    assertTrue(cleaner.cleanup(2).droppedSets().isEmpty(), "a second cleanup finds nothing");
  }
}
