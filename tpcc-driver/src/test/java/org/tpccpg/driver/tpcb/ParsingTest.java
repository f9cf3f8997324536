package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Option values parsed with pgbench 15's messages, captured from the real binary. */
class ParsingTest {
  private static String message(Runnable parse) {
    return assertThrows(IllegalArgumentException.class, parse::run).getMessage();
  }

  @Test
  void numbersFailWithPgbenchsMessages() {
    assertEquals(
        "invalid value \"abc\" for option -c/--clients",
        message(() -> PgbenchNumbers.parseInt("-c/--clients", "abc", 1, Integer.MAX_VALUE)));
    assertEquals(
        "-c/--clients must be in range 1..2147483647",
        message(() -> PgbenchNumbers.parseInt("-c/--clients", "0", 1, Integer.MAX_VALUE)));
    assertEquals(42, PgbenchNumbers.parseInt("-T/--time", "42", 1, Integer.MAX_VALUE));
  }

  @Test
  void seedsAreTimeRandOrUnsignedIntegers() {
    assertEquals(5, PgbenchNumbers.parseSeed("5", 99));
    assertEquals(99, PgbenchNumbers.parseSeed("time", 99));
    assertEquals(
        "unrecognized random seed option \"abc\"\ndetail: Expecting an unsigned integer, \"time\""
            + " or \"rand\".\nerror: error while setting random seed from --random-seed option",
        message(() -> PgbenchNumbers.parseSeed("abc", 0)));
  }

  @Test
  void builtinNamesMatchByUniquePrefixLikePgbench() {
    assertEquals(BuiltinScript.TPCB_LIKE, WeightedScript.parse("tpcb").script());
    assertEquals(new WeightedScript(BuiltinScript.SELECT_ONLY, 3), WeightedScript.parse("sel@3"));
    assertEquals(
        "ambiguous builtin name: 2 builtin scripts found for prefix \"s\"\n"
            + BuiltinScript.listing(),
        message(() -> WeightedScript.parse("s")));
    assertEquals(
        "no builtin script found for name \"nope\"\n" + BuiltinScript.listing(),
        message(() -> WeightedScript.parse("nope")));
    assertEquals(
        "Available builtin scripts:\n"
            + "      tpcb-like: <builtin: TPC-B (sort of)>\n"
            + "  simple-update: <builtin: simple update>\n"
            + "    select-only: <builtin: select only>\n\n",
        BuiltinScript.listing());
    assertEquals("invalid weight specification: @x", message(() -> WeightedScript.parse("tpcb@x")));
    assertEquals(
        "weight specification out of range (0 .. 2147483647): -1",
        message(() -> WeightedScript.parse("tpcb-like@-1")));
  }

  @Test
  void initStepsParseInOrderAndRejectUnknownLetters() {
    assertEquals(
        List.of(InitStep.DROP, InitStep.CREATE_TABLES, InitStep.SERVER_SIDE_GENERATE),
        InitStep.parse("dt G"));
    assertEquals(
        "unrecognized initialization step \"x\"\ndetail: Allowed step characters are:"
            + " \"dtgGvpf\".",
        message(() -> InitStep.parse("dtx")));
  }

  @Test
  void generationProgressLineMatchesPgbench() {
    // Captured: "100000 of 200000 tuples (50%) done (elapsed 0.03 s, remaining 0.03 s)"
    assertEquals(
        "100000 of 200000 tuples (50%) done (elapsed 0.03 s, remaining 0.03 s)",
        InitProgress.line(100_000, 200_000, 0.03));
  }

  @Test
  void initDoneLineListsStepTimesLikePgbench() {
    var times = new java.util.LinkedHashMap<InitStep, Long>();
    times.put(InitStep.DROP, 0L);
    times.put(InitStep.CREATE_TABLES, 30_000_000L);
    times.put(InitStep.CLIENT_SIDE_GENERATE, 430_000_000L);
    assertEquals(
        "done in 0.85 s (drop tables 0.00 s, create tables 0.03 s, client-side generate 0.43 s).",
        TpcbInit.doneLine(850_000_000L, times));
  }
}
