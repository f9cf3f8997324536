package org.tpccpg.core.check;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks the TPC-C consistency conditions 1 to 12 (TPC-C 3.3.2.1 to 3.3.2.12) on one table set and
 * warehouse range, the counterpart of sysbench-tpcc's {@code check} command with the conditions it
 * leaves out (6 and 11) added.
 *
 * <p>It only reads, on the caller's connection and in the caller's transaction: it never commits,
 * rolls back or logs. Run it in a REPEATABLE READ transaction (or on a quiet database) so all
 * conditions see one snapshot. Condition 11 holds only right after the load, and sysbench's purge
 * breaks conditions 8, 9, 10 and 12; the caller skips what its history invalidates with {@link
 * #skipping}. Instances are immutable and thread-safe.
 */
public final class ConsistencyCheck {
  /** Orders per district delivered by the initial load: 3000 orders, 900 new (TPC-C 4.3.3.1). */
  public static final int DELIVERED_ORDERS_AT_LOAD = 2100;

  /** How many offending rows a failed result names. */
  public static final int OFFENDERS_SHOWN = 5;

  private final Set<ConsistencyCondition> skipped;
  private final int deliveredOrdersPerDistrict;

  private ConsistencyCheck(Set<ConsistencyCondition> skipped, int deliveredOrdersPerDistrict) {
    Set<ConsistencyCondition> copy = EnumSet.noneOf(ConsistencyCondition.class);
    copy.addAll(skipped);
    this.skipped = Collections.unmodifiableSet(copy);
    this.deliveredOrdersPerDistrict = deliveredOrdersPerDistrict;
  }

  /** A check of all twelve conditions, condition 11 expecting a full-scale initial load. */
  public static ConsistencyCheck allConditions() {
    return new ConsistencyCheck(
        EnumSet.noneOf(ConsistencyCondition.class), DELIVERED_ORDERS_AT_LOAD);
  }

  /** This check, but reporting the given conditions as skipped instead of running them. */
  public ConsistencyCheck skipping(ConsistencyCondition... conditions) {
    Set<ConsistencyCondition> more = EnumSet.noneOf(ConsistencyCondition.class);
    more.addAll(skipped);
    for (ConsistencyCondition condition : conditions) {
      if (condition == null) {
        throw new IllegalArgumentException("conditions to skip must not be null");
      }
      more.add(condition);
    }
    return new ConsistencyCheck(more, deliveredOrdersPerDistrict);
  }

  /**
   * This check, but with condition 11 expecting {@code orders} delivered orders per district, for a
   * load scaled down from TPC-C 4.3.3.1.
   */
  public ConsistencyCheck expectingDeliveredOrdersPerDistrict(int orders) {
    if (orders < 0) {
      throw new IllegalArgumentException(
          "deliveredOrdersPerDistrict must be >= 0 but was " + orders);
    }
    return new ConsistencyCheck(skipped, orders);
  }

  /** The conditions this check reports as skipped. */
  public Set<ConsistencyCondition> skipped() {
    return skipped;
  }

  /** What condition 11 expects count(ORDER) - count(NEW-ORDER) to be in each district. */
  public int deliveredOrdersPerDistrict() {
    return deliveredOrdersPerDistrict;
  }

  /**
   * Checks every condition on {@code scope}, in condition order.
   *
   * @return one result per condition, 1 to 12
   * @throws SQLException when a query fails; the connection's transaction is left as it is
   */
  public List<ConditionResult> run(Connection connection, CheckScope scope) throws SQLException {
    if (connection == null || scope == null) {
      throw new IllegalArgumentException("connection and scope must not be null");
    }
    List<ConditionResult> results = new ArrayList<>();
    for (ConsistencyCondition condition : ConsistencyCondition.values()) {
      if (skipped.contains(condition)) {
        results.add(new ConditionResult(condition, ConditionResult.Outcome.SKIPPED, ""));
      } else {
        results.add(check(connection, condition, scope));
      }
    }
    return results;
  }

  private ConditionResult check(
      Connection connection, ConsistencyCondition condition, CheckScope scope) throws SQLException {
    CheckQuery query = render(condition, scope);
    List<String> offenders = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(query.sql())) {
      statement.setMaxRows(OFFENDERS_SHOWN + 1);
      for (int i = 0; i < query.parameters().size(); i++) {
        statement.setInt(i + 1, query.parameters().get(i));
      }
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          offenders.add(offenders.size() < OFFENDERS_SHOWN ? rows.getString(1) : "...");
        }
      }
    }
    if (offenders.isEmpty()) {
      return new ConditionResult(condition, ConditionResult.Outcome.PASSED, "");
    }
    return new ConditionResult(
        condition, ConditionResult.Outcome.FAILED, String.join("; ", offenders));
  }

  CheckQuery render(ConsistencyCondition condition, CheckScope scope) {
    return CheckQuery.render(
        condition.query(),
        scope.set(),
        Map.of(
            "first", scope.firstWarehouse(),
            "last", scope.lastWarehouse(),
            "delivered", deliveredOrdersPerDistrict));
  }
}
