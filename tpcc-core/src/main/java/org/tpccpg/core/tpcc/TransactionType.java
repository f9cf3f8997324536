package org.tpccpg.core.tpcc;

/**
 * The five TPC-C transactions (TPC-C 2.4 to 2.8) plus sysbench-tpcc's purge, with the labels
 * sysbench-tpcc's Lua functions carry.
 */
public enum TransactionType {
  /** New-Order, TPC-C 2.4. */
  NEW_ORDER("new_order"),
  /** Payment, TPC-C 2.5. */
  PAYMENT("payment"),
  /** Order-Status, TPC-C 2.6. */
  ORDER_STATUS("order_status"),
  /** Delivery, TPC-C 2.7. */
  DELIVERY("delivery"),
  /** Stock-Level, TPC-C 2.8. */
  STOCK_LEVEL("stock_level"),
  /** sysbench-tpcc's purge of old orders and history (not part of TPC-C). */
  PURGE("purge");

  private final String label;

  TransactionType(String label) {
    this.label = label;
  }

  /** The lower-case name, as in sysbench-tpcc: {@code new_order}, {@code stock_level}. */
  public String label() {
    return label;
  }
}
