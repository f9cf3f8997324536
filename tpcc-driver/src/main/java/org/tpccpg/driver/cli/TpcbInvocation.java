package org.tpccpg.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.tpccpg.core.tpcb.PartitionMethod;
import org.tpccpg.core.tpcb.TpcbLayout;
import org.tpccpg.core.tpcb.TpcbScale;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.results.ResultsDirectory;
import org.tpccpg.driver.tpcb.BuiltinScript;
import org.tpccpg.driver.tpcb.InitStep;
import org.tpccpg.driver.tpcb.PgbenchLimits;
import org.tpccpg.driver.tpcb.PgbenchNumbers;
import org.tpccpg.driver.tpcb.QueryMode;
import org.tpccpg.driver.tpcb.RunLimits;
import org.tpccpg.driver.tpcb.TpcbBenchmark;
import org.tpccpg.driver.tpcb.TpcbCheck;
import org.tpccpg.driver.tpcb.TpcbInit;
import org.tpccpg.driver.tpcb.TpcbRecording;
import org.tpccpg.driver.tpcb.TpcbRunConfig;
import org.tpccpg.driver.tpcb.TxnLogOptions;
import org.tpccpg.driver.tpcb.VacuumMode;
import org.tpccpg.driver.tpcb.WeightedScript;
import picocli.CommandLine;

/**
 * One {@code tpcb} invocation: checks the options as pgbench does (one line and exit code 1 when
 * they are wrong), then initializes or runs.
 */
final class TpcbInvocation {
  private static final int MAX = Integer.MAX_VALUE;

  private final TpcbCommand command;
  private final CommandLine commandLine;
  private final Map<String, String> environment;

  TpcbInvocation(TpcbCommand command, CommandLine commandLine, Map<String, String> environment) {
    this.command = command;
    this.commandLine = commandLine;
    this.environment = environment;
  }

  int execute() throws Exception {
    ConnectionSettings settings;
    List<String> warnings = new java.util.ArrayList<>();
    TpcbLayout layout = null;
    List<InitStep> steps = null;
    TpcbRunConfig config = null;
    List<WeightedScript> checkedScripts = null;
    try {
      checkCommon();
      settings =
          TpcbConnectionArguments.resolve(
              command.host,
              command.port,
              command.user,
              command.positional.isEmpty() ? null : command.positional.get(0),
              environment,
              warnings);
      warnings.forEach(warning -> err().println(warning));
      if (command.check) {
        checkedScripts = scripts();
      } else if (command.init.initialize) {
        layout = layout();
        steps = steps();
      } else {
        config = runConfig();
      }
    } catch (IllegalArgumentException e) {
      err().println("tpcc tpcb: error: " + e.getMessage());
      err().flush();
      return 1;
    }
    if (checkedScripts != null) {
      return TpcbCheck.run(
          settings::open,
          settings.database(),
          checkedScripts,
          settings.toString(),
          commandLine.getOut());
    }
    if (layout != null) {
      new TpcbInit(settings, layout, steps, command.init.quiet, err()).run();
      return 0;
    }
    Path resultsDir = resultsDirectory(config);
    boolean created = resultsDir != null && !Files.exists(resultsDir);
    if (resultsDir != null) {
      try {
        ResultsDirectory.prepare(resultsDir);
      } catch (IOException e) {
        String name =
            command.run.results != null
                ? "--results=" + resultsDir
                : "the results directory " + resultsDir + " (the default for long runs)";
        err().println("tpcc tpcb: error: " + name + " cannot be used: " + e.getMessage());
        err().flush();
        return 1;
      }
      err().println("tpcc tpcb: recording results in " + resultsDir);
    }
    QueryMode mode = config.queryMode();
    TpcbBenchmark benchmark =
        new TpcbBenchmark(
            config,
            () -> settings.open(mode.connectionProperties()),
            settings.database(),
            command.scale != null,
            commandLine.getOut(),
            err(),
            resultsDir == null ? null : new TpcbRecording(resultsDir, settings.target()));
    try {
      return runUntilDoneOrStopped(benchmark);
    } catch (Exception e) {
      ResultsDirectory.removeIfEmpty(resultsDir, created, e);
      throw e;
    }
  }

