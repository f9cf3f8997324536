package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.metrics.DipCauses;

/** The closing block against output captured from pgbench 15.18 on this project's machines. */
class TpcbReportTest {
  private static TpcbRunConfig config(
      List<WeightedScript> scripts, int clients, int durationSeconds, long perClient) {
    return new TpcbRunConfig(
        scripts,
        clients,
        1,
        durationSeconds,
        perClient,
        StatementMode.SIMPLE,
        false,
        0,
        true,
        1,
        VacuumMode.NONE,
        RunLimits.DEFAULT,
        TxnLogOptions.NONE,
        List.of(),
        0,
        Pgbench15.MESSAGES);
  }

  private static Histogram histogram(long... micros) {
    Histogram histogram = new Histogram(3);
    for (long value : micros) {
      histogram.recordValue(value);
    }
    return histogram;
  }

  private static String pgbenchPart(String report) {
    return report.substring(0, report.indexOf("latency percentiles:"));
  }

  @Test
  void simpleUpdateWithPerCommandLatenciesMatchesPgbenchByteForByte() {
    String captured =
        """
        transaction type: <builtin: simple update>
        scaling factor: 2
        query mode: simple
        number of clients: 1
        number of threads: 1
        maximum number of tries: 1
        number of transactions per client: 20
        number of transactions actually processed: 20/20
        number of failed transactions: 0 (0.000%)
        latency average = 0.509 ms
        initial connection time = 3.394 ms
        tps = 1965.988401 (without initial connection time)
        statement latencies in milliseconds and failures:
                 0.001           0  \\set aid random(1, 100000 * :scale)
                 0.000           0  \\set bid random(1, 1 * :scale)
                 0.001           0  \\set tid random(1, 10 * :scale)
                 0.000           0  \\set delta random(-5000, 5000)
                 0.021           0  BEGIN;
                 0.089           0  UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
                 0.134           0  SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
                 0.219           0  INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
                 0.028           0  END;
        """;
    WeightedScript script = new WeightedScript(BuiltinScript.SIMPLE_UPDATE, 1);
    double[] commands = {0.001, 0.0, 0.001, 0.0, 0.021, 0.089, 0.134, 0.219, 0.028};
    TpcbResult result =
        ResultBuilder.result(
            config(List.of(script), 1, 0, 20),
            2,
            "",
            0,
            20 / 1965.988401,
            3.394,
            List.of(ResultBuilder.script(script, new Totals(20, 10_000, 0), commands)),
            histogram(500));
    assertEquals(captured, pgbenchPart(TpcbReport.render(result)));
  }

  @Test
  void multipleScriptsGetPgbenchsPerScriptBlocks() {
    String captured =
        """
        transaction type: multiple scripts
        scaling factor: 2
        query mode: simple
        number of clients: 2
        number of threads: 1
        maximum number of tries: 1
        duration: 2 s
        number of transactions actually processed: 10
        number of failed transactions: 0 (0.000%)
        latency average = 0.400 ms
        initial connection time = 9.236 ms
        tps = 5000.000000 (without initial connection time)
        SQL script 1: <builtin: select only>
         - weight: 2 (targets 66.7% of total)
         - 6 transactions (60.0% of total, tps = 3000.000000)
         - number of failed transactions: 0 (0.000%)
         - latency average = 0.150 ms
         - latency stddev = 0.000 ms
        SQL script 2: <builtin: simple update>
         - weight: 1 (targets 33.3% of total)
         - 4 transactions (40.0% of total, tps = 2000.000000)
         - number of failed transactions: 0 (0.000%)
         - latency average = 0.500 ms
         - latency stddev = 0.100 ms
        """;
    WeightedScript select = new WeightedScript(BuiltinScript.SELECT_ONLY, 2);
    WeightedScript update = new WeightedScript(BuiltinScript.SIMPLE_UPDATE, 1);
    TpcbRunConfig base = config(List.of(select, update), 2, 2, 0);
    TpcbRunConfig noPerCommand =
        new TpcbRunConfig(
            base.scripts(),
            2,
            1,
            2,
            0,
            StatementMode.SIMPLE,
            false,
            0,
            false,
            1,
            VacuumMode.NONE,
            RunLimits.DEFAULT,
            TxnLogOptions.NONE,
            List.of(),
            0,
            Pgbench15.MESSAGES);
    List<ResultBuilder.ScriptFigures> scripts = new ArrayList<>();
    scripts.add(ResultBuilder.script(select, new Totals(6, 900, 6 * 150.0 * 150.0), new double[2]));
    scripts.add(
        ResultBuilder.script(
            update, new Totals(4, 2000, 4 * (500.0 * 500.0 + 100.0 * 100.0)), new double[9]));
    TpcbResult result =
        ResultBuilder.result(noPerCommand, 2, "", 0, 0.002, 9.236, scripts, histogram(150, 500));
    assertEquals(captured, pgbenchPart(TpcbReport.render(result)));
  }

