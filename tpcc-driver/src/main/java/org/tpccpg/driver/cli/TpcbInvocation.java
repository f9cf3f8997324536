package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.tpcb.PartitionMethod;
import org.tpccpg.core.tpcb.TpcbLayout;
import org.tpccpg.core.tpcb.TpcbScale;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.results.EffectiveConfig;
import org.tpccpg.driver.results.ResultsDirectory;
import org.tpccpg.driver.run.ConnectionLimits;
import org.tpccpg.driver.serverstats.ServerStatsSampler;
import org.tpccpg.driver.tpcb.BuiltinScript;
import org.tpccpg.driver.tpcb.InitStep;
import org.tpccpg.driver.tpcb.PgbenchError;
import org.tpccpg.driver.tpcb.PgbenchNumbers;
import org.tpccpg.driver.tpcb.PgbenchVersion;
import org.tpccpg.driver.tpcb.TpcbBenchmark;
import org.tpccpg.driver.tpcb.TpcbCheck;
import org.tpccpg.driver.tpcb.TpcbInit;
import org.tpccpg.driver.tpcb.TpcbRecording;
import org.tpccpg.driver.tpcb.TpcbRunConfig;
import org.tpccpg.driver.tpcb.TpcbSummary;
import org.tpccpg.driver.tpcb.WeightedScript;
import org.tpccpg.driver.tpcb.script.Command;
import org.tpccpg.driver.tpcb.script.SqlCommand;
import picocli.CommandLine;

/**
 * One {@code tpcb} invocation: checks the options as pgbench does (one line and exit code 1 when
 * they are wrong), then initializes or runs.
 */
final class TpcbInvocation {
  private static final int MAX = Integer.MAX_VALUE;

  /** pgbench's MAX_ARGS - 1: the $1..$255 of a statement sent with parameters. */
  private static final int MAX_PARAMETERS = 255;

  private final TpcbCommand command;
  private final CommandLine commandLine;
  private final Map<String, String> environment;
  private final InterruptGuard interrupts;
  private List<WeightedScript> scripts;

  TpcbInvocation(
      TpcbCommand command,
      CommandLine commandLine,
      Map<String, String> environment,
      InterruptGuard interrupts) {
    this.command = command;
    this.commandLine = commandLine;
    this.environment = environment;
    this.interrupts = interrupts;
  }

  int execute() throws Exception {
    Callable<Integer> action;
    try {
      String listing = checkCommon();
      if (listing != null) {
        err().print(listing);
        err().flush();
        return 0;
      }
      List<String> warnings = new ArrayList<>();
      ConnectionSettings settings =
          TpcbConnectionArguments.resolve(
              command.host,
              command.port,
              command.user,
              database(),
              command.init.initialize ? "initialization" : "setup",
              environment,
              warnings);
      warnings.forEach(warning -> err().println(warning));
      action = plan(settings);
    } catch (IllegalArgumentException e) {
      return error(e.getMessage());
    }
    try {
      return action.call();
    } catch (PgbenchError e) {
      return error(e.getMessage());
    }
  }

  /**
   * pgbench's way with bad input: exit code 1 and its lines, the first an error; later lines that
   * pgbench prefixes ({@code detail:}, {@code hint:}, {@code error:}) get our name as their prefix,
   * others (the list of builtins) are printed as they are.
   */
  private int error(String message) {
    String[] lines = message.split("\n", -1);
    err().println("tpcc tpcb: error: " + lines[0]);
    for (int i = 1; i < lines.length; i++) {
      if (i == lines.length - 1 && lines[i].isEmpty()) {
        break;
      }
      boolean prefixed =
          lines[i].startsWith("detail: ")
              || lines[i].startsWith("hint: ")
              || lines[i].startsWith("error: ");
      err().println(prefixed ? "tpcc tpcb: " + lines[i] : lines[i]);
    }
    err().flush();
    return 1;
  }

  /** {@code --pgbench-version}, checked; the default when not given. */
  private PgbenchVersion pgbenchVersion() {
    return command.pgbenchVersion == null
        ? PgbenchVersion.DEFAULT
        : PgbenchVersion.of(command.pgbenchVersion);
  }

  /**
   * The database: {@code --dbname} (pgbench 17's {@code -d}), else the first argument; {@code
   * --dbname} is refused for the versions whose pgbench lacks it.
   */
  private String database() {
    return database(command);
  }

