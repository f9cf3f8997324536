package org.tpccpg.driver.check;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConditionResult.Outcome;
import org.tpccpg.core.check.ConsistencyCheck;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.sql.ConnectionFactory;

/**
 * {@code check}: the TPC-C consistency conditions over every table set and warehouse, in parallel.
 * The warehouses are split into ranges, each checked in one REPEATABLE READ snapshot.
 *
 * <p>What the data set has been through decides what is checked: condition 11 (TPC-C 3.3.2.11)
 * holds only before the first run, and sysbench's purge breaks conditions 8, 9, 10 and 12; those
 * are reported as skipped, with the reason.
 */
public final class DataSetCheck {
  private static final int RANGES_PER_THREAD = 4;

  private DataSetCheck() {}

  public static List<ConditionSummary> run(
      ConnectionFactory connections, DataSetInfo info, int threads)
      throws SQLException, InterruptedException {
    ConsistencyCheck check = ConsistencyCheck.allConditions();
    Map<ConsistencyCondition, String> notes = new EnumMap<>(ConsistencyCondition.class);
    if (info.runs() > 0) {
      check = check.skipping(ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT);
      notes.put(
          ConsistencyCondition.DELIVERED_ORDERS_PER_DISTRICT,
          "holds only right after load; " + info.runs() + " run(s) since");
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
    List<ConditionResult[]> results = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Exception> failures = java.util.Collections.synchronizedList(new ArrayList<>());
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
    if (!failures.isEmpty()) {
      SQLException first =
          failures.get(0) instanceof SQLException sql
              ? sql
              : new SQLException(failures.get(0).getMessage(), failures.get(0));
      failures.stream().skip(1).forEach(first::addSuppressed);
      throw first;
    }
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
