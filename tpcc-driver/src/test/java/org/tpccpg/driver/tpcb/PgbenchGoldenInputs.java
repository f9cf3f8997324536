package org.tpccpg.driver.tpcb;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.tpcb.ResultBuilder.ScriptFigures;

/**
 * The fixed inputs of the pgbench-format golden tests, built only through the records the renderers
 * take. Most reproduce the figures of a real pgbench 15.18 run (the command is named on each), so
 * the pgbench part of each golden file can be read against pgbench's own output. When the run
 * engines are merged, this is the one place to adapt; the golden files must then still match.
 */
final class PgbenchGoldenInputs {
  static final WeightedScript TPCB = new WeightedScript(BuiltinScript.TPCB_LIKE, 1);
  private static final WeightedScript TPCB_3 = new WeightedScript(BuiltinScript.TPCB_LIKE, 3);
  private static final WeightedScript SELECT_1 = new WeightedScript(BuiltinScript.SELECT_ONLY, 1);
  private static final WeightedScript SELECT_2 = new WeightedScript(BuiltinScript.SELECT_ONLY, 2);
  private static final WeightedScript UPDATE_1 = new WeightedScript(BuiltinScript.SIMPLE_UPDATE, 1);

  /** One {@code -P} line's input. */
  record Progress(double elapsedSeconds, double intervalSeconds, Totals interval) {}

  private PgbenchGoldenInputs() {}

  // ---- progress lines ----

  /** {@code -P 1 -T 3 -c 2}, and an interval in which nothing finished. */
  static List<Progress> progressDefault() {
    return List.of(
        progress(1.0, 898.7, measured(899, 1998, 1832)),
        progress(2.0, 1173.0, measured(1173, 1698, 1117)),
        progress(3.0, 836.8, measured(837, 2382, 1922)),
        new Progress(4.0, 1.0, Totals.ZERO));
  }

  /** {@code -P 1 -T 3 -c 2 -R 300}. */
  static List<Progress> progressRate() {
    return List.of(
        progress(1.0, 276.9, lagged(measured(277, 4410, 4293), 1238, 0)),
        progress(2.0, 317.5, lagged(measured(318, 2751, 2230), 866, 0)),
        progress(3.0, 296.5, lagged(measured(297, 10063, 10282), 5978, 0)));
  }

  /** {@code -P 1 -T 3 -c 2 -R 300 -L 5}. */
  static List<Progress> progressRateLatencyLimit() {
    return List.of(
        progress(1.0, 237.9, lagged(measured(238, 3918, 4068), 809, 14)),
        progress(2.0, 274.8, lagged(measured(275, 2670, 2057), 639, 7)),
        progress(3.0, 294.2, lagged(measured(294, 4255, 2760), 1117, 14)));
  }

  /** {@code -P 1 -T 3 -c 8 --max-tries=3} under repeatable read. */
  static List<Progress> progressMaxTries() {
    return List.of(
        progress(1.0, 175.0, failing(measured(175, 8250, 8301), 171, 263, 485)),
        progress(2.0, 94.0, failing(measured(94, 18690, 18768), 135, 174, 324)),
        progress(3.0, 162.9, failing(measured(163, 11604, 8043), 242, 320, 597)));
  }

  /** {@code -P 1 -T 3 -c 8 --max-tries=3 -R 400 -L 3} under repeatable read. */
  static List<Progress> progressAll() {
    return List.of(
        progress(1.0, 78.0, lagged(failing(measured(78, 4442, 9473), 54, 12, 12), 387, 30)),
        progress(2.0, 150.0, lagged(failing(measured(150, 6027, 5140), 238, 24, 25), 585, 11)),
        progress(3.0, 186.3, lagged(failing(measured(186, 4991, 4672), 243, 33, 33), 646, 4)));
  }

  static RunLimits rate(double rate, long latencyLimitMicros) {
    return new RunLimits(1, false, rate, latencyLimitMicros, false);
  }

  static RunLimits maxTries(int tries, boolean detailed, double rate, long latencyLimitMicros) {
    return new RunLimits(tries, detailed, rate, latencyLimitMicros, false);
  }

