package org.tpccpg.driver.spec;

import java.util.List;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * The kinds a spec-mode run measures, in its intervals, summary and verdict: the run, its results
 * and a merge of several drivers' name them alike.
 */
public final class SpecKinds {
  /**
   * The kinds: TPC-C's five types by {@link TransactionType} ordinal (Delivery: the terminal's
   * queueing), then the deferred Delivery's execution, from its queueing.
   */
  public static final List<String> KINDS =
      List.of(
          TransactionType.NEW_ORDER.label(),
          TransactionType.PAYMENT.label(),
          TransactionType.ORDER_STATUS.label(),
          TransactionType.DELIVERY.label(),
          TransactionType.STOCK_LEVEL.label(),
          "delivery_deferred");

  /** The kind of a deferred Delivery's execution. */
  public static final int DEFERRED = 5;

  private SpecKinds() {}
}
