package org.tpccpg.driver.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tpccpg.core.tpcc.mode.TxnMode;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.IsolationLevel;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.config.RunDefaults;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.results.ResultsDirectory;
import org.tpccpg.driver.run.StartAt;
import org.tpccpg.driver.verdict.VerdictThresholds;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options of {@code run}. Every command accepts them, as sysbench does, so that a wrapper
 * script can pass one option set to cleanup, prepare, run and check. Their defaults are {@link
 * RunDefaults}, the ones a {@code RunConfig.Builder} starts from.
 */
final class RunOptions {
  private static final Pattern FORCED_SHUTDOWN = Pattern.compile("(\\d{1,9})(%?)");

  @Option(
      names = "--time",
      paramLabel = "SECONDS",
      defaultValue = "" + RunDefaults.TIME_SECONDS,
      description = "Run time limit; 0 means none (default ${DEFAULT-VALUE}).")
  long time;

  @Option(
      names = "--forced-shutdown",
      paramLabel = "SECONDS|PERCENT%|off",
      arity = "0..1",
      fallbackValue = "5%",
      description =
          "With --time: how long threads still busy after it may go on before the run closes"
              + " their connections, prints sysbench's FATAL line and the report, and exits with"
              + " 2; a percentage of --time, or 5%% when given alone. off: they get 2 s, and the"
              + " run ends normally (default off).")
  String forcedShutdown;

  @Option(
      names = "--events",
      paramLabel = "N",
      defaultValue = "" + RunDefaults.EVENTS,
      description = "Limit on the number of transactions; 0 means none (default ${DEFAULT-VALUE}).")
  long events;

  @Option(
      names = "--report-interval",
      paramLabel = "SECONDS",
      defaultValue = "" + RunDefaults.REPORT_INTERVAL_SECONDS,
      description = "Seconds between report lines; 0 means none (default ${DEFAULT-VALUE}).")
  int reportInterval;

  @Option(
      names = "--percentile",
      paramLabel = "P",
      defaultValue = "" + RunDefaults.PERCENTILE,
      description =
          "Latency percentile to report, 1-100; 0 disables it (default ${DEFAULT-VALUE}).")
  double percentile;

  @Option(
      names = "--histogram",
      paramLabel = "on|off",
      defaultValue = RunDefaults.HISTOGRAM ? "on" : "off",
      converter = SysbenchBoolean.class,
      description = "Print the latency histogram at the end (default ${DEFAULT-VALUE}).")
  boolean histogram;

  @Option(
      names = "--rate",
      paramLabel = "TPS",
      defaultValue = "" + RunDefaults.RATE,
      description = "Target transactions per second; 0 runs flat out (default ${DEFAULT-VALUE}).")
  double rate;

  @Option(
      names = "--warmup-time",
      paramLabel = "SECONDS",
      defaultValue = "" + RunDefaults.WARMUP_SECONDS,
      description = "Run this long before measuring (default ${DEFAULT-VALUE}).")
  long warmupTime;

  @Option(
      names = "--trx-level",
      paramLabel = "RC|RR|SER",
      defaultValue = RunDefaults.ISOLATION,
      description = "Isolation level (default ${DEFAULT-VALUE}).")
  IsolationLevel isolationLevel;

  @Option(
      names = "--db-ps-mode",
      paramLabel = "auto|disable",
      defaultValue = RunDefaults.STATEMENT_MODE,
      converter = SysbenchPsMode.class,
      description =
          "auto: named server-side prepared statements; disable: none, the simple query"
              + " protocol with the values inline, as sysbench's driver sends them (default"
              + " ${DEFAULT-VALUE}).")
  StatementMode preparedStatementMode;

  @Option(
      names = "--statement-mode",
      paramLabel = "simple|extended|prepared",
      description =
          "How statements travel, by pgbench's -M names, instead of --db-ps-mode: simple"
              + " (= disable), extended (unnamed statements, Parse/Bind/Execute every time) or"
              + " prepared (= auto).")
  String statementMode;

