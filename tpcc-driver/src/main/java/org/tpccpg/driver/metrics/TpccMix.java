package org.tpccpg.driver.metrics;

import java.util.EnumMap;
import java.util.Map;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * The transaction mix a TPC-C run finished, against TPC-C 5.2.3's minimums over the measurement
 * interval: Payment at least 43 %, Order-Status, Delivery and Stock-Level at least 4 % each, of the
 * five types' completed transactions (Purge, sysbench-tpcc's addition, is left out). A mix drawn at
 * random, as sysbench-tpcc draws it, can fall below a minimum in a short run.
 *
 * @param finished each type's share of the completed transactions, in percent
 * @param drawn each type's share of the transactions drawn (completed, failed or skipped)
 */
public record TpccMix(Map<TransactionType, Double> finished, Map<TransactionType, Double> drawn) {
  private static final TransactionType[] TYPES = {
    TransactionType.NEW_ORDER,
    TransactionType.PAYMENT,
    TransactionType.ORDER_STATUS,
    TransactionType.DELIVERY,
    TransactionType.STOCK_LEVEL
  };

  public TpccMix {
    finished = Map.copyOf(finished);
    drawn = Map.copyOf(drawn);
  }

  /** TPC-C 5.2.3's minimum share of a type in percent; New-Order takes the rest, so 0. */
  public static double minimumPercent(TransactionType type) {
    return switch (type) {
      case PAYMENT -> 43.0;
      case ORDER_STATUS, DELIVERY, STOCK_LEVEL -> 4.0;
      case NEW_ORDER, PURGE -> 0.0;
    };
  }

  /** The mix of a run whose kinds are the {@link TransactionType} ordinals. */
  public static TpccMix of(RunResult result) {
    long completed = 0;
    long drawnAll = 0;
    for (TransactionType type : TYPES) {
      KindTotals k = result.kind(type.ordinal());
      completed += k.completed();
      drawnAll += k.attempted();
    }
    Map<TransactionType, Double> finished = new EnumMap<>(TransactionType.class);
    Map<TransactionType, Double> drawn = new EnumMap<>(TransactionType.class);
    for (TransactionType type : TYPES) {
      KindTotals k = result.kind(type.ordinal());
      finished.put(type, completed == 0 ? 0 : 100.0 * k.completed() / completed);
      drawn.put(type, drawnAll == 0 ? 0 : 100.0 * k.attempted() / drawnAll);
    }
    return new TpccMix(finished, drawn);
  }

  /** The five types in the order TPC-C lists them. */
  public static TransactionType[] types() {
    return TYPES.clone();
  }

  /** Whether every type's finished share is at its minimum or above. */
  public boolean meetsMinimums() {
    for (TransactionType type : TYPES) {
      if (finished.get(type) < minimumPercent(type)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The largest difference, in percentage points, between a type's finished and drawn share: failed
   * transactions, which do not finish, move the finished mix away from the drawn one.
   */
  public double driftPoints() {
    double drift = 0;
    for (TransactionType type : TYPES) {
      drift = Math.max(drift, Math.abs(finished.get(type) - drawn.get(type)));
    }
    return drift;
  }
}
