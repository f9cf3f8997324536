package org.tpccpg.core.tpcc;

import org.tpccpg.core.random.TpccRandom;

/**
 * Picks the next transaction as sysbench-tpcc's {@code event()} does: a uniform draw in 1..23
 * (1..24 with purge), where 1-10 is New-Order, 11-20 Payment, 21 Order-Status, 22 Delivery, 23
 * Stock-Level and 24 purge. The shares (43.5/43.5/4.3/4.3/4.3%) meet the minimums of TPC-C 5.2.3
 * (Payment >= 43%, the three others >= 4% each) on average; unlike a card deck, a random draw does
 * not guarantee them over a short interval. Pure and immutable; the caller owns the random source.
 */
public final class TransactionMix {
  private static final int NEW_ORDER_DRAWS = 10;
  private static final int PAYMENT_DRAWS = 20;
  private static final int ORDER_STATUS_DRAW = 21;
  private static final int DELIVERY_DRAW = 22;
  private static final int STOCK_LEVEL_DRAW = 23;
  private static final int PURGE_DRAW = 24;

  private final int draws;

  /** A mix of the five TPC-C transactions, plus purge when {@code purgeEnabled}. */
  public TransactionMix(boolean purgeEnabled) {
    this.draws = purgeEnabled ? PURGE_DRAW : STOCK_LEVEL_DRAW;
  }

  /** Whether this mix ever picks {@link TransactionType#PURGE}. */
  public boolean purgeEnabled() {
    return draws == PURGE_DRAW;
  }

  /** Draws the next transaction type from {@code r}. */
  public TransactionType next(TpccRandom r) {
    int draw = r.uniform(1, draws);
    if (draw <= NEW_ORDER_DRAWS) {
      return TransactionType.NEW_ORDER;
    }
    if (draw <= PAYMENT_DRAWS) {
      return TransactionType.PAYMENT;
    }
    return switch (draw) {
      case ORDER_STATUS_DRAW -> TransactionType.ORDER_STATUS;
      case DELIVERY_DRAW -> TransactionType.DELIVERY;
      case STOCK_LEVEL_DRAW -> TransactionType.STOCK_LEVEL;
      default -> TransactionType.PURGE;
    };
  }
}