  /** {@code --results}, or the default for runs of an hour or more, or null. */
  private Path resultsDirectory(TpcbRunConfig config) {
    if (command.run.results != null) {
      return command.run.results;
    }
    if (!config.timed() || !ResultsDirectory.recordsByDefault(config.durationSeconds())) {
      return null;
    }
    return ResultsDirectory.defaultPath(Clock.systemUTC().instant(), "tpcb");
  }

  private PrintWriter err() {
    return commandLine.getErr();
  }

  private void checkCommon() {
    if (command.positional.size() > 1) {
      throw new IllegalArgumentException(
          "too many command-line arguments (first is \"" + command.positional.get(1) + "\")");
    }
    String unsupported = command.run.unsupported();
    if (unsupported != null) {
      throw new IllegalArgumentException(
          "option " + unsupported + " is not supported by tpcc tpcb yet (see docs/tpcb.md)");
    }
    if (command.init.initialize && command.check) {
      throw new IllegalArgumentException("--check cannot be used in initialization (-i) mode");
    }
    if (command.init.initialize && command.run.anyGiven()) {
      throw new IllegalArgumentException(
          "some of the specified options cannot be used in initialization (-i) mode");
    }
    if (!command.init.initialize && command.init.anyGiven()) {
      throw new IllegalArgumentException(
          "some of the specified options cannot be used in benchmarking mode");
    }
    if (command.scale != null) {
      PgbenchNumbers.parseInt("-s/--scale", command.scale, 1, MAX);
    }
  }

  private TpcbLayout layout() {
    TpcbInitOptions init = command.init;
    int scale =
        command.scale == null ? 1 : PgbenchNumbers.parseInt("-s/--scale", command.scale, 1, MAX);
    int fillfactor =
        init.fillfactor == null
            ? TpcbLayout.DEFAULT_FILLFACTOR
            : PgbenchNumbers.parseInt("-F/--fillfactor", init.fillfactor, 10, 100);
    int partitions =
        init.partitions == null
            ? 0
            : PgbenchNumbers.parseInt("--partitions", init.partitions, 0, MAX);
    PartitionMethod method = PartitionMethod.RANGE;
    if (init.partitionMethod != null) {
      method = partitionMethod(init.partitionMethod);
      if (partitions == 0) {
        throw new IllegalArgumentException(
            "--partition-method requires greater than zero --partitions");
      }
    }
    return new TpcbLayout(
        new TpcbScale(scale),
        fillfactor,
        init.unlogged,
        init.tablespace == null ? "" : init.tablespace,
        init.indexTablespace == null ? "" : init.indexTablespace,
        partitions,
        method);
  }

  private static PartitionMethod partitionMethod(String text) {
    for (PartitionMethod method : PartitionMethod.values()) {
      if (method.label().equals(text)) {
        return method;
      }
    }
    throw new IllegalArgumentException(
        "invalid partition method, expecting \"range\" or \"hash\", got: \"" + text + "\"");
  }

  private List<InitStep> steps() {
    List<InitStep> steps =
        new ArrayList<>(
            InitStep.parse(
                command.init.steps == null ? InitStep.DEFAULT_STEPS : command.init.steps));
    if (command.noVacuum) {
      steps.remove(InitStep.VACUUM);
    }
    if (command.init.foreignKeys && !steps.contains(InitStep.FOREIGN_KEYS)) {
      steps.add(InitStep.FOREIGN_KEYS);
    }
    return steps;
  }

