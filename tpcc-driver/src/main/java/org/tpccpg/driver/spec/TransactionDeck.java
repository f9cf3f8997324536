package org.tpccpg.driver.spec;

import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * One terminal's deck of transaction cards (TPC-C 5.2.4.2): 23 cards, 10 New-Order, 10 Payment and
 * one each of Order-Status, Delivery and Stock-Level, dealt in a shuffled order and shuffled again
 * once all are dealt. Unlike a draw per transaction, the deck keeps every terminal's mix at the
 * same weights as sysbench-tpcc's draw (43.5/43.5/4.3/4.3/4.3 %) over every 23 transactions, so the
 * minimums of 5.2.3 hold also over a short measurement interval.
 *
 * <p>Pure: the caller owns the random source. Small, as one exists per terminal. Not thread-safe.
 */
public final class TransactionDeck {
  /** Cards in a deck. */
  public static final int CARDS = 23;

  private static final TransactionType[] TYPES = TransactionType.values();
  private static final byte[] UNSHUFFLED = unshuffled();

  private final byte[] cards = UNSHUFFLED.clone();
  private int dealt = CARDS; // shuffle before the first deal

  /** A full deck, shuffled before its first deal. */
  public TransactionDeck() {}

  /** How many of the {@link #CARDS} cards carry {@code type}. */
  public static int cardsOf(TransactionType type) {
    return switch (type) {
      case NEW_ORDER, PAYMENT -> 10;
      case ORDER_STATUS, DELIVERY, STOCK_LEVEL -> 1;
      case PURGE -> 0;
    };
  }

  /** The share of {@code type} in a deck, in percent. */
  public static double percentOf(TransactionType type) {
    return 100.0 * cardsOf(type) / CARDS;
  }

  /** Deals the next card, shuffling the deck with {@code r} when all cards have been dealt. */
  public TransactionType next(TpccRandom r) {
    if (dealt == CARDS) {
      shuffle(r);
      dealt = 0;
    }
    return TYPES[cards[dealt++]];
  }

  /** Fisher-Yates. */
  private void shuffle(TpccRandom r) {
    for (int i = CARDS - 1; i > 0; i--) {
      int j = r.uniform(0, i);
      byte card = cards[i];
      cards[i] = cards[j];
      cards[j] = card;
    }
  }

  private static byte[] unshuffled() {
    byte[] deck = new byte[CARDS];
    int i = 0;
    for (TransactionType type : TYPES) {
      for (int c = 0; c < cardsOf(type); c++) {
        deck[i++] = (byte) type.ordinal();
      }
    }
    return deck;
  }
}
