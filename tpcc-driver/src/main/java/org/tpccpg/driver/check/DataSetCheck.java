package org.tpccpg.driver.check;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.tpccpg.core.check.Cardinality;
import org.tpccpg.core.check.CardinalityCheck;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConditionResult.Outcome;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.core.check.DataSetActivity;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.schema.DataSetInfo;

/**
 * {@code check}: the TPC-C consistency conditions over every table set and warehouse, in parallel.
 * The warehouses are split into ranges, each checked in one REPEATABLE READ snapshot.
 *
 * <p>What the data set has been through decides what is checked: condition 11 (TPC-C 3.3.2.11)
 * holds only until the first New-Order or Delivery, which is read from the data ({@link
 * DataSetActivity}), and sysbench's purge breaks conditions 8, 9, 10 and 12; those are reported as
 * skipped, with the reason. {@link #cardinalities} comes first: the row counts every state keeps.
 */
public final class DataSetCheck {
  private static final int RANGES_PER_THREAD = 4;

  private DataSetCheck() {}

  public static List<ConditionSummary> run(
      ConnectionFactory connections, DataSetInfo info, int threads)
      throws SQLException, InterruptedException {
    ConsistencyCheck check = ConsistencyCheck.allConditions();
    Map<ConsistencyCondition, String> notes = new EnumMap<>(ConsistencyCondition.class);
    // Read from the data, not from our record of runs: sysbench-tpcc or any other client may have
    // run transactions too, and a run that committed no New-Order or Delivery leaves 11 intact.
    DataSetActivity activity = activity(connections, info);
    if (activity.transactionsRan()) {
      check = check.skipping(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT);
      notes.put(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT, activity.describe());
    }
    if (info.purgeUsed()) {
      for (ConsistencyCondition condition : PURGE_BREAKS) {
        check = check.skipping(condition);
        notes.put(condition, "invalidated by sysbench's purge, which a run used");
      }
    }
    List<ConditionResult[]> perScope =
        runScopes(connections, scopes(info, threads), threads, check);
    List<ConditionSummary> summaries = new ArrayList<>();
    for (ConsistencyCondition condition : ConsistencyCondition.values()) {
      summaries.add(summarize(condition, perScope, notes.getOrDefault(condition, "")));
    }
    return summaries;
  }

  /**
   * The cardinality conditions on every table set, in parallel over {@code threads} connections,
   * one summary per condition. Run them first: the consistency conditions pass on missing rows.
   * Those of tables that sysbench's purge deletes from are skipped when a run used it.
   */
  public static List<CardinalitySummary> cardinalities(
      ConnectionFactory connections, DataSetInfo info, int threads)
      throws SQLException, InterruptedException {
    List<Cardinality> checked = new ArrayList<>();
    for (Cardinality cardinality : Cardinality.values()) {
      if (!(info.purgeUsed() && cardinality.purgeDeletes())) {
        checked.add(cardinality);
      }
    }
    Map<Cardinality, List<String>> offenders = new ConcurrentHashMap<>();
    List<SqlUnit> work = new ArrayList<>();
    for (Cardinality cardinality : checked) {
      for (int set = 1; set <= info.tableSets(); set++) {
        int s = set;
        work.add(
            connection -> {
              List<String> found =
                  CardinalityCheck.offenders(connection, cardinality, s, info.warehousesPerSet());
              if (!found.isEmpty()) {
                offenders
                    .computeIfAbsent(
                        cardinality, c -> Collections.synchronizedList(new ArrayList<>()))
                    .add(String.join("; ", found));
              }
            });
      }
    }
    parallel(connections, threads, work);
    List<CardinalitySummary> summaries = new ArrayList<>();
    for (Cardinality cardinality : Cardinality.values()) {
      if (!checked.contains(cardinality)) {
        summaries.add(
            new CardinalitySummary(
                cardinality,
                Outcome.SKIPPED,
                "",
                "sysbench's purge deletes these rows, and a run used it"));
      } else if (offenders.containsKey(cardinality)) {
        List<String> found = new ArrayList<>(offenders.get(cardinality));
        Collections.sort(found);
        String text = String.join("; ", found);
        summaries.add(
            new CardinalitySummary(
                cardinality,
                Outcome.FAILED,
                text.length() > 400 ? text.substring(0, 400) + "..." : text,
                ""));
      } else {
        summaries.add(new CardinalitySummary(cardinality, Outcome.PASSED, "", ""));
      }
    }
    return summaries;
  }

  /** Whether New-Orders or Deliveries have run on any set, read from the districts. */
  static DataSetActivity activity(ConnectionFactory connections, DataSetInfo info)
      throws SQLException {
    DataSetActivity activity = DataSetActivity.NONE;
    try (Connection connection = connections.open()) {
      for (int set = 1; set <= info.tableSets(); set++) {
        activity = activity.plus(DataSetActivity.read(connection, set));
      }
    }
    return activity;
  }

  /** Work on one connection, in a read-only REPEATABLE READ transaction rolled back after it. */
  @FunctionalInterface
  private interface SqlUnit {
    void run(Connection connection) throws SQLException;
  }

