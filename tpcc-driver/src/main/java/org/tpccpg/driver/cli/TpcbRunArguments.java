package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.tpcb.PgbenchLimits;
import org.tpccpg.driver.tpcb.PgbenchNumbers;
import org.tpccpg.driver.tpcb.PgbenchVersion;
import org.tpccpg.driver.tpcb.RunLimits;
import org.tpccpg.driver.tpcb.TpcbMessages;
import org.tpccpg.driver.tpcb.TpcbRunConfig;
import org.tpccpg.driver.tpcb.TxnLogOptions;
import org.tpccpg.driver.tpcb.VacuumMode;
import org.tpccpg.driver.tpcb.WeightedScript;

/**
 * pgbench's run options turned into a {@link TpcbRunConfig}, checked as pgbench checks them: a bad
 * value throws {@link IllegalArgumentException} with pgbench's message.
 */
final class TpcbRunArguments {
  private static final int MAX = Integer.MAX_VALUE;

  private final TpcbRunOptions run;
  private final List<WeightedScript> scripts;
  private final boolean noVacuum;
  private final boolean debug;
  private final PgbenchVersion pgbench;
  private final String scale;
  private final PrintWriter err;

  /**
   * @param scripts the scripts, checked by {@link TpcbOptionScan}
   * @param noVacuum {@code -n}
   * @param debug {@code -d}
   * @param pgbench {@code --pgbench-version}
   * @param scale {@code -s} as given, or null
   * @param err where the random seed is announced, as pgbench does
   */
  TpcbRunArguments(
      TpcbRunOptions run,
      List<WeightedScript> scripts,
      boolean noVacuum,
      boolean debug,
      PgbenchVersion pgbench,
      String scale,
      PrintWriter err) {
    this.run = run;
    this.scripts = List.copyOf(scripts);
    this.noVacuum = noVacuum;
    this.debug = debug;
    this.pgbench = pgbench;
    this.scale = scale;
    this.err = err;
  }

  /** The run, as pgbench would run it; IllegalArgumentException with pgbench's message. */
  TpcbRunConfig config() {
    int clients =
        run.clients == null ? 1 : PgbenchNumbers.parseInt("-c/--clients", run.clients, 1, MAX);
    int jobs = run.jobs == null ? 1 : PgbenchNumbers.parseInt("-j/--jobs", run.jobs, 1, MAX);
    if (run.time != null && run.transactions != null) {
      throw new IllegalArgumentException(
          "specify either a number of transactions (-t) or a duration (-T), not both");
    }
    int duration = run.time == null ? 0 : PgbenchNumbers.parseInt("-T/--time", run.time, 1, MAX);
    int transactions =
        run.transactions == null
            ? 10
            : PgbenchNumbers.parseInt("-t/--transactions", run.transactions, 1, MAX);
    int progress =
        run.progress == null ? 0 : PgbenchNumbers.parseInt("-P/--progress", run.progress, 1, MAX);
    StatementMode mode =
        run.protocol == null ? StatementMode.SIMPLE : StatementMode.parsePgbench(run.protocol);
    TxnLogOptions log = logOptions(duration);
    RunLimits limits = limits(duration);
    long seed = seed();
    return new TpcbRunConfig(
        scripts,
        clients,
        Math.min(jobs, clients),
        duration,
        transactions,
        mode,
        run.connect,
        progress,
        run.perCommand,
        seed,
        noVacuum ? VacuumMode.NONE : run.vacuumAll ? VacuumMode.ALL : VacuumMode.DEFAULT,
        limits,
        log,
        run.defines,
        scale == null ? 0 : PgbenchNumbers.parseInt("-s/--scale", scale, 1, MAX),
        new TpcbMessages(run.progressTimestamp, run.verboseErrors, debug, pgbench));
  }

  private TxnLogOptions logOptions(int duration) {
    int aggregate =
        run.aggregateInterval == null
            ? 0
            : PgbenchNumbers.parseInt("--aggregate-interval", run.aggregateInterval, 1, MAX);
    double sampling = run.samplingRate == null ? 1.0 : PgbenchLimits.samplingRate(run.samplingRate);
    // in pgbench's order
    if (run.samplingRate != null && !run.log) {
      throw new IllegalArgumentException(
          "log sampling (--sampling-rate) is allowed only when logging transactions (-l)");
    }
    if (run.samplingRate != null && aggregate > 0) {
      throw new IllegalArgumentException(
          "log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used"
              + " at the same time");
    }
    if (aggregate > 0 && !run.log) {
      throw new IllegalArgumentException(
          "log aggregation is allowed only when actually logging transactions");
    }
    if (run.logPrefix != null && !run.log) {
      throw new IllegalArgumentException(
          "log file prefix (--log-prefix) is allowed only when logging transactions (-l)");
    }
    if (duration > 0 && aggregate > duration) {
      throw new IllegalArgumentException(
          "number of seconds for aggregation ("
              + aggregate
              + ") must not be higher than test duration ("
              + duration
              + ")");
    }
    if (aggregate > 0 && duration > 0 && duration % aggregate != 0) {
      throw new IllegalArgumentException(
          "duration ("
              + duration
              + ") must be a multiple of aggregation interval ("
              + aggregate
              + ")");
    }
    if (run.progressTimestamp && run.progress == null) {
      throw new IllegalArgumentException("--progress-timestamp is allowed only under --progress");
    }
    String prefix = run.logPrefix == null ? "pgbench_log" : run.logPrefix;
    return new TxnLogOptions(run.log, aggregate, sampling, prefix, Path.of("."));
  }

  private RunLimits limits(int duration) {
    int maxTries = 1;
    if (run.maxTries != null) {
      maxTries = PgbenchLimits.maxTries(run.maxTries);
    }
    double rate = run.rate == null ? 0 : PgbenchLimits.rate(run.rate);
    long limitMicros = run.latencyLimit == null ? 0 : PgbenchLimits.latencyLimit(run.latencyLimit);
    if (maxTries == 0 && duration == 0 && limitMicros == 0) {
      throw new IllegalArgumentException(
          "an unlimited number of transaction tries can only be used with --latency-limit or a"
              + " duration (-T)");
    }
    if (run.continueOnError && !pgbench.reportsOtherFailures()) {
      throw new IllegalArgumentException(
          "--continue-on-error is pgbench 19's, and this is pgbench "
              + pgbench.major()
              + "'s command line (--pgbench-version): give --pgbench-version=19");
    }
    return new RunLimits(
        maxTries, run.failuresDetailed, rate, limitMicros, run.exitOnAbort, run.continueOnError);
  }

  private long seed() {
    long nowMicros = TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis());
    if (run.randomSeed == null) {
      return nowMicros;
    }
    long seed = PgbenchNumbers.parseSeed(run.randomSeed, nowMicros);
    err.println("tpcc tpcb: setting random seed to " + Long.toUnsignedString(seed));
    return seed;
  }
}
