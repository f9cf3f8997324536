package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.testkit.FullDataSet;
import org.tpccpg.testkit.TestDatabase;

/**
 * One table set of two warehouses, loaded with a fixed seed by {@link FullDataSet} (tpcc-core's
 * tests cannot use tpcc-loader), and queries on it for the ITs.
 */
final class LoadedSet {
  static final int WAREHOUSES = 2;
  static final long SEED = 20261130L;

  private final NuRandConstants loadConstants;

  private LoadedSet(NuRandConstants loadConstants) {
    this.loadConstants = loadConstants;
  }

  /** The whole population of the set (delivered orders too), without foreign keys. */
  static LoadedSet load(TestDatabase db) throws SQLException, IOException {
    try (Connection c = db.connect()) {
      return new LoadedSet(FullDataSet.load(c, 1, WAREHOUSES, SEED, true, false));
    }
  }

  static WorkloadShape shape(boolean compat) {
    WorkloadShape shape = WorkloadShape.of(1, WAREHOUSES);
    return compat ? shape.withSysbenchDeviations() : shape;
  }

  /** An input generator with run constants chosen by TPC-C 2.1.6.1 against the load's. */
  InputGenerator generator(boolean compat, long seed) {
    NuRandConstants run = NuRandConstants.forRun(loadConstants, new TpccRandom(seed));
    return new InputGenerator(new TpccRandom(seed, run), shape(compat));
  }

  /** The first column of the single row of {@code sql}, with {@code ints} bound in order. */
  static BigDecimal number(Connection c, String sql, int... ints) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      for (int i = 0; i < ints.length; i++) {
        s.setInt(i + 1, ints[i]);
      }
      try (ResultSet rows = s.executeQuery()) {
        assertTrue(rows.next(), sql);
        BigDecimal value = rows.getBigDecimal(1);
        return value == null ? BigDecimal.ZERO : value;
      }
    }
  }

  static long count(Connection c, String sql, int... ints) throws SQLException {
    return number(c, sql, ints).longValueExact();
  }

  /** Asserts that every condition but those skipped passes on the set. */
  static void assertConsistent(Connection c, ConsistencyCondition... skipped) throws SQLException {
    List<ConditionResult> results =
        ConsistencyCheck.allConditions()
            .skipping(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT)
            .skipping(skipped)
            .run(c, CheckScope.wholeSet(1, WAREHOUSES));
    c.commit();
    for (ConditionResult result : results) {
      assertTrue(!result.failed(), result.description() + ": " + result.offendingKeys());
    }
  }
}