  // ---- closing blocks ----

  /** {@code -P 1 -T 3 -c 2}: latency measured, so with a standard deviation. */
  static TpcbResult timedWithProgress() {
    TpcbRunConfig config = config(List.of(TPCB), 2, 1, 3, 0, 1, false, RunLimits.DEFAULT);
    return result(config, 1001.945358, 98.637, script(TPCB, measured(2910, 1988, 1638)));
  }

  /** {@code -t 50 -c 1 -r}: a counted run, latency computed from the time, per-command lines. */
  static TpcbResult countedPerCommand() {
    TpcbRunConfig config = config(List.of(TPCB), 1, 1, 0, 50, 0, true, RunLimits.DEFAULT);
    double[] millis = {0.001, 0.001, 0.001, 0.001, 0.247, 0.347, 0.316, 0.301, 0.147, 0.155, 0.13};
    return result(config, 606.943433, 43.1, script(TPCB, measured(50, 1648, 410), millis));
  }

  /** {@code -P 1 -t 300 -c 2} under repeatable read: failures without retries in a counted run. */
  static TpcbResult countedWithFailures() {
    TpcbRunConfig config = config(List.of(TPCB), 2, 1, 0, 300, 1, false, RunLimits.DEFAULT);
    Totals totals = outcomes(measured(500, 1466, 1923), 100, 100, 0, 0, 0, 0, 0);
    return result(config, 638.837214, 187.014, script(TPCB, totals));
  }

  /** {@code -P 1 -T 3 -c 2 -R 300}: schedule lag. */
  static TpcbResult rateLimited() {
    TpcbRunConfig config = config(List.of(TPCB), 2, 1, 3, 0, 1, false, rate(300, 0));
    Totals totals = lag(measured(892, 5700, 7247), 2683, 48_796);
    return result(config, 307.658772, 103.913, script(TPCB, totals));
  }

  /** {@code -P 1 -T 3 -c 2 -R 300 -L 5}: lag, skipped and late transactions. */
  static TpcbResult rateAndLatencyLimit() {
    TpcbRunConfig config = config(List.of(TPCB), 2, 1, 3, 0, 1, false, rate(300, 5000));
    Totals totals = lag(outcomes(measured(809, 3627, 3103), 0, 0, 0, 0, 0, 35, 196), 867, 8879);
    return result(config, 278.094888, 99.769, script(TPCB, totals));
  }

  /** {@code -T 2 -c 2 -L 1}: late transactions without a rate. */
  static TpcbResult latencyLimitOnly() {
    TpcbRunConfig config = config(List.of(TPCB), 2, 1, 2, 0, 0, false, rate(0, 1000));
    Totals totals = outcomes(measured(1197, 3123, 4552), 0, 0, 0, 0, 0, 0, 727);
    return result(config, 633.317584, 113.573, script(TPCB, totals));
  }

  /** {@code -P 1 -T 3 -c 8 --max-tries=3 --failures-detailed -r} under repeatable read. */
  static TpcbResult maxTriesDetailedPerCommand() {
    TpcbRunConfig config = config(List.of(TPCB), 8, 1, 3, 0, 1, true, maxTries(3, true, 0, 0));
    Totals totals = outcomes(measured(433, 11_820, 12_023), 548, 548, 0, 758, 1407, 0, 0);
    double[] millis = {0.003, 0.001, 0.001, 0, 1.062, 1.16, 1.438, 1.65, 0.824, 0.883, 1.018};
    long[] failures = {0, 0, 0, 0, 0, 0, 0, 60, 488, 0, 0};
    long[] retries = {0, 0, 0, 0, 0, 0, 0, 150, 1261, 0, 0};
    return result(
        config, 162.657027, 354.965, ResultBuilder.script(TPCB, totals, millis, failures, retries));
  }

