package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which commands of a script run under \if, \elif, \else and \endif. */
class ConditionalsTest {
  /** Runs the meta-commands of {@code text} and returns the values of its debug() calls. */
  static List<Value> run(String text, Variables variables) throws Exception {
    List<Command> commands = ScriptParser.parse("t.sql", text).commands();
    List<Value> debugged = new ArrayList<>();
    Evaluator evaluator = new Evaluator(variables, PgPrng.seeded(1), debugged::add);
    MetaOnlyRunner.run(commands, evaluator, variables, new int[1]);
    return debugged;
  }

  private static List<Value> ints(long... values) {
    List<Value> list = new ArrayList<>();
    for (long v : values) {
      list.add(Value.of(v));
    }
    return list;
  }

  @Test
  void theFirstTrueBranchRunsAndOnlyIt() throws Exception {
    String script =
        "\\if :x = 1\n\\set a debug(1)\n"
            + "\\elif debug(:x) = 2\n\\set a debug(2)\n"
            + "\\elif debug(:x) = 3\n\\set a debug(3)\n"
            + "\\else\n\\set a debug(4)\n\\endif\n"
            + "\\set b debug(5)\n";
    for (long x = 1; x <= 4; x++) {
      Variables variables = new Variables();
      variables.put("startup", "x", Value.of(x));
      List<Value> expected =
          switch ((int) x) {
            case 1 -> ints(1, 5);
            case 2 -> ints(2, 2, 5);
            case 3 -> ints(3, 3, 3, 5);
            default -> ints(4, 4, 4, 5);
          };
      assertEquals(expected, run(script, variables), "x = " + x);
    }
  }

  @Test
  void blocksInsideSkippedBranchesAreSkippedWhole() throws Exception {
    String script =
        "\\if false\n"
            + "\\if true\n\\set a debug(1)\n\\else\n\\set a debug(2)\n\\endif\n"
            + "\\elif NULL\n\\set a debug(3)\n"
            + "\\else\n"
            + "\\if 0.0\n\\set a debug(4)\n\\elif 2\n\\set a debug(5)\n\\endif\n"
            + "\\endif\n"
            + "\\set z debug(6)\n";
    assertEquals(ints(5, 6), run(script, new Variables()));
  }
}
