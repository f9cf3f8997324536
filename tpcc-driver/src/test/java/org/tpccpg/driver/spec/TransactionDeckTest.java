package org.tpccpg.driver.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.tpcc.TransactionType;

class TransactionDeckTest {
  @Test
  void everyTwentyThreeCardsHoldTheSpecifiedMix() {
    TransactionDeck deck = new TransactionDeck();
    TpccRandom r = new TpccRandom(11);
    for (int round = 0; round < 50; round++) {
      Map<TransactionType, Integer> dealt = new EnumMap<>(TransactionType.class);
      for (int i = 0; i < TransactionDeck.CARDS; i++) {
        dealt.merge(deck.next(r), 1, Integer::sum);
      }
      assertEquals(10, dealt.get(TransactionType.NEW_ORDER));
      assertEquals(10, dealt.get(TransactionType.PAYMENT));
      assertEquals(1, dealt.get(TransactionType.ORDER_STATUS));
      assertEquals(1, dealt.get(TransactionType.DELIVERY));
      assertEquals(1, dealt.get(TransactionType.STOCK_LEVEL));
      assertEquals(null, dealt.get(TransactionType.PURGE));
    }
  }

  @Test
  void eachDeckIsShuffledAnewAndTheSameSeedDealsTheSameCards() {
    TransactionDeck deck = new TransactionDeck();
    TpccRandom r = new TpccRandom(3);
    List<TransactionType> first = deal(deck, r);
    List<TransactionType> second = deal(deck, r);
    assertNotEquals(first, second);
    assertEquals(first, deal(new TransactionDeck(), new TpccRandom(3)));
  }

  @Test
  void theSharesMeetTheMinimumsOfTpcC523() {
    assertEquals(43.48, TransactionDeck.percentOf(TransactionType.PAYMENT), 0.01);
    assertEquals(4.35, TransactionDeck.percentOf(TransactionType.STOCK_LEVEL), 0.01);
  }

  private static List<TransactionType> deal(TransactionDeck deck, TpccRandom r) {
    List<TransactionType> cards = new ArrayList<>();
    for (int i = 0; i < TransactionDeck.CARDS; i++) {
      cards.add(deck.next(r));
    }
    return cards;
  }
}