  @Option(
      names = "--enable-purge",
      paramLabel = "yes|no",
      defaultValue = RunDefaults.PURGE ? "yes" : "no",
      converter = SysbenchBoolean.class,
      description = "Add sysbench-tpcc's purge transaction to the mix (default ${DEFAULT-VALUE}).")
  boolean enablePurge;

  @Option(
      names = "--report-csv",
      paramLabel = "yes|no",
      defaultValue = RunDefaults.REPORT_CSV ? "yes" : "no",
      converter = SysbenchBoolean.class,
      description = "Print report lines as CSV (default ${DEFAULT-VALUE}).")
  boolean reportCsv;

  @Option(
      names = "--sysbench-compat",
      paramLabel = "on|off",
      defaultValue = RunDefaults.SYSBENCH_COMPAT ? "on" : "off",
      converter = SysbenchBoolean.class,
      description =
          "Reproduce sysbench-tpcc's transactions and its error handling, its deviations from"
              + " TPC-C included; docs/tpcc.md lists what is and is not reproduced (default"
              + " ${DEFAULT-VALUE}).")
  boolean sysbenchCompat;

  @Option(
      names = "--txn-mode",
      paramLabel = "statements|batched|procedures",
      defaultValue = "statements",
      description =
          "How each transaction reaches the server: statements sends sysbench-tpcc's statements"
              + " one round trip each; batched gathers them into fewer round trips; procedures"
              + " calls one PL/pgSQL function per transaction (installed by prepare, or by"
              + " install-procedures). All three change the same rows; only statements works with"
              + " --sysbench-compat=on (default ${DEFAULT-VALUE}).")
  String txnMode;

  @Option(
      names = "--max-tries",
      paramLabel = "N",
      defaultValue = "" + RunDefaults.MAX_TRIES,
      description =
          "Tries of the same transaction input after a serialization failure or deadlock, as"
              + " pgbench counts them (0 = no limit); once they are used up the event goes on"
              + " with a new transaction, as sysbench-tpcc does (default ${DEFAULT-VALUE}).")
  int maxTries;

  @Option(
      names = "--exit-on-abort",
      description =
          "End the run when a connection is lost, instead of reconnecting and going on (as"
              + " pgbench 17's option of that name).")
  boolean exitOnAbort;

  @Option(
      names = {"-C", "--reconnect-per-transaction"},
      description =
          "Open a new connection for every transaction and close it after COMMIT or ROLLBACK, as"
              + " pgbench -C does; the summary adds the average connection time. Latencies leave"
              + " the connecting out.")
  boolean reconnectPerTransaction;

  @Option(
      names = "--pool-size",
      paramLabel = "M",
      defaultValue = "" + RunDefaults.POOL_SIZE,
      description =
          "Share a pool (HikariCP) of M connections among the threads: each transaction borrows"
              + " one and returns it after COMMIT or ROLLBACK, as an application server does;"
              + " waiting for one counts in the latency. 0: a connection per thread (default"
              + " ${DEFAULT-VALUE}).")
  int poolSize;

  @Option(
      names = "--results",
      paramLabel = "DIR",
      description =
          "Record every interval (intervals.jsonl, one <type>.hlog per transaction type) and"
              + " summary.json in DIR, created if needed. Runs with --time=0 or --time >= "
              + ResultsDirectory.LONG_RUN_SECONDS
              + " record by default into results/<UTC time>-tpcc-run/ under the working"
              + " directory. With --report-interval=0 intervals are recorded every 10 s.")
  Path results;

  @Option(
      names = "--check-every",
      paramLabel = "SECONDS",
      description =
          "Every SECONDS, check TPC-C's consistency conditions 1-4 (3.3.2.1-4) on 10 warehouses"
              + " or fewer at a time in one REPEATABLE READ snapshot on a connection of its own,"
              + " while the run goes on; each probe is recorded in the interval it ends in, and a"
              + " violation makes the run exit with 1 (needs recorded results, see --results).")
  Long checkEvery;

