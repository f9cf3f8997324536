package org.tpccpg.driver.metrics;

import org.tpccpg.core.spec.TpccConstants;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.spec.TerminalTimes;
import org.tpccpg.driver.spec.TransactionDeck;

/**
 * Throughput in TPC-C's terms. Without keying and think times these are TPC-C-like figures, not a
 * TPC-C result (TPC-C 5.4 defines tpmC only for a run that meets every other requirement).
 *
 * @param tpmC completed New-Order transactions per minute, the 1 % rolled back on purpose included:
 *     TPC-C 2.4.2.3 has them run the whole transaction profile, and 5.4.2 counts the New-Orders
 *     completed in the measurement interval (the per-type table reports the rollbacks apart;
 *     HammerDB's NOPM leaves them out)
 * @param tpmTotal completed transactions of every kind per minute
 * @param efficiencyPercent tpmC as a share of the most a warehouse can do with keying and think
 *     times, {@link #MAX_TPMC_PER_WAREHOUSE} times the warehouses, in percent; NaN for a run
 *     without them, where that ceiling does not apply
 */
public record TpmC(double tpmC, double tpmTotal, double efficiencyPercent) {

  /**
   * The most New-Orders per minute one warehouse's 10 terminals can produce with the keying and
   * think times of TPC-C 5.2.5.7: a mean cycle of about 21 s per terminal, 45% of them New-Orders,
   * 60 / 21 x 0.45 x 10 = 12.86.
   */
  public static final double MAX_TPMC_PER_WAREHOUSE = 12.86;

  /**
   * The most New-Orders per minute one warehouse's 10 terminals produce with spec mode's 23-card
   * deck (5.2.4.2: 10 New-Orders in 23 cards, 43.5 % rather than the 45 % above): a deck's keying
   * and mean think times add up to 10 x 30 + 10 x 15 + 12 + 7 + 7 = 476 s, so 10 x 10 x 60 / 476 =
   * 12.61, about 98.0 % of {@link #MAX_TPMC_PER_WAREHOUSE}. An efficiency near 98 % is the ceiling,
   * not headroom.
   */
  public static final double DECK_TPMC_PER_WAREHOUSE = deckTpmCPerWarehouse();

  private static double deckTpmCPerWarehouse() {
    double deckSeconds = 0;
    for (TransactionType type : TpccMix.types()) {
      deckSeconds +=
          TransactionDeck.cardsOf(type)
              * (TerminalTimes.keyingSeconds(type) + TerminalTimes.meanThinkSeconds(type));
    }
    int newOrders = TransactionDeck.cardsOf(TransactionType.NEW_ORDER);
    return TpccConstants.DISTRICTS_PER_WAREHOUSE * newOrders * 60 / deckSeconds;
  }

  /**
   * The figures of a finished TPC-C run, whose kinds are the {@link TransactionType} ordinals.
   *
   * @param warehouses the warehouses in the run, >= 1
   * @param thinkTimes whether the terminals keyed and thought as TPC-C 5.2.5 asks: only then is the
   *     efficiency a meaningful figure; tpmTotal then counts TPC-C's five types only
   */
  public static TpmC of(RunResult t, int warehouses, boolean thinkTimes) {
    if (warehouses < 1) {
      throw new IllegalArgumentException("warehouses must be >= 1 but was " + warehouses);
    }
    double minutes = t.elapsedSeconds() / 60;
    if (!(minutes > 0)) {
      return new TpmC(0, 0, thinkTimes ? 0 : Double.NaN);
    }
    double tpmC = t.kind(TransactionType.NEW_ORDER.ordinal()).completed() / minutes;
    double efficiency =
        thinkTimes ? tpmC / (MAX_TPMC_PER_WAREHOUSE * warehouses) * 100 : Double.NaN;
    long all = t.counters().allKinds().completed();
    if (thinkTimes) {
      // Spec mode records a deferred Delivery twice, queued and executed, as two kinds: it counts
      // once, as TPC-C's five types do.
      all = 0;
      for (TransactionType type : TpccMix.types()) {
        all += t.kind(type.ordinal()).completed();
      }
    }
    return new TpmC(tpmC, all / minutes, efficiency);
  }

  /** Whether the efficiency applies (keying and think times were on). */
  public boolean hasEfficiency() {
    return !Double.isNaN(efficiencyPercent);
  }
}