  /**
   * {@code -P 1 -T 3 -c 8 --max-tries=3 --failures-detailed} with a deadlock among the failures.
   */
  static TpcbResult detailedFailuresWithDeadlocks() {
    TpcbRunConfig config = config(List.of(TPCB), 8, 1, 3, 0, 1, false, maxTries(3, true, 0, 0));
    Totals totals = outcomes(measured(433, 11_820, 12_023), 548, 541, 7, 758, 1407, 0, 0);
    return result(config, 162.657027, 354.965, script(TPCB, totals));
  }

  /** {@code -T 2 -c 8 --max-tries=0} under repeatable read: no "maximum number of tries" line. */
  static TpcbResult unlimitedTries() {
    TpcbRunConfig config = config(List.of(TPCB), 8, 1, 2, 0, 0, false, maxTries(0, false, 0, 0));
    Totals totals = outcomes(measured(280, 49_712, 30_000), 0, 0, 0, 196, 1254, 0, 0);
    return result(config, 160.926477, 289.315, script(TPCB, totals));
  }

  /** {@code -C -t 20 -c 2 -r}: a connection per transaction. */
  static TpcbResult connectPerTransaction() {
    TpcbRunConfig config =
        new TpcbRunConfig(
            List.of(TPCB),
            2,
            1,
            0,
            20,
            StatementMode.SIMPLE,
            true,
            0,
            true,
            1,
            VacuumMode.NONE,
            RunLimits.DEFAULT,
            TxnLogOptions.NONE,
            List.of(),
            0,
            Pgbench15.MESSAGES);
    double[] millis = {0.007, 0.003, 0.002, 0.001, 4.485, 36.389, 7.993, 6.403, 5.697, 3.599, 2.44};
    return result(config, 17.331308, 47.145, script(TPCB, measured(40, 66_000, 20_000), millis));
  }