  @Option(
      names = "--verdict",
      paramLabel = "NAME=N,...",
      description =
          "The verdict's thresholds, changed from their defaults: tps-cv=10 (%%, the windows'"
              + " tps spread), worst-window=0.5 (of the median), dip=50 (%% deepest),"
              + " freeze-hours=168 (autovacuum_freeze_max_age at least so far away), dead=20 (%%"
              + " dead tuples of a table at most); e.g. --verdict=tps-cv=5,dip=30.")
  String verdict;

  /** The verdict's thresholds, the defaults changed by {@code --verdict}. */
  VerdictThresholds verdictThresholds(CommandLine commandLine) {
    if (verdict == null) {
      return VerdictThresholds.DEFAULTS;
    }
    try {
      return VerdictThresholds.DEFAULTS.with(verdict);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          commandLine, "--verdict=" + verdict + " is invalid: " + e.getMessage());
    }
  }

  @Option(
      names = "--start-at",
      paramLabel = "TIME",
      description =
          "Connect, then wait until TIME to start: an ISO-8601 time (2026-12-01T03:00:00Z) or a"
              + " time of day HH:MM:SS (local), so that several drivers of a scale-out run start"
              + " together. A time in the past is refused.")
  String startAt;

  /**
   * This command line's run options on a run's configuration: the time, limits, reporting, pace,
   * isolation, statement and transaction modes, and what a failed try or a lost connection does.
   * The data set's options (threads, seed) and the connection mode are the caller's.
   */
  RunConfig.Builder applyTo(RunConfig.Builder builder, CommandLine commandLine) {
    return builder
        .timeSeconds(time)
        .events(events)
        .reportIntervalSeconds(reportInterval)
        .percentile(percentile)
        .histogram(histogram)
        .rate(rate)
        .warmupSeconds(warmupTime)
        .isolation(isolationLevel)
        .statementMode(statementMode(commandLine))
        .purge(enablePurge)
        .reportCsv(reportCsv)
        .maxTries(maxTries)
        .exitOnAbort(exitOnAbort)
        .forcedShutdownSeconds(forcedShutdownSeconds(commandLine))
        .log(sysbenchOnly.log())
        .reportCheckpoints(sysbenchOnly.reportCheckpoints(commandLine))
        .splittable(sysbenchOnly.splittable())
        .txnMode(txnMode(commandLine));
  }

  /**
   * {@code --forced-shutdown} in seconds after the time limit, as sysbench reads it (a percentage
   * of {@code --time} rounded down), or {@link RunConfig#NO_FORCED_SHUTDOWN} for {@code off}.
   */
  long forcedShutdownSeconds(CommandLine commandLine) {
    try {
      return forcedShutdownSeconds(forcedShutdown, time);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          commandLine,
          "--forced-shutdown="
              + forcedShutdown
              + " is invalid: it must be a number of seconds, a percentage of --time such as 5%,"
              + " or off");
    }
  }

  /**
   * A {@code --forced-shutdown} value (null when not given) in seconds for a run of {@code
   * timeSeconds}: sysbench's {@code init()} takes {@code N%} of the time in whole seconds, rounded
   * down (so 5% of 10 s is 0 s).
   *
   * @throws IllegalArgumentException when it is neither a whole number, a percentage nor off
   */
  static long forcedShutdownSeconds(String value, long timeSeconds) {
    if (value == null || "off".equalsIgnoreCase(value.strip())) {
      return RunConfig.NO_FORCED_SHUTDOWN;
    }
    Matcher matcher = FORCED_SHUTDOWN.matcher(value.strip());
    if (!matcher.matches()) {
      throw new IllegalArgumentException("not seconds, a percentage or off: " + value);
    }
    long seconds = Long.parseLong(matcher.group(1));
    return matcher.group(2).isEmpty() ? seconds : seconds * timeSeconds / 100;
  }

  /** The {@code --start-at} instant, or null without it; a bad or past time is a usage error. */
  Instant startAt(CommandLine commandLine, Clock clock) {
    if (startAt == null) {
      return null;
    }
    try {
      return StartAt.parse(startAt, clock);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          commandLine, "--start-at=" + startAt + " is invalid: " + e.getMessage());
    }
  }

  @Mixin MonitoringOptions monitoring = new MonitoringOptions();

  @Mixin SysbenchOnlyOptions sysbenchOnly = new SysbenchOnlyOptions();

  @Mixin MysqlDriverOptions mysqlDriver = new MysqlDriverOptions();

  /** Checks the values; bad ones are usage errors that name the option and value. */
  void validate(CommandLine commandLine) {
    notNegative(commandLine, "--time", time);
    notNegative(commandLine, "--events", events);
    notNegative(commandLine, "--report-interval", reportInterval);
    verdictThresholds(commandLine);
    if (checkEvery != null && checkEvery < 1) {
      throw new ParameterException(
          commandLine,
          "--check-every=" + checkEvery + " is invalid: it must be a number of seconds >= 1");
    }
    notNegative(commandLine, "--warmup-time", warmupTime);
    notNegative(commandLine, "--max-tries", maxTries);
    notNegative(commandLine, "--pool-size", poolSize);
    if (poolSize > 0 && reconnectPerTransaction) {
      throw new ParameterException(
          commandLine,
          "-C and --pool-size="
              + poolSize
              + " exclude each other: -C opens a new connection for"
              + " every transaction, --pool-size borrows one from the pool");
    }
    if (!(rate >= 0) || Double.isInfinite(rate)) {
      throw new ParameterException(
          commandLine, "--rate=" + rate + " is invalid: it must be a number >= 0");
    }
    if (!(percentile >= 0 && percentile <= 100)) {
      throw new ParameterException(
          commandLine, "--percentile=" + percentile + " is invalid: it must be between 0 and 100");
    }
    if (histogram && percentile == 0) {
      throw new ParameterException(
          commandLine, "--histogram=on needs latency statistics, which --percentile=0 disables");
    }
    statementMode(commandLine);
    txnMode(commandLine);
    forcedShutdownSeconds(commandLine);
    sysbenchOnly.validate(commandLine);
  }

  /** The mode of {@code --txn-mode}, refused in one line when invalid or not with compat. */
  TxnMode txnMode(CommandLine commandLine) {
    TxnMode mode = parseTxnMode(commandLine, txnMode);
    if (sysbenchCompat && mode != TxnMode.STATEMENTS) {
      throw new ParameterException(
          commandLine,
          "--sysbench-compat=on and --txn-mode="
              + mode.optionValue()
              + " exclude each other: sysbench-tpcc sends its statements one by one; use"
              + " --txn-mode=statements or --sysbench-compat=off");
    }
    return mode;
  }

  /** Parses a {@code --txn-mode} value, refusing an unknown one in one line naming the value. */
  static TxnMode parseTxnMode(CommandLine commandLine, String value) {
    try {
      return TxnMode.ofOptionValue(value);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          commandLine,
          "--txn-mode=" + value + " is invalid: it must be statements, batched or procedures");
    }
  }

  /** The statement mode of {@code --statement-mode}, else of {@code --db-ps-mode}. */
  StatementMode statementMode(CommandLine commandLine) {
    if (statementMode == null) {
      return preparedStatementMode;
    }
    if (commandLine.getParseResult().hasMatchedOption("--db-ps-mode")) {
      throw new ParameterException(
          commandLine,
          "--statement-mode="
              + statementMode
              + " and --db-ps-mode exclude each other: give one of them");
    }
    try {
      return StatementMode.parsePgbench(statementMode);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          commandLine,
          "--statement-mode="
              + statementMode
              + " is invalid: it must be simple, extended or prepared");
    }
  }

  /** How the worker threads hold their connections, after {@link #validate}. */
  ConnectionMode connectionMode() {
    if (poolSize > 0) {
      return ConnectionMode.POOLED;
    }
    return reconnectPerTransaction ? ConnectionMode.PER_TRANSACTION : ConnectionMode.DEDICATED;
  }

  private static void notNegative(CommandLine commandLine, String option, long value) {
    if (value < 0) {
      throw new ParameterException(
          commandLine, option + "=" + value + " is invalid: it must be 0 or more");
    }
  }
}