  /** The same for a parsed {@code tpcb} command line ({@code tpcc-soak}'s too). */
  static String database(TpcbCommand command) {
    PgbenchVersion version =
        command.pgbenchVersion == null
            ? PgbenchVersion.DEFAULT
            : PgbenchVersion.of(command.pgbenchVersion);
    if (command.dbname != null && !version.dashDIsDatabase()) {
      throw new IllegalArgumentException(
          "--dbname is pgbench 17's, and this is pgbench "
              + version.major()
              + "'s command line (--pgbench-version): give the database as the last argument,"
              + " or --pgbench-version=17 or later");
    }
    if (command.dbname != null) {
      return command.dbname;
    }
    return command.positional.isEmpty() ? null : command.positional.get(0);
  }

  /** What to do, with its options checked: the balance check, the initialization or a run. */
  private Callable<Integer> plan(ConnectionSettings settings) {
    TpcbRunArguments run =
        new TpcbRunArguments(
            command.run,
            scripts,
            command.noVacuum,
            command.debug,
            pgbenchVersion(),
            command.scale,
            err());
    if (command.check) {
      return () ->
          TpcbCheck.run(
              settings::open,
              settings.database(),
              scripts,
              settings.toString(),
              commandLine.getOut());
    }
    if (command.init.initialize) {
      TpcbLayout layout = layout();
      List<InitStep> steps = steps();
      return () -> {
        // pgbench's two lines when the server cannot be reached, as for a run's setup connection
        ConnectionFactory connections =
            () -> {
              try {
                return settings.open();
              } catch (SQLException e) {
                throw PgbenchError.connectionFailure(settings, e, "initialization");
              }
            };
        TpcbInit init = new TpcbInit(connections, layout, steps, command.init.quiet, err());
        String missing = init.missingTablespace();
        if (missing == null) {
          missing = init.unsupportedPartitioning();
        }
        if (missing != null) {
          return error(missing);
        }
        init.run();
        return 0;
      };
    }
    TpcbRunConfig config = run.config();
    MonitoringOptions monitoring = command.run.monitoring;
    return () -> {
      LiveMetrics metrics;
      try {
        metrics = monitoring.openMetrics(err(), "tpcc tpcb: ");
      } catch (IllegalArgumentException e) {
        return error(e.getMessage());
      }
      try (LiveMetrics closing = metrics) {
        return benchmark(settings, config, closing, monitoring.serverStats());
      }
    };
  }

  /** On stderr with pgbench's other messages: stdout stays pgbench's report. */
  private void printEffectiveConfig(ConnectionSettings settings, TpcbRunConfig config) {
    err().println("Effective configuration:");
    EffectiveConfig.lines(TpcbSummary.config(config, settings.connectionTarget()))
        .forEach(err()::println);
    err().println(ClientThreads.verboseLine());
  }

  /** A run, recording its results where {@code --results} or the default for long runs says. */
  private int benchmark(
      ConnectionSettings settings, TpcbRunConfig config, LiveMetrics metrics, boolean serverStats)
      throws Exception {
    ResultsLocation results =
        ResultsLocation.choose(
            command.run.results,
            config.timed() && ResultsDirectory.recordsByDefault(config.durationSeconds()),
            "tpcb");
    Path resultsDir = results.directory();
    String unusable = results.prepare();
    if (unusable != null) {
      return error(unusable);
    }
    interrupts.removeOnInterrupt(results);
    String tooMany;
    try {
      tooMany = connectionShortage(settings, config.clients());
    } catch (SQLException e) {
      results.removeIfUnused(e);
      throw PgbenchError.connectionFailure(settings, e);
    } catch (RuntimeException e) {
      results.removeIfUnused(e);
      throw e;
    }
    if (tooMany != null) {
      results.removeIfUnused(new IllegalStateException(tooMany));
      return error(tooMany);
    }
    if (command.parent.verbose()) {
      printEffectiveConfig(settings, config);
    }
    if (resultsDir != null) {
      err().println("tpcc tpcb: recording results in " + resultsDir);
    }
    StatementMode mode = config.statementMode();
    TpcbBenchmark benchmark =
        new TpcbBenchmark(
            config,
            () -> settings.open(mode.connectionProperties()),
            settings.database(),
            command.scale != null,
            commandLine.getOut(),
            err(),
            resultsDir == null ? null : new TpcbRecording(resultsDir, settings.connectionTarget()));
    benchmark.describeConnectFailures(e -> PgbenchError.connectionMessage(settings, e));
    benchmark.debugTarget(settings.host(), settings.port());
    benchmark.monitor(
        metrics,
        serverStats // unnamed statements: see RunCommand
            ? () ->
                settings.openBeside(
                    ServerStatsSampler.ROLE, StatementMode.EXTENDED.connectionProperties())
            : null);
    try {
      return runUntilDoneOrStopped(benchmark);
    } catch (Exception e) {
      results.removeIfUnused(e);
      throw e;
    }
  }

