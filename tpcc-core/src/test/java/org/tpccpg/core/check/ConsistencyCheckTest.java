package org.tpccpg.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConsistencyCheckTest {
  private static final CheckScope SCOPE = new CheckScope(7, 3, 9);

  @Test
  void theConditionsAreNumberedOneToTwelveInOrderAndCiteTheirClause() {
    ConsistencyCondition[] conditions = ConsistencyCondition.values();
    assertEquals(12, conditions.length);
    for (int i = 0; i < conditions.length; i++) {
      assertEquals(i + 1, conditions[i].number());
      assertTrue(conditions[i].description().startsWith("TPC-C 3.3.2." + (i + 1) + ": "));
      assertEquals(conditions[i], ConsistencyCondition.ofNumber(i + 1));
    }
    assertThrows(IllegalArgumentException.class, () -> ConsistencyCondition.ofNumber(13));
  }

  @Test
  void conditionElevenSaysItHoldsOnlyAfterTheLoad() {
    assertTrue(
        ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT
            .description()
            .contains("only right after the initial load"));
  }

  @Test
  void everyQueryIsRenderedForTheSetWithTheWarehouseRangeBound() {
    ConsistencyCheck check = ConsistencyCheck.allConditions();
    for (ConsistencyCondition condition : ConsistencyCondition.values()) {
      CheckQuery query = check.render(condition, SCOPE);
      assertFalse(query.sql().contains("${"), query.sql());
      assertFalse(query.sql().contains(";"), query.sql());
      long marks = query.sql().chars().filter(c -> c == '?').count();
      assertEquals(marks, query.parameters().size(), query.sql());
      assertTrue(query.parameters().containsAll(List.of(3, 9)), condition.name());
      assertTrue(query.sql().matches("(?s).*\\b[a-z_]+7\\b.*"), query.sql());
      assertFalse(query.sql().matches("(?s).*\\b(warehouse|district|orders|customer) .*"));
    }
  }

  @Test
  void conditionElevenBindsTheExpectedDeliveredOrders() {
    CheckQuery query =
        ConsistencyCheck.allConditions()
            .expectingDeliveredOrdersPerDistrict(2)
            .render(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT, SCOPE);
    assertEquals(List.of(3, 9, 3, 9, 3, 9, 2), query.parameters());
  }

  @Test
  void skippingAccumulatesAndLeavesTheOriginalUntouched() {
    ConsistencyCheck all = ConsistencyCheck.allConditions();
    ConsistencyCheck some =
        all.skipping(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT)
            .skipping(ConsistencyCondition.CUSTOMER_BALANCE);
    assertEquals(Set.of(), all.skipped());
    assertEquals(
        EnumSet.of(
            ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT,
            ConsistencyCondition.CUSTOMER_BALANCE),
        some.skipped());
    assertEquals(ConsistencyCheck.DELIVERED_ORDERS_AT_LOAD, some.deliveredOrdersPerDistrict());
  }

  @Test
  void aNegativeDeliveredOrderCountIsRejected() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConsistencyCheck.allConditions().expectingDeliveredOrdersPerDistrict(-1));
    assertEquals("deliveredOrdersPerDistrict must be >= 0 but was -1", error.getMessage());
  }

  @Test
  void anUnknownPlaceholderIsAProgrammingError() {
    assertThrows(
        IllegalStateException.class, () -> CheckQuery.render("SELECT ${nope}", 1, Map.of()));
  }

  @Test
  void scopesRejectEmptyOrNonPositiveRanges() {
    assertEquals(
        "set must be >= 1 but was 0",
        assertThrows(IllegalArgumentException.class, () -> new CheckScope(0, 1, 1)).getMessage());
    assertEquals(
        "firstWarehouse must be >= 1 but was 0",
        assertThrows(IllegalArgumentException.class, () -> new CheckScope(1, 0, 1)).getMessage());
    assertEquals(
        "lastWarehouse must be >= firstWarehouse (5) but was 4",
        assertThrows(IllegalArgumentException.class, () -> new CheckScope(1, 5, 4)).getMessage());
    assertEquals(new CheckScope(2, 1, 10), CheckScope.wholeSet(2, 10));
  }

  @Test
  void aFailedResultNeedsOffendersAndOthersMustHaveNone() {
    ConsistencyCondition condition = ConsistencyCondition.ORDER_LINE_COUNT;
    assertThrows(
        IllegalArgumentException.class,
        () -> new ConditionResult(condition, ConditionResult.Outcome.FAILED, ""));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ConditionResult(condition, ConditionResult.Outcome.PASSED, "w_id=1"));
    ConditionResult failed = new ConditionResult(condition, ConditionResult.Outcome.FAILED, "x");
    assertEquals(6, failed.number());
    assertTrue(failed.failed());
    assertFalse(failed.passed());
  }
}