  private TpcbRunConfig runConfig() {
    TpcbRunOptions run = command.run;
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
    QueryMode mode = run.protocol == null ? QueryMode.SIMPLE : QueryMode.parse(run.protocol);
    long seed = seed();
    return new TpcbRunConfig(
        scripts(),
        clients,
        Math.min(jobs, clients),
        duration,
        transactions,
        mode,
        run.connect,
        progress,
        run.perCommand,
        seed,
        command.noVacuum ? VacuumMode.NONE : run.vacuumAll ? VacuumMode.ALL : VacuumMode.DEFAULT,
        limits(duration),
        logOptions(duration));
  }

  private TxnLogOptions logOptions(int duration) {
    TpcbRunOptions run = command.run;
    int aggregate =
        run.aggregateInterval == null
            ? 0
            : PgbenchNumbers.parseInt("--aggregate-interval", run.aggregateInterval, 1, MAX);
    double sampling = run.samplingRate == null ? 1.0 : PgbenchLimits.samplingRate(run.samplingRate);
    if (aggregate > 0 && !run.log) {
      throw new IllegalArgumentException(
          "log aggregation is allowed only when actually logging transactions");
    }
    if (run.samplingRate != null && !run.log) {
      throw new IllegalArgumentException(
          "log sampling (--sampling-rate) is allowed only when logging transactions (-l)");
    }
    if (run.samplingRate != null && aggregate > 0) {
      throw new IllegalArgumentException(
          "log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used"
              + " at the same time");
    }
    if (run.logPrefix != null && !run.log) {
      throw new IllegalArgumentException(
          "log file prefix (--log-prefix) is allowed only when logging transactions (-l)");
    }
    if (aggregate > 0 && duration > 0 && duration % aggregate != 0) {
      throw new IllegalArgumentException(
          "duration ("
              + duration
              + ") must be a multiple of aggregation interval ("
              + aggregate
              + ")");
    }
    String prefix = run.logPrefix == null ? "pgbench_log" : run.logPrefix;
    return new TxnLogOptions(run.log, aggregate, sampling, prefix, Path.of("."));
  }

  private RunLimits limits(int duration) {
    TpcbRunOptions run = command.run;
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
    return new RunLimits(maxTries, run.failuresDetailed, rate, limitMicros, run.exitOnAbort);
  }

  private long seed() {
    long nowMicros = TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis());
    if (command.run.randomSeed == null) {
      return nowMicros;
    }
    long seed = PgbenchNumbers.parseSeed(command.run.randomSeed, nowMicros);
    err().println("tpcc tpcb: setting random seed to " + Long.toUnsignedString(seed));
    return seed;
  }

  /** -b, -N and -S in pgbench's order: each adds a script; none means tpcb-like. */
  private List<WeightedScript> scripts() {
    List<WeightedScript> scripts = new ArrayList<>();
    for (String builtin : command.run.builtins) {
      scripts.add(WeightedScript.parse(builtin));
    }
    if (command.run.simpleUpdate) {
      scripts.add(new WeightedScript(BuiltinScript.SIMPLE_UPDATE, 1));
    }
    if (command.run.selectOnly) {
      scripts.add(new WeightedScript(BuiltinScript.SELECT_ONLY, 1));
    }
    if (scripts.isEmpty()) {
      scripts.add(new WeightedScript(BuiltinScript.TPCB_LIKE, 1));
    }
    if (scripts.stream().mapToLong(WeightedScript::weight).sum() == 0) {
      throw new IllegalArgumentException("total script weight must not be zero");
    }
    return scripts;
  }

  /**
   * Ctrl-C and SIGTERM stop the clients; the closing block is printed and the JVM exits with the
   * run's own code rather than the signal's.
   */
  private int runUntilDoneOrStopped(TpcbBenchmark benchmark) throws Exception {
    SignalStop stop = SignalStop.install(benchmark::requestStop, commandLine.getOut());
    int exitCode = 1;
    try {
      exitCode = benchmark.run();
      return exitCode;
    } finally {
      stop.finished(exitCode);
    }
  }
}
