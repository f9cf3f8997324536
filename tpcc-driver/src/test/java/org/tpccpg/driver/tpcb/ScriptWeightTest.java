package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.tpcb.script.ScriptParser;

/** {@code -f file[@weight]} split as pgbench's parseScriptWeight(), and custom script labels. */
class ScriptWeightTest {
  private static String message(String spec) {
    return assertThrows(IllegalArgumentException.class, () -> ScriptWeight.split(spec))
        .getMessage();
  }

  @Test
  void theWeightFollowsTheLastAtSign() {
    assertEquals(new ScriptWeight("x.sql", 1), ScriptWeight.split("x.sql"));
    assertEquals(new ScriptWeight("x.sql", 7), ScriptWeight.split("x.sql@7"));
    assertEquals(new ScriptWeight("a@b.sql", 0), ScriptWeight.split("a@b.sql@0"));
    assertEquals(new ScriptWeight("x.sql", 5), ScriptWeight.split("x.sql@+5"));
    assertEquals(new ScriptWeight("x.sql", 5), ScriptWeight.split("x.sql@ 5"));
    assertEquals(
        new ScriptWeight("x.sql", Integer.MAX_VALUE), ScriptWeight.split("x.sql@2147483647"));
  }

  @Test
  void badWeightsGetPgbenchsMessages() {
    assertEquals("invalid weight specification: @", message("x.sql@"));
    assertEquals("invalid weight specification: @5x", message("x.sql@5x"));
    assertEquals(
        "invalid weight specification: @99999999999999999999", message("x@99999999999999999999"));
    assertEquals(
        "weight specification out of range (0 .. 2147483647): 2147483648",
        message("x.sql@2147483648"));
    assertEquals("weight specification out of range (0 .. 2147483647): -1", message("x@-1"));
  }

  @Test
  void aCustomScriptReportsItsFileAndCommandsAndIsLabelledByItsFileName() throws Exception {
    WeightedScript custom =
        WeightedScript.custom(
            ScriptParser.parse("dir/my script.sql", "\\set x 1\nSELECT :x\n  AS y;\n"), 2);
    assertEquals("dir/my script.sql", custom.description());
    assertEquals(List.of("\\set x 1", "SELECT :x"), custom.commandLines());
    assertEquals(
        List.of("tpcb-like", "my_script.sql-2", "my_script.sql-3"),
        TpcbSummary.scriptLabels(
            List.of(new WeightedScript(BuiltinScript.TPCB_LIKE, 1), custom, custom)));
  }
}
