package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

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
  void aZeroTotalWeightIsRefused() {
    List<WeightedScript> none = List.of(new WeightedScript(BuiltinScript.TPCB_LIKE, 0));
    assertThrows(
        IllegalArgumentException.class, () -> new ScriptChooser(none, new SplittableRandom()));
  }
}
