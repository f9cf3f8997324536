package org.tpccpg.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.core.ddl.TpccSchema;
import org.tpccpg.testkit.PostgresFixture;

/**
 * Runs the checks on a small hand-made set 1: one warehouse, two districts, two customers each,
 * five and three orders of which three and one are new. Every test breaks the data inside a
 * transaction it rolls back, so each starts from the consistent set.
 */
class ConsistencyCheckIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final CheckScope SET_1 = CheckScope.wholeSet(1, 1);

  /** The small data set delivered two orders per district at "load". */
  private static final ConsistencyCheck CHECK =
      ConsistencyCheck.allConditions().expectingDeliveredOrdersPerDistrict(2);

  @BeforeAll
  static void createTheSchemaAndAConsistentDataSet() throws SQLException {
    TpccSchema schema = new TpccSchema(StorageOptions.NONE);
    List<String> statements = new ArrayList<>(schema.createTables(1));
    statements.addAll(SmallDataSet.INSERTS);
    statements.addAll(schema.primaryKeys(1));
    statements.addAll(schema.secondaryIndexes(1));
    statements.addAll(schema.foreignKeys(1));
    try (Connection connection = POSTGRES.database().connect();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  @Test
  void theConsistentDataSetPassesEveryCondition() throws SQLException {
    List<ConditionResult> results = runAfter();
    assertEquals(12, results.size());
    for (ConditionResult result : results) {
      assertTrue(result.passed(), result.description() + ": " + result.offendingKeys());
    }
  }

  @Test
  void aWarehouseYtdOffByOneBreaksConditionsOneAndEight() throws SQLException {
    assertEquals(
        Map.of(
            1, "w_id=1 w_ytd=66.00 sum(d_ytd)=65.00",
            8, "w_id=1 w_ytd=66.00 sum(h_amount)=65.00"),
        failures(runAfter("UPDATE warehouse1 SET w_ytd = 66.00 WHERE w_id = 1")));
  }

  @Test
  void aDistrictYtdOffByOneBreaksConditionsOneAndNine() throws SQLException {
    assertEquals(
        Map.of(
            1, "w_id=1 w_ytd=65.00 sum(d_ytd)=66.00",
            9, "w_id=1 d_id=2 d_ytd=36.00 sum(h_amount)=35.00"),
        failures(runAfter("UPDATE district1 SET d_ytd = 36.00 WHERE d_w_id = 1 AND d_id = 2")));
  }

  @Test
  void aWrongNextOrderIdBreaksConditionTwo() throws SQLException {
    assertEquals(
        Map.of(2, "w_id=1 d_id=2 d_next_o_id=7 max(o_id)=3 max(no_o_id)=3"),
        failures(runAfter("UPDATE district1 SET d_next_o_id = 7 WHERE d_w_id = 1 AND d_id = 2")));
  }

  @Test
  void aNewOrderDeletedInTheMiddleBreaksConditionsThreeFiveAndEleven() throws SQLException {
    assertEquals(
        Map.of(
            3, "w_id=1 d_id=1 max(no_o_id)=5 min(no_o_id)=3 count=2",
            5, "w_id=1 d_id=1 o_id=4: o_carrier_id null, no new_orders row",
            11, "w_id=1 d_id=1 count(orders)=5 count(new_orders)=2"),
        failures(runAfter(DELETE_NEW_ORDER_4)));
  }

  @Test
  void aWrongOrderLineCountBreaksConditionsFourAndSix() throws SQLException {
    assertEquals(
        Map.of(
            4, "w_id=1 d_id=1 sum(o_ol_cnt)=9 order_line rows=7",
            6, "w_id=1 d_id=1 o_id=2 o_ol_cnt=3 order_line rows=1"),
        failures(
            runAfter(
                "UPDATE orders1 SET o_ol_cnt = 3 WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 2")));
  }

  @Test
  void anUndeliveredLineOfADeliveredOrderBreaksConditionsSevenTenAndTwelve() throws SQLException {
    assertEquals(
        Map.of(
            7, "w_id=1 d_id=2 o_id=1 ol_number=1: ol_delivery_d null, o_carrier_id 1",
            10, "w_id=1 d_id=2 c_id=1 c_balance=10.00 delivered=0 sum(h_amount)=30.00",
            12, "w_id=1 d_id=2 c_id=1 c_balance+c_ytd_payment=40.00 delivered=0"),
        failures(
            runAfter(
                "UPDATE order_line1 SET ol_delivery_d = NULL"
                    + " WHERE ol_w_id = 1 AND ol_d_id = 2 AND ol_o_id = 1")));
  }

  @Test
  void aWrongYtdPaymentBreaksOnlyConditionTwelve() throws SQLException {
    assertEquals(
        Map.of(12, "w_id=1 d_id=1 c_id=2 c_balance+c_ytd_payment=13.00 delivered=12.00"),
        failures(
            runAfter(
                "UPDATE customer1 SET c_ytd_payment = 21.00"
                    + " WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 2")));
  }

  @Test
  void skippedConditionsAreReportedAsSkippedAndNotRun() throws SQLException {
    ConsistencyCheck check =
        CHECK.skipping(
            ConsistencyCondition.NEW_ORDERS_WITHOUT_GAPS,
            ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT);
    List<ConditionResult> results = run(check, SET_1, DELETE_NEW_ORDER_4);
    assertEquals(ConditionResult.Outcome.SKIPPED, results.get(2).outcome());
    assertEquals(ConditionResult.Outcome.SKIPPED, results.get(10).outcome());
    assertEquals(
        Map.of(5, "w_id=1 d_id=1 o_id=4: o_carrier_id null, no new_orders row"), failures(results));
  }

  @Test
  void onlyOffendersWithinTheWarehouseRangeAreReported() throws SQLException {
    List<ConditionResult> results =
        run(CHECK, new CheckScope(1, 2, 5), "UPDATE warehouse1 SET w_ytd = 1 WHERE w_id = 1");
    assertEquals(Map.of(), failures(results));
  }

  @Test
  void aFailureNamesTheFirstFiveOffendersAndSaysThereAreMore() throws SQLException {
    Map<Integer, String> failures =
        failures(
            runAfter(
                "UPDATE order_line1 SET ol_delivery_d ="
                    + " CASE WHEN ol_delivery_d IS NULL THEN now() END"));
    String[] offenders = failures.get(7).split("; ");
    assertEquals(6, offenders.length, failures.get(7));
    assertEquals(
        "w_id=1 d_id=1 o_id=1 ol_number=1: ol_delivery_d null, o_carrier_id 3", offenders[0]);
    assertEquals("...", offenders[5]);
  }

  @Test
  void byDefaultConditionElevenExpectsAFullScaleLoad() throws SQLException {
    Map<Integer, String> failures = failures(run(ConsistencyCheck.allConditions(), SET_1));
    assertEquals(
        Map.of(
            11,
            "w_id=1 d_id=1 count(orders)=5 count(new_orders)=3;"
                + " w_id=1 d_id=2 count(orders)=3 count(new_orders)=1"),
        failures);
  }

  private static final String DELETE_NEW_ORDER_4 =
      "DELETE FROM new_orders1 WHERE no_w_id = 1 AND no_d_id = 1 AND no_o_id = 4";

  private static List<ConditionResult> runAfter(String... breakage) throws SQLException {
    return run(CHECK, SET_1, breakage);
  }

  /** Applies {@code breakage}, checks, and rolls everything back. */
  private static List<ConditionResult> run(
      ConsistencyCheck check, CheckScope scope, String... breakage) throws SQLException {
    try (Connection connection = POSTGRES.database().connect()) {
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        for (String sql : breakage) {
          statement.execute(sql);
        }
        return check.run(connection, scope);
      } finally {
        connection.rollback();
      }
    }
  }

  private static Map<Integer, String> failures(List<ConditionResult> results) {
    Map<Integer, String> failures = new TreeMap<>();
    for (ConditionResult result : results) {
      if (result.failed()) {
        failures.put(result.number(), result.offendingKeys());
      }
    }
    return failures;
  }
}
