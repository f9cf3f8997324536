package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.connect.StatementMode;

/**
 * The closing block as {@code --pgbench-version} asks, against the lines pgbench's printResults of
 * each release branch writes (its format strings, quoted in {@link PgbenchVersion}'s sources: no
 * pgbench 18 package is installed here, and its TAP tests have no case for these lines).
 */
class PgbenchVersionLayoutTest {
  private static final WeightedScript SELECT = new WeightedScript(BuiltinScript.SELECT_ONLY, 2);
  private static final WeightedScript UPDATE = new WeightedScript(BuiltinScript.SIMPLE_UPDATE, 1);

  private static TpcbRunConfig config(
      List<WeightedScript> scripts, boolean perCommand, PgbenchVersion version) {
    return config(scripts, perCommand, version, RunLimits.DEFAULT);
  }

  private static TpcbRunConfig config(
      List<WeightedScript> scripts, boolean perCommand, PgbenchVersion version, RunLimits limits) {
    return new TpcbRunConfig(
        scripts,
        2,
        1,
        2,
        0,
        StatementMode.SIMPLE,
        false,
        0,
        perCommand,
        1,
        VacuumMode.NONE,
        limits,
        TxnLogOptions.NONE,
        List.of(),
        0,
        new TpcbMessages(false, false, false, version));
  }

  private static String block(TpcbResult result) {
    String report = TpcbReport.render(result);
    return report.substring(report.indexOf("SQL script 1"), report.indexOf("latency percentiles:"));
  }

  private static TpcbResult twoScripts(PgbenchVersion version, Totals update) {
    Histogram latencies = new Histogram(3);
    latencies.recordValue(150);
    return ResultBuilder.result(
        config(List.of(SELECT, UPDATE), false, version),
        2,
        "",
        0,
        0.002,
        9.236,
        List.of(
            ResultBuilder.script(SELECT, new Totals(6, 900, 6 * 150.0 * 150.0), new double[2]),
            ResultBuilder.script(UPDATE, update, new double[9])),
        latencies);
  }

  @Test
  void pgbench18GivesEachScriptItsStartedAndItsProcessedTransactionsOnTwoLines() {
    Totals update =
        new Totals(4, 2000, 4 * (500.0 * 500.0 + 100.0 * 100.0), 2, 0, 0, 0, 0, 0, 0, 0, 0);
    assertEquals(
        """
        SQL script 1: <builtin: select only>
         - weight: 2 (targets 66.7% of total)
         - 6 transactions (50.0% of total)
         - number of transactions actually processed: 6 (tps = 3000.000000)
         - number of failed transactions: 0 (0.000%)
         - latency average = 0.150 ms
         - latency stddev = 0.000 ms
        SQL script 2: <builtin: simple update>
         - weight: 1 (targets 33.3% of total)
         - 6 transactions (50.0% of total)
         - number of transactions actually processed: 4 (tps = 2000.000000)
         - number of failed transactions: 2 (33.333%)
         - latency average = 0.500 ms
         - latency stddev = 0.100 ms
        """,
        block(twoScripts(PgbenchVersion.V18, update)));
    // 15 to 17: the processed ones only, their share of all processed, tps on the same line
    for (PgbenchVersion older :
        List.of(PgbenchVersion.V15, PgbenchVersion.V16, PgbenchVersion.V17)) {
      String block = block(twoScripts(older, update));
      assertEquals(
          " - 4 transactions (40.0% of total, tps = 2000.000000)",
          block.lines().filter(l -> l.startsWith(" - 4 ")).findFirst().orElseThrow(),
          older + ":\n" + block);
    }
  }

  @Test
  void aScriptThatStartedNothingHasNoOutcomeLinesIn18ANaNShareIn15AndNoLatencyInAny() {
    String block18 = block(twoScripts(PgbenchVersion.V18, Totals.ZERO));
    assertEquals(
        """
        SQL script 2: <builtin: simple update>
         - weight: 1 (targets 33.3% of total)
         - 0 transactions (0.0% of total)
        """,
        block18.substring(block18.indexOf("SQL script 2")));
    // as pgbench 15.18 printed it for -b select-only@1 -b simple-update@0 -t 2 (0 / 0 is NaN)
    String block15 = block(twoScripts(PgbenchVersion.V15, Totals.ZERO));
    assertEquals(
        """
        SQL script 2: <builtin: simple update>
         - weight: 1 (targets 33.3% of total)
         - 0 transactions (0.0% of total, tps = 0.000000)
         - number of failed transactions: 0 (NaN%)
        """,
        block15.substring(block15.indexOf("SQL script 2")));
  }