  /**
   * Why the server will not admit {@code -c} clients (pgbench would fail on the first client over
   * the limit with the server's error), or null. Behind a pooler the server's limits are not the
   * clients', and the clients' own connections are the check.
   */
  private static String connectionShortage(ConnectionSettings settings, int clients)
      throws SQLException {
    ConnectionLimits limits;
    try (Connection connection = settings.open()) {
      limits = ConnectionLimits.read(connection);
    }
    return limits.shortage("-c " + clients, clients, settings.port()).orElse(null);
  }

  private PrintWriter err() {
    return commandLine.getErr();
  }

  /**
   * pgbench's checks up to the choice of mode, in pgbench's order: each option as it comes, then
   * the default script and the total weight, the arguments, then the options of the other mode.
   * Null, or what {@code -b list} or {@code --show-script} prints before exiting 0.
   */
  private String checkCommon() {
    TpcbOptionScan scan = TpcbOptionScan.scan(commandLine.getParseResult());
    if (scan.listing() != null) {
      return scan.listing();
    }
    scripts = new ArrayList<>(scan.scripts());
    checkParameterCounts();
    if (!command.init.initialize) {
      if (scripts.isEmpty()) {
        scripts.add(new WeightedScript(BuiltinScript.TPCB_LIKE, 1));
      }
      if (scripts.stream().mapToLong(WeightedScript::weight).sum() == 0) {
        throw new IllegalArgumentException("total script weight must not be zero");
      }
    }
    int allowed = command.dbname == null ? 1 : 0; // pgbench 17: -d takes the database's place
    if (command.positional.size() > allowed) {
      throw new IllegalArgumentException(
          "too many command-line arguments (first is \""
              + command.positional.get(allowed)
              + "\")\nhint: Try \"tpcc tpcb --help\" for more information.");
    }
    if (command.init.initialize && command.check) {
      throw new IllegalArgumentException("--check cannot be used in initialization (-i) mode");
    }
    if (command.init.initialize && scan.benchmarkingOption()) {
      throw new IllegalArgumentException(
          "some of the specified options cannot be used in initialization (-i) mode");
    }
    if (!command.init.initialize && scan.initializationOption()) {
      throw new IllegalArgumentException(
          "some of the specified options cannot be used in benchmarking mode");
    }
    return null;
  }

  /**
   * pgbench's parseQuery() under -M extended and prepared: a statement takes at most 255
   * parameters, checked for every script before anything else after the options.
   */
  private void checkParameterCounts() {
    if (command.run.protocol == null || "simple".equals(command.run.protocol)) {
      return;
    }
    for (WeightedScript script : scripts) {
      if (script.builtin()) {
        continue;
      }
      for (Command sqlCommand : script.custom().commands()) {
        if (sqlCommand instanceof SqlCommand sql
            && sql.parameterized().variables().size() > MAX_PARAMETERS) {
          throw new IllegalArgumentException(
              "statement has too many arguments (maximum is "
                  + MAX_PARAMETERS
                  + "): "
                  + sql.text());
        }
      }
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

  static PartitionMethod partitionMethod(String text) {
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

  /**
   * Ctrl-C and SIGTERM stop the clients; the closing block is printed and the JVM exits with the
   * run's own code rather than the signal's. Before the clients start (connecting, vacuuming) the
   * {@link InterruptGuard} says the run was interrupted and the JVM exits with the signal's code.
   */
  private int runUntilDoneOrStopped(TpcbBenchmark benchmark) throws Exception {
    SignalStop stop = SignalStop.install(benchmark::requestStop, commandLine.getOut(), interrupts);
    int exitCode = 1;
    try {
      exitCode = benchmark.run(interrupts::disarm);
      return exitCode;
    } finally {
      stop.finished(exitCode);
    }
  }
}