  @Test
  void connectionPerTransactionReportsAverageConnectionTimeAsPgbenchDoes() {
    WeightedScript script = new WeightedScript(BuiltinScript.SELECT_ONLY, 1);
    TpcbRunConfig config =
        new TpcbRunConfig(
            List.of(script),
            2,
            1,
            0,
            50,
            StatementMode.PREPARED,
            true,
            0,
            false,
            1,
            VacuumMode.NONE,
            RunLimits.DEFAULT,
            TxnLogOptions.NONE,
            List.of(),
            0,
            Pgbench15.MESSAGES);
    TpcbResult result =
        ResultBuilder.result(
            config,
            2,
            "",
            0,
            100 / 136.992682,
            5.641,
            List.of(ResultBuilder.script(script, new Totals(100, 1, 1), new double[2])),
            histogram(100));
    String report = TpcbReport.render(result);
    assertTrue(
        report.contains(
            """
            number of transactions actually processed: 100/100
            number of failed transactions: 0 (0.000%)
            latency average = 14.599 ms
            average connection time = 5.641 ms
            tps = 136.992682 (including reconnection times)
            """),
        report);
  }

  @Test
  void percentilesFollowPgbenchsBlockOnOneLine() {
    WeightedScript script = new WeightedScript(BuiltinScript.SELECT_ONLY, 1);
    long[] micros = new long[100];
    for (int i = 0; i < 100; i++) {
      micros[i] = 1000 * (i + 1);
    }
    TpcbResult result =
        ResultBuilder.result(
            config(List.of(script), 1, 1, 0),
            1,
            "",
            0,
            1,
            1,
            List.of(ResultBuilder.script(script, new Totals(100, 1, 1), new double[2])),
            histogram(micros));
    assertEquals(
        "latency percentiles: p50 = 50.015 ms, p90 = 90.047 ms, p95 = 95.039 ms,"
            + " p99 = 99.007 ms, max = 100.031 ms",
        TpcbReport.percentiles(result));
  }

  @Test
  void aRunStoppedEarlyGivesTheSecondsActuallyRunAndSaysSo() {
    WeightedScript script = new WeightedScript(BuiltinScript.SELECT_ONLY, 1);
    TpcbResult result =
        ResultBuilder.result(
            config(List.of(script), 1, 60, 0),
            1,
            "",
            0,
            3.214,
            1,
            List.of(ResultBuilder.script(script, new Totals(100, 1, 1), new double[2])),
            histogram(1000));
    String report = TpcbReport.render(result, true, DipCauses.NONE);
    assertTrue(report.contains("\nduration: 3 s\n"), report);
    assertTrue(report.contains("tps = 31.113877 (without initial connection time)"), report);
    assertTrue(
        report.endsWith("\nstopped early: ran 3.214 s of the 60 s asked for (-T)\n"), report);
    String asked = TpcbReport.render(result, false, DipCauses.NONE);
    assertTrue(asked.contains("\nduration: 60 s\n"), "a run that ran its course: " + asked);
    assertTrue(!asked.contains("stopped early"), asked);
  }
}