  private static void parallel(ConnectionFactory connections, int threads, List<SqlUnit> work)
      throws SQLException, InterruptedException {
    ConcurrentLinkedQueue<SqlUnit> queue = new ConcurrentLinkedQueue<>(work);
    List<Exception> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < Math.min(threads, work.size()); i++) {
      Thread worker =
          new Thread(
              () -> {
                try (Connection connection = connections.open()) {
                  connection.setAutoCommit(false);
                  connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                  connection.setReadOnly(true);
                  for (SqlUnit unit = queue.poll(); unit != null; unit = queue.poll()) {
                    unit.run(connection);
                    connection.rollback();
                  }
                } catch (SQLException | RuntimeException e) {
                  failures.add(e);
                }
              },
              "tpcc-check-" + i);
      worker.start();
      workers.add(worker);
    }
    for (Thread worker : workers) {
      worker.join();
    }
    throwFirst(failures);
  }

  private static void throwFirst(List<Exception> failures) throws SQLException {
    if (failures.isEmpty()) {
      return;
    }
    SQLException first =
        failures.get(0) instanceof SQLException sql
            ? sql
            : new SQLException(failures.get(0).getMessage(), failures.get(0));
    failures.stream().skip(1).forEach(first::addSuppressed);
    throw first;
  }

  /**
   * What {@code check} cannot verify after a run used sysbench's purge, or null when none did: the
   * conditions and row counts it skips, so HISTORY, which purge deletes from, is checked by
   * nothing.
   */
  public static String purgeNote(DataSetInfo info) {
    if (!info.purgeUsed()) {
      return null;
    }
    List<String> conditions = new ArrayList<>();
    PURGE_BREAKS.forEach(c -> conditions.add(String.valueOf(c.number())));
    List<String> counts = new ArrayList<>();
    for (Cardinality c : Cardinality.values()) {
      if (c.purgeDeletes()) {
        counts.add(c.name());
      }
    }
    return "a run used sysbench's purge: conditions "
        + String.join(", ", conditions)
        + " and the row counts of "
        + String.join(", ", counts)
        + " are skipped, so HISTORY is checked by nothing and rows purge deleted go unnoticed";
  }

  private static final List<ConsistencyCondition> PURGE_BREAKS =
      List.of(
          ConsistencyCondition.WAREHOUSE_YTD_IS_SUM_OF_HISTORY,
          ConsistencyCondition.DISTRICT_YTD_IS_SUM_OF_HISTORY,
          ConsistencyCondition.CUSTOMER_BALANCE,
          ConsistencyCondition.CUSTOMER_BALANCE_PLUS_PAYMENTS);

  static List<CheckScope> scopes(DataSetInfo info, int threads) {
    int totalRanges = Math.max(1, threads * RANGES_PER_THREAD);
    int perRange = Math.max(1, (int) Math.ceil((double) info.warehouses() / totalRanges));
    List<CheckScope> scopes = new ArrayList<>();
    for (int set = 1; set <= info.tableSets(); set++) {
      for (int first = 1; first <= info.warehousesPerSet(); first += perRange) {
        scopes.add(
            new CheckScope(set, first, Math.min(first + perRange - 1, info.warehousesPerSet())));
      }
    }
    return scopes;
  }

  private static List<ConditionResult[]> runScopes(
      ConnectionFactory connections, List<CheckScope> scopes, int threads, ConsistencyCheck check)
      throws SQLException, InterruptedException {
    ConcurrentLinkedQueue<CheckScope> queue = new ConcurrentLinkedQueue<>(scopes);
    List<ConditionResult[]> results = Collections.synchronizedList(new ArrayList<>());
    List<Exception> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < Math.min(threads, scopes.size()); i++) {
      Thread worker =
          new Thread(() -> drain(connections, queue, check, results, failures), "tpcc-check-" + i);
      worker.start();
      workers.add(worker);
    }
    for (Thread worker : workers) {
      worker.join();
    }
    throwFirst(failures);
    return results;
  }

  private static void drain(
      ConnectionFactory connections,
      ConcurrentLinkedQueue<CheckScope> queue,
      ConsistencyCheck check,
      List<ConditionResult[]> results,
      List<Exception> failures) {
    try (Connection connection = connections.open()) {
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      connection.setReadOnly(true);
      for (CheckScope scope = queue.poll(); scope != null; scope = queue.poll()) {
        List<ConditionResult> found = check.run(connection, scope);
        connection.rollback();
        ConditionResult[] labelled = new ConditionResult[found.size()];
        for (int i = 0; i < labelled.length; i++) {
          ConditionResult result = found.get(i);
          labelled[i] =
              result.failed()
                  ? new ConditionResult(
                      result.condition(),
                      Outcome.FAILED,
                      "set " + scope.set() + ": " + result.offendingKeys())
                  : result;
        }
        results.add(labelled);
      }
    } catch (SQLException | RuntimeException e) {
      failures.add(e);
    }
  }

  private static ConditionSummary summarize(
      ConsistencyCondition condition, List<ConditionResult[]> perScope, String note) {
    Outcome outcome = Outcome.PASSED;
    StringBuilder offenders = new StringBuilder();
    for (ConditionResult[] scope : perScope) {
      ConditionResult result = scope[condition.ordinal()];
      if (result.outcome() == Outcome.SKIPPED) {
        outcome = Outcome.SKIPPED;
      } else if (result.failed()) {
        outcome = Outcome.FAILED;
        if (offenders.length() < 300) {
          offenders.append(offenders.length() == 0 ? "" : "; ").append(result.offendingKeys());
        }
      }
    }
    return new ConditionSummary(condition, outcome, offenders.toString(), note);
  }
}
