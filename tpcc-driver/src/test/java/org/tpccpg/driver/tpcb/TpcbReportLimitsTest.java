package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.metrics.OutageTracker;

/**
 * The closing block with {@code --max-tries}, {@code --failures-detailed}, {@code -R} and {@code
 * -L}, against output captured from pgbench 15.18 on a server with {@code
 * default_transaction_isolation = 'repeatable read'} (so that tpcb-like has serialization
 * failures).
 */
class TpcbReportLimitsTest {
  private static final WeightedScript TPCB = new WeightedScript(BuiltinScript.TPCB_LIKE, 1);

  private static TpcbRunConfig config(
      int clients, int duration, long perClient, int progress, boolean perCommand, RunLimits l) {
    return new TpcbRunConfig(
        List.of(TPCB),
        clients,
        1,
        duration,
        perClient,
        StatementMode.SIMPLE,
        false,
        progress,
        perCommand,
        1,
        VacuumMode.NONE,
        l,
        TxnLogOptions.NONE,
        List.of(),
        0,
        Pgbench15.MESSAGES);
  }

  /** Successful transactions with mean and standard deviation in µs, plus the other outcomes. */
  private static Totals totals(
      long count, long mean, double sd, long failed, long retried, long retries, long late) {
    return new Totals(
        count,
        mean * count,
        count * (sd * sd + (double) mean * mean),
        failed,
        failed,
        0,
        retried,
        retries,
        0,
        late,
        0,
        0);
  }

  private static String pgbenchPart(String report) {
    return report.substring(0, report.indexOf("latency percentiles:"));
  }

  @Test
  void maxTriesWithDetailedFailuresMatchesPgbenchByteForByte() {
    String captured =
        """
        transaction type: <builtin: TPC-B (sort of)>
        scaling factor: 1
        query mode: simple
        number of clients: 8
        number of threads: 1
        maximum number of tries: 3
        duration: 3 s
        number of transactions actually processed: 1371
        number of failed transactions: 2264 (62.283%)
        number of serialization failures: 2264 (62.283%)
        number of deadlock failures: 0 (0.000%)
        number of transactions retried: 2823 (77.662%)
        total number of retries: 5343
        latency average = 3.790 ms
        latency stddev = 2.910 ms
        initial connection time = 18.954 ms
        tps = 456.570823 (without initial connection time)
        """;
    RunLimits limits = new RunLimits(3, true, 0, 0, false);
    Totals totals = totals(1371, 3790, 2910, 2264, 2823, 5343, 0);
    TpcbResult result =
        ResultBuilder.result(
            config(8, 3, 0, 1, false, limits),
            1,
            "",
            0,
            1371 / 456.570823,
            18.954,
            List.of(ResultBuilder.script(TPCB, totals, new double[11])),
            new Histogram(3));
    assertEquals(captured, pgbenchPart(TpcbReport.render(result)));
  }