  @Test
  void pgbench18PutsOneSpaceBeforeEachStatementOfR() {
    WeightedScript script = new WeightedScript(BuiltinScript.SELECT_ONLY, 1);
    for (PgbenchVersion version : PgbenchVersion.values()) {
      Histogram latencies = new Histogram(3);
      latencies.recordValue(150);
      TpcbResult result =
          ResultBuilder.result(
              config(List.of(script), true, version),
              2,
              "",
              0,
              0.002,
              9.236,
              List.of(
                  ResultBuilder.script(
                      script, new Totals(6, 900, 6 * 150.0 * 150.0), new double[] {0.002, 0.141})),
              latencies);
      String gap = version.major() >= 18 ? " " : "  ";
      String report = TpcbReport.render(result);
      assertEquals(
          "statement latencies in milliseconds and failures:\n"
              + "         0.002           0"
              + gap
              + "\\set aid random(1, 100000 * :scale)\n"
              + "         0.141           0"
              + gap
              + "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n",
          report.substring(
              report.indexOf("statement latencies"), report.indexOf("latency percentiles:")),
          version.toString());
    }
  }

  /** Every client aborted: nothing started, nothing succeeded. */
  private static String nothingRan(PgbenchVersion version) {
    WeightedScript script = new WeightedScript(BuiltinScript.SELECT_ONLY, 1);
    TpcbResult result =
        ResultBuilder.result(
            config(List.of(script), false, version),
            2,
            "",
            0,
            0.002,
            9.236,
            List.of(ResultBuilder.script(script, Totals.ZERO, new double[2])),
            new Histogram(3));
    String report = TpcbReport.render(result);
    return report.substring(
        report.indexOf("number of transactions actually processed"),
        report.indexOf("latency percentiles:"));
  }

  @Test
  void whenNothingRanTheBlockEndsAfterTheFailuresUpTo17AndBeforeThemFrom18() {
    for (PgbenchVersion older :
        List.of(PgbenchVersion.V15, PgbenchVersion.V16, PgbenchVersion.V17)) {
      assertEquals(
          """
          number of transactions actually processed: 0
          number of failed transactions: 0 (NaN%)
          """,
          nothingRan(older), older.toString());
    }
    assertEquals("number of transactions actually processed: 0\n", nothingRan(PgbenchVersion.V18));
  }

  /** pgbench 19's TAP case: -t 10, 1 processed and 9 unique violations, detailed. */
  private static String continuedOnErrors(PgbenchVersion version) {
    WeightedScript script = new WeightedScript(BuiltinScript.SELECT_ONLY, 1);
    Totals totals = new Totals(1, 150, 150.0 * 150.0, 9, 0, 0, 0, 0, 0, 0, 0, 0);
    TpcbResult result =
        ResultBuilder.result(
            config(List.of(script), false, version, new RunLimits(1, true, 0, 0, false, true)),
            1,
            "",
            0,
            0.002,
            9.236,
            List.of(ResultBuilder.script(script, totals, new double[2])),
            new Histogram(3));
    String report = TpcbReport.render(result);
    return report.substring(
        report.indexOf("number of transactions actually processed"),
        report.indexOf("latency average"));
  }

  @Test
  void from19TheDetailedFailuresEndWithTheOtherFailures() {
    assertEquals(
        """
        number of transactions actually processed: 1
        number of failed transactions: 9 (90.000%)
        number of serialization failures: 0 (0.000%)
        number of deadlock failures: 0 (0.000%)
        number of other failures: 9 (90.000%)
        """,
        continuedOnErrors(PgbenchVersion.V19));
    assertEquals(
        """
        number of transactions actually processed: 1
        number of failed transactions: 9 (90.000%)
        number of serialization failures: 0 (0.000%)
        number of deadlock failures: 0 (0.000%)
        """,
        continuedOnErrors(PgbenchVersion.V18));
  }

  @Test
  void aVersionWithoutItsLayoutIsRefusedNamingTheOptionAndTheMajors() {
    assertEquals(PgbenchVersion.V17, PgbenchVersion.of("17"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PgbenchVersion.of("20"));
    assertEquals(
        "--pgbench-version must be one of 15, 16, 17, 18, 19 but was \"20\"", e.getMessage());
  }
}
