package org.tpccpg.driver.metrics;

import java.util.Locale;

/**
 * The kinds of transaction the driver measures: the five TPC-C transactions plus sysbench-tpcc's
 * purge. The run loop maps the core's transaction type onto this enum one to one, so the metrics
 * code does not depend on the transaction code.
 */
public enum TxnKind {
  NEW_ORDER,
  PAYMENT,
  ORDER_STATUS,
  DELIVERY,
  STOCK_LEVEL,
  PURGE;

  private final String label = name().toLowerCase(Locale.ROOT);

  /** The sysbench-tpcc name of the transaction: {@code new_order}, {@code payment}, ... */
  public String label() {
    return label;
  }
}
