package org.tpccpg.core.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.WarehouseRange;

class UnfinishedLoadTest {
  private static UnfinishedLoad.SetGaps gaps(int set, boolean itemsMissing, int... bounds) {
    List<WarehouseRange> ranges = new java.util.ArrayList<>();
    for (int i = 0; i < bounds.length; i += 2) {
      ranges.add(new WarehouseRange(bounds[i], bounds[i + 1]));
    }
    return new UnfinishedLoad.SetGaps(set, ranges, itemsMissing);
  }

  @Test
  void namesEachSetsMissingWarehousesAndOneRangeLoadThatCoversThem() {
    UnfinishedLoad load =
        new UnfinishedLoad(2, 10, List.of(gaps(1, false, 3, 4, 7, 7), gaps(2, true, 9, 10)));
    assertEquals(
        "warehouse1 lacks warehouses 3-4, 7 of 10; warehouse2 lacks warehouses 9-10 of 10;"
            + " item2 is empty",
        load.describe());
    assertEquals(
        Optional.of("prepare --tables=2 --scale=10 --warehouses=3-10 --resume --load-items"),
        load.resumeCommand());
    assertTrue(load.nextSteps().endsWith("then prepare --only=finish --tables=2 --scale=10"));
  }

  @Test
  void withEveryRowThereOnlyTheFinishStepIsLeft() {
    UnfinishedLoad load = new UnfinishedLoad(1, 4, List.of(gaps(1, false)));
    assertTrue(load.rowsComplete());
    assertEquals(Optional.empty(), load.resumeCommand());
    assertEquals("run prepare --only=finish --tables=1 --scale=4", load.nextSteps());
    assertEquals("every warehouse and item is loaded", load.describe());
  }

  @Test
  void withinARangeKeepsOnlyItsPartOfEachGap() {
    UnfinishedLoad load = new UnfinishedLoad(1, 10, List.of(gaps(1, false, 2, 5, 8, 10)));
    UnfinishedLoad within = load.within(new WarehouseRange(4, 8));
    assertEquals("warehouse1 lacks warehouses 4-5, 8 of 10", within.describe());
    assertTrue(within.sets().get(0).lacks(5));
    assertTrue(!within.sets().get(0).lacks(2), "outside the range");
  }
}