  /** {@code -T 2 -c 2 -j 2 -M prepared}. */
  static TpcbResult preparedTwoThreads() {
    TpcbRunConfig config =
        new TpcbRunConfig(
            List.of(TPCB),
            2,
            2,
            2,
            0,
            StatementMode.PREPARED,
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
    return result(config, 868.023073, 108.916, script(TPCB, measured(1647, 2304, 1200)));
  }

  /** {@code -t 10 -c 1} on {@code pgbench -i --partitions=2}. */
  static TpcbResult partitioned() {
    TpcbRunConfig config = config(List.of(TPCB), 1, 1, 0, 10, 0, false, RunLimits.DEFAULT);
    List<ScriptFigures> scripts = List.of(script(TPCB, measured(10, 3982, 900)));
    return ResultBuilder.result(
        config, 1, "range", 2, 10 / 251.149007, 81.04, scripts, histogram(scripts));
  }

  /** {@code -T 2 -c 2 -r -b select-only@2 -b simple-update@1}. */
  static TpcbResult multipleScriptsPerCommand() {
    TpcbRunConfig config =
        config(List.of(SELECT_2, UPDATE_1), 2, 1, 2, 0, 0, true, RunLimits.DEFAULT);
    return result(
        config,
        496.699189,
        146.608,
        script(SELECT_2, measured(625, 1872, 2335), new double[] {0.003, 1.869}),
        script(
            UPDATE_1,
            measured(296, 8400, 7375),
            new double[] {0.003, 0.002, 0.002, 0.002, 1.517, 1.943, 1.915, 1.542, 1.476}));
  }

  /**
   * {@code -C -t 10 -c 2 -b select-only@1 -b simple-update@1}. The bench time is rebuilt from
   * pgbench's rounded tps, so two figures differ from pgbench's in the last digit.
   */
  static TpcbResult multipleScriptsConnectPerTransaction() {
    TpcbRunConfig config =
        new TpcbRunConfig(
            List.of(SELECT_1, UPDATE_1),
            2,
            1,
            0,
            10,
            StatementMode.SIMPLE,
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
    return result(
        config,
        21.562529,
        40.971,
        script(SELECT_1, measured(8, 24_345, 17_674)),
        script(UPDATE_1, measured(12, 64_271, 22_182)));
  }

  /** {@code -T 2 -c 8 --max-tries=3 -r -b tpcb-like@3 -b simple-update@1} under repeatable read. */
  static TpcbResult multipleScriptsRetries() {
    TpcbRunConfig config =
        config(List.of(TPCB_3, UPDATE_1), 8, 1, 2, 0, 0, true, maxTries(3, false, 0, 0));
    double[] tpcbMillis = {0.002, 0.001, 0.001, 0, 1.303, 1.403, 1.663, 1.91, 1.142, 1.307, 1.162};
    long[] tpcbFailures = {0, 0, 0, 0, 0, 0, 0, 31, 231, 0, 0};
    long[] tpcbRetries = {0, 0, 0, 0, 0, 0, 0, 65, 592, 0, 0};
    double[] updateMillis = {0.002, 0.001, 0.001, 0.001, 1.392, 1.707, 1.91, 1.828, 1.624};
    return result(
        config,
        217.928615,
        345.319,
        ResultBuilder.script(
            TPCB_3,
            outcomes(measured(204, 14_418, 11_277), 262, 262, 0, 350, 650, 0, 0),
            tpcbMillis,
            tpcbFailures,
            tpcbRetries),
        script(UPDATE_1, measured(165, 8466, 6869), updateMillis));
  }

  /**
   * {@code -P 1 -T 3 -c 8 --max-tries=3 --failures-detailed -R 400 -L 3 -r -b tpcb-like@3 -b
   * simple-update@1} under repeatable read: every optional line at once, including {@code - number
   * of serialization failures} and {@code - number of deadlock failures} in each script's block, as
   * pgbench 15.18 prints them.
   */
  static TpcbResult multipleScriptsEveryOption() {
    TpcbRunConfig config =
        config(List.of(TPCB_3, UPDATE_1), 8, 1, 3, 0, 1, true, maxTries(3, true, 400, 3000));
    double[] tpcbMillis = {
      0.001, 0.001, 0.001, 0.001, 1.484, 1.315, 1.722, 1.492, 1.007, 1.007, 1.093
    };
    long[] tpcbFailures = {0, 0, 0, 0, 0, 0, 0, 44, 370, 0, 0};
    long[] tpcbRetries = {0, 0, 0, 0, 0, 0, 0, 3, 9, 0, 0};
    double[] updateMillis = {0.002, 0.001, 0.001, 0.001, 1.658, 2.117, 1.915, 1.482, 1.26};
    Totals tpcb = lag(outcomes(measured(227, 8618, 4516), 414, 414, 0, 12, 12, 42, 210), 704, 6106);
    Totals update = lag(outcomes(measured(243, 9235, 8915), 0, 0, 0, 0, 0, 19, 224), 704, 5012);
    return result(
        config,
        207.183629,
        755.178,
        ResultBuilder.script(TPCB_3, tpcb, tpcbMillis, tpcbFailures, tpcbRetries),
        script(UPDATE_1, update, updateMillis));
  }

  /** Ours only: lost connections replaced during a {@code -T 10 -c 4} run, two outages. */
  static TpcbResult reconnectsAndOutages() {
    TpcbRunConfig config = config(List.of(TPCB), 4, 1, 10, 0, 1, false, RunLimits.DEFAULT);
    List<ScriptFigures> scripts =
        List.of(script(TPCB, outcomes(measured(8731, 4210, 3388), 6, 0, 0, 0, 0, 0, 0)));
    return ResultBuilder.result(
        config,
        1,
        "",
        0,
        8731 / 871.483227,
        12.5,
        scripts,
        histogram(scripts),
        5,
        List.of(
            new OutageTracker.Outage(4.14, 0.31, 1, 1.2),
            new OutageTracker.Outage(7.96, 1.05, 4, -1)));
  }

  // ---- building blocks ----

  /** A run of {@code pgbench -n} (no vacuum) with the simple query mode and no log. */
  private static TpcbRunConfig config(
      List<WeightedScript> scripts,
      int clients,
      int threads,
      int durationSeconds,
      long perClient,
      int progressSeconds,
      boolean perCommand,
      RunLimits limits) {
    return new TpcbRunConfig(
        scripts,
        clients,
        threads,
        durationSeconds,
        perClient,
        StatementMode.SIMPLE,
        false,
        progressSeconds,
        perCommand,
        1,
        VacuumMode.NONE,
        limits,
        TxnLogOptions.NONE,
        List.of(),
        0,
        Pgbench15.MESSAGES);
  }

  /**
   * A result whose tps is pgbench's: the bench time is the transactions over that tps. The
   * percentiles line comes from {@link #histogram}.
   */
  private static TpcbResult result(
      TpcbRunConfig config, double tps, double connectionMillis, ScriptFigures... scripts) {
    List<ScriptFigures> all = List.of(scripts);
    long count = all.stream().mapToLong(s -> s.totals().count()).sum();
    return ResultBuilder.result(
        config, 1, "", 0, count / tps, connectionMillis, all, histogram(all));
  }

  private static ScriptFigures script(WeightedScript script, Totals totals) {
    return script(script, totals, new double[script.script().commands().size()]);
  }

  private static ScriptFigures script(WeightedScript script, Totals totals, double[] millis) {
    return ResultBuilder.script(script, totals, millis);
  }

  /**
   * Latencies spread around each script's mean (µs): the mean, then pairs at ± 1/2 and ± the
   * standard deviation, so p50 to max differ and depend on every script.
   */
  private static Histogram histogram(List<ScriptFigures> scripts) {
    Histogram h = new Histogram(3);
    for (ScriptFigures s : scripts) {
      Totals t = s.totals();
      if (t.count() == 0) {
        continue;
      }
      long mean = t.latencySum() / t.count();
      long sd = Math.round(t.stddevMillis() * 1000);
      h.recordValueWithCount(mean, Math.max(1, t.count() / 2));
      h.recordValueWithCount(Math.max(1, mean - sd / 2), Math.max(1, t.count() / 5));
      h.recordValueWithCount(mean + sd / 2, Math.max(1, t.count() / 5));
      h.recordValueWithCount(mean + sd, Math.max(1, t.count() / 20));
      h.recordValue(mean + 4 * sd);
    }
    return h;
  }

  /** {@code count} successes with the given mean and (population) standard deviation in µs. */
  private static Totals measured(long count, long meanMicros, long sdMicros) {
    return new Totals(
        count,
        meanMicros * count,
        count * ((double) sdMicros * sdMicros + (double) meanMicros * meanMicros));
  }

  /** Adds the failure, retry, skip and late counts to successful totals. */
  private static Totals outcomes(
      Totals ok,
      long failed,
      long serialization,
      long deadlock,
      long retried,
      long retries,
      long skipped,
      long late) {
    return new Totals(
        ok.count(),
        ok.latencySum(),
        ok.latencySquares(),
        failed,
        serialization,
        deadlock,
        retried,
        retries,
        skipped,
        late,
        ok.lagSum(),
        ok.lagMax());
  }

  private static Totals failing(Totals ok, long failed, long retried, long retries) {
    return outcomes(ok, failed, failed, 0, retried, retries, ok.skipped(), ok.late());
  }

  /** Sets the schedule lag: the mean in µs over the successes, and the maximum. */
  private static Totals lag(Totals t, long meanLagMicros, long maxLagMicros) {
    return new Totals(
        t.count(),
        t.latencySum(),
        t.latencySquares(),
        t.failed(),
        t.serializationFailures(),
        t.deadlockFailures(),
        t.retried(),
        t.retries(),
        t.skipped(),
        t.late(),
        meanLagMicros * t.count(),
        maxLagMicros);
  }

  /** An interval's lag (mean, µs) and skipped count. */
  private static Totals lagged(Totals t, long meanLagMicros, long skipped) {
    Totals withSkips =
        outcomes(
            t,
            t.failed(),
            t.serializationFailures(),
            t.deadlockFailures(),
            t.retried(),
            t.retries(),
            skipped,
            t.late());
    return lag(withSkips, meanLagMicros, meanLagMicros);
  }

  /** The interval whose measured length gives pgbench's printed tps for {@code interval}. */
  private static Progress progress(double elapsed, double tps, Totals interval) {
    return new Progress(elapsed, interval.count() / tps, interval);
  }
}
