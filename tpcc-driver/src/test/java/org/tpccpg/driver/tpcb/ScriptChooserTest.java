package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.tpcb.script.PgPrng;
import org.tpccpg.driver.tpcb.script.PgbenchRandom;

class ScriptChooserTest {
  @Test
  void scriptsAreDrawnInProportionToTheirWeightAndWeightZeroNever() {
    ScriptChooser chooser =
        new ScriptChooser(
            List.of(
                new WeightedScript(BuiltinScript.TPCB_LIKE, 3),
                new WeightedScript(BuiltinScript.SIMPLE_UPDATE, 0),
                new WeightedScript(BuiltinScript.SELECT_ONLY, 1)),
            new SplittableRandom(7));
    int[] drawn = new int[3];
    for (int i = 0; i < 40_000; i++) {
      drawn[chooser.next()]++;
    }
    assertEquals(0, drawn[1]);
    assertEquals(0.75, drawn[0] / 40_000.0, 0.01);
    assertEquals(0.25, drawn[2] / 40_000.0, 0.01);
  }

  @Test
  void aSingleScriptLeavesTheRandomStreamUntouched() {
    SplittableRandom used = new SplittableRandom(11);
    ScriptChooser chooser =
        new ScriptChooser(List.of(new WeightedScript(BuiltinScript.SELECT_ONLY, 5)), used);
    assertEquals(0, chooser.next());
    assertEquals(new SplittableRandom(11).nextLong(), used.nextLong());
  }

  @Test
  void weightsAddUpBeyondAnInt() {
    ScriptChooser chooser =
        new ScriptChooser(
            List.of(
                new WeightedScript(BuiltinScript.TPCB_LIKE, Integer.MAX_VALUE),
                new WeightedScript(BuiltinScript.SELECT_ONLY, Integer.MAX_VALUE)),
            new SplittableRandom(3));
    int first = 0;
    for (int i = 0; i < 10_000; i++) {
      first += chooser.next() == 0 ? 1 : 0;
    }
    assertEquals(0.5, first / 10_000.0, 0.03);
  }

  @Test
  void pgbenchsDrawTakesTheFirstScriptWhoseCumulativeWeightExceedsAUniformDraw() {
    PgPrng state = PgPrng.seeded(99);
    PgPrng expected = state.copy();
    ScriptChooser chooser =
        new ScriptChooser(
            List.of(
                new WeightedScript(BuiltinScript.TPCB_LIKE, 2),
                new WeightedScript(BuiltinScript.SIMPLE_UPDATE, 0),
                new WeightedScript(BuiltinScript.SELECT_ONLY, 3)),
            state);
    for (int i = 0; i < 200; i++) {
      long w = PgbenchRandom.uniform(expected, 0, 4); // pgbench: getrand(0, total_weight - 1)
      assertEquals(w < 2 ? 0 : 2, chooser.next());
    }
  }

  @Test
  void aZeroTotalWeightIsRefused() {
    List<WeightedScript> none = List.of(new WeightedScript(BuiltinScript.TPCB_LIKE, 0));
    assertThrows(
        IllegalArgumentException.class, () -> new ScriptChooser(none, new SplittableRandom()));
  }
}
