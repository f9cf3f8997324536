package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** sysbench 1.0.20's deprecated names, as its init() reads them. */
class SysbenchAliasesTest {
  @Test
  void eachAliasAboveItsDefaultReplacesTheNewNameWithSysbenchsWarningInSysbenchsOrder() {
    SysbenchAliases.Rewritten r =
        SysbenchAliases.apply(
            "run",
            "--tx-rate=20",
            "--max-time=60",
            "--threads=8",
            "--num-threads=4",
            "--max-requests=100");
    assertEquals(
        List.of(
            "WARNING: --num-threads is deprecated, use --threads instead",
            "WARNING: --max-requests is deprecated, use --events instead",
            "WARNING: --max-time is deprecated, use --time instead",
            "WARNING: --tx-rate is deprecated, use --rate instead"),
        r.warnings());
    assertArrayEquals(
        new String[] {
          "run", "--tx-rate=20", "--max-time=60", "--threads=8", "--num-threads=4",
          "--max-requests=100", "--threads=4", "--events=100", "--time=60", "--rate=20"
        },
        r.args());
  }

  @Test
  void neitherATimeNorAnEventLimitIsWarnedOfAfterTheOldTimeAndBeforeTheOldRate() {
    // the old name's event limit counts
    assertEquals(
        List.of(
            "WARNING: --max-requests is deprecated, use --events instead",
            "WARNING: --tx-rate is deprecated, use --rate instead"),
        SysbenchAliases.apply("run", "--time=0", "--tx-rate=5", "--max-requests=1", "--events=0")
            .warnings());
    assertEquals(
        List.of(
            "WARNING: Both event and time limits are disabled, running an endless test",
            "WARNING: --tx-rate is deprecated, use --rate instead"),
        SysbenchAliases.apply("run", "--time=0", "--tx-rate=5").warnings());
    assertEquals(List.of(), SysbenchAliases.apply("run", "--time=0", "--events=5").warnings());
    assertEquals(List.of(), SysbenchAliases.apply("run", "--events=0").warnings()); // 10 s
    assertEquals(
        List.of("WARNING: Both event and time limits are disabled, running an endless test"),
        SysbenchAliases.apply("check", "--time", "0").warnings());
  }

  @Test
  void anAliasAtItsDefaultOrBelowChangesNothing() {
    String[] args = {"run", "--num-threads=1", "--max-time=0", "--max-requests=0", "--tx-rate=0"};
    SysbenchAliases.Rewritten r = SysbenchAliases.apply(args);
    assertEquals(List.of(), r.warnings());
    assertArrayEquals(args, r.args());
  }

  @Test
  void theLastOccurrenceCountsInEitherForm() {
    SysbenchAliases.Rewritten r =
        SysbenchAliases.apply("prepare", "--num-threads=3", "--num-threads", "5");
    assertEquals(
        List.of("WARNING: --num-threads is deprecated, use --threads instead"), r.warnings());
    assertEquals("--threads=5", r.args()[r.args().length - 1]);
  }

  @Test
  void aValueThatIsNotAWholeNumberIsLeftForTheOptionToRefuse() {
    String[] args = {"run", "--num-threads=abc", "--max-time=1.5"};
    SysbenchAliases.Rewritten r = SysbenchAliases.apply(args);
    assertEquals(List.of(), r.warnings());
    assertArrayEquals(args, r.args());
  }

  @Test
  void theNewNameGoesBeforeADoubleDash() {
    assertArrayEquals(
        new String[] {"check", "--max-time=9", "--time=9", "--", "x"},
        SysbenchAliases.apply("check", "--max-time=9", "--", "x").args());
  }

  @Test
  void commandsThatAreNotSysbenchsAreLeftAlone() {
    String[] args = {"tpcb", "--max-time=9"};
    SysbenchAliases.Rewritten r = SysbenchAliases.apply(args);
    assertEquals(List.of(), r.warnings());
    assertArrayEquals(args, r.args());
  }
}