  @Test
  void rateAndLatencyLimitWithPerCommandFailuresMatchPgbenchByteForByte() {
    String captured =
        """
        transaction type: <builtin: TPC-B (sort of)>
        scaling factor: 1
        query mode: simple
        number of clients: 4
        number of threads: 1
        maximum number of tries: 2
        duration: 2 s
        number of transactions actually processed: 574
        number of failed transactions: 41 (6.667%)
        number of serialization failures: 41 (6.667%)
        number of deadlock failures: 0 (0.000%)
        number of transactions retried: 160 (26.016%)
        total number of retries: 160
        number of transactions skipped: 0 (0.000%)
        number of transactions above the 5.0 ms latency limit: 1/574 (0.174%)
        latency average = 1.335 ms
        latency stddev = 0.569 ms
        rate limit schedule lag: avg 0.118 (max 2.627) ms
        initial connection time = 12.432 ms
        tps = 288.864912 (without initial connection time)
        statement latencies in milliseconds, failures and retries:
                 0.004           0           0  \\set aid random(1, 100000 * :scale)
                 0.001           0           0  \\set bid random(1, 1 * :scale)
                 0.001           0           0  \\set tid random(1, 10 * :scale)
                 0.001           0           0  \\set delta random(-5000, 5000)
                 0.093           0           0  BEGIN;
                 0.169           0           0  UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
                 0.137           0           0  SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
                 0.107           2          13  UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
                 0.093          39         147  UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
                 0.085           0           0  INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
                 0.361           0           0  END;
        """;
    RunLimits limits = new RunLimits(2, true, 300, 5000, false);
    Totals base = totals(574, 1335, 569, 41, 160, 160, 1);
    Totals totals =
        new Totals(
            base.count(),
            base.latencySum(),
            base.latencySquares(),
            41,
            41,
            0,
            160,
            160,
            0,
            1,
            118 * 574,
            2627);
    double[] millis = {0.004, 0.001, 0.001, 0.001, 0.093, 0.169, 0.137, 0.107, 0.093, 0.085, 0.361};
    long[] failures = {0, 0, 0, 0, 0, 0, 0, 2, 39, 0, 0};
    long[] retries = {0, 0, 0, 0, 0, 0, 0, 13, 147, 0, 0};
    TpcbResult result =
        ResultBuilder.result(
            config(4, 2, 0, 0, true, limits),
            1,
            "",
            0,
            574 / 288.864912,
            12.432,
            List.of(ResultBuilder.script(TPCB, totals, millis, failures, retries)),
            new Histogram(3));
    assertEquals(captured, pgbenchPart(TpcbReport.render(result)));
  }

  @Test
  void countedRunWithFailuresSaysTheComputedAverageIncludesThem() {
    String captured =
        """
        transaction type: <builtin: TPC-B (sort of)>
        scaling factor: 1
        query mode: simple
        number of clients: 4
        number of threads: 1
        maximum number of tries: 3
        number of transactions per client: 20
        number of transactions actually processed: 56/80
        number of failed transactions: 24 (30.000%)
        number of transactions retried: 35 (43.750%)
        total number of retries: 64
        latency average = 2.626 ms (including failures)
        initial connection time = 8.227 ms
        tps = 1066.077786 (without initial connection time)
        """;
    RunLimits limits = new RunLimits(3, false, 0, 0, false);
    TpcbResult result =
        ResultBuilder.result(
            config(4, 0, 20, 0, false, limits),
            1,
            "",
            0,
            56 / 1066.077786,
            8.227,
            List.of(ResultBuilder.script(TPCB, totals(56, 2000, 0, 24, 35, 64, 0), new double[11])),
            new Histogram(3));
    assertEquals(captured, pgbenchPart(TpcbReport.render(result)));
  }

  @Test
  void unlimitedTriesLeaveOutTheMaximumLine() {
    RunLimits limits = new RunLimits(0, false, 0, 0, false);
    TpcbResult result =
        ResultBuilder.result(
            config(1, 1, 0, 0, false, limits),
            1,
            "",
            0,
            1,
            1,
            List.of(ResultBuilder.script(TPCB, totals(1, 1000, 0, 0, 0, 0, 0), new double[11])),
            new Histogram(3));
    String report = TpcbReport.render(result);
    assertEquals(-1, report.indexOf("maximum number of tries"));
    assertEquals(true, report.contains("total number of retries: 0\n"));
  }

  @Test
  void lostConnectionsAddOneLineAfterThePercentiles() {
    TpcbResult result =
        ResultBuilder.result(
            config(4, 10, 0, 0, false, RunLimits.DEFAULT),
            1,
            "",
            0,
            10,
            1,
            List.of(ResultBuilder.script(TPCB, totals(10, 1000, 0, 2, 0, 0, 0), new double[11])),
            new Histogram(3),
            5,
            List.of(
                new OutageTracker.Outage(4.14, 0.31, 1, 1.2),
                new OutageTracker.Outage(9.8, 3.5, 4, -1)));
    String report = TpcbReport.render(result);
    String last = report.substring(report.indexOf("reconnects"));
    assertEquals(
        "reconnects = 5, outages = 2: at 4.1 s for 0.3 s (1 client, back to 90 % tps after 1.2 s),"
            + " at 9.8 s for 3.5 s (4 clients, back to 90 % tps not within the run)\n",
        last);
  }
}
