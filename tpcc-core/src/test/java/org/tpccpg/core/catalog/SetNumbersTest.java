package org.tpccpg.core.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SetNumbersTest {
  private static SortedSet<Integer> sets(int... numbers) {
    SortedSet<Integer> sets = new TreeSet<>();
    IntStream.of(numbers).forEach(sets::add);
    return sets;
  }

  @Test
  void consecutiveNumbersBecomeRangesAndPairsStayAList() {
    assertEquals(
        "1..4, 7, 9, 10, 12..14", SetNumbers.describe(sets(1, 2, 3, 4, 7, 9, 10, 12, 13, 14)));
    assertEquals("5", SetNumbers.describe(sets(5)));
    assertEquals("none", SetNumbers.describe(sets()));
  }

  @Test
  void aHundredThousandScatteredSetsStillMakeAShortLine() {
    SortedSet<Integer> everyOther = new TreeSet<>();
    for (int set = 1; set <= 200_000; set += 2) {
      everyOther.add(set);
    }
    String text = SetNumbers.describe(everyOther);
    assertEquals("1, 3, 5, 7, 9, 11, 13, ... 199999 (100000 sets)", text);
  }
}
