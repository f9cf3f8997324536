package org.tpccpg.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.testkit.PostgresFixture;

/**
 * The whole of a load with foreign keys: two sets of two warehouses, their exact row counts, keys,
 * the load record and every consistency condition. A class of its own, since it is the loader's
 * longest test (about 15 s): beside {@link TpccLoaderIT}'s other cases, not after them.
 */
class ForeignKeyLoadIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final long SEED = 20261130L;

  private static LoadProgress load(LoadConfig config) throws Exception {
    LoadProgress progress = new LoadProgress(config.tableSets(), config.warehousesPerSet());
    new TpccLoader(POSTGRES.database()::connect, LoadListener.none()).prepare(config, progress);
    return progress;
  }

  @Test
  void twoSetsOfTwoWarehousesWithForeignKeysHaveExactRowCountsKeysAndConsistentData()
      throws Exception {
    LoadProgress progress = load(LoadConfig.of(2, 2, 2, SEED).withForeignKeys(true));
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
}
