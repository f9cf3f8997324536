package org.tpccpg.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.schema.DataSetMetadata;
import org.tpccpg.core.schema.SysbenchDataSet;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.connect.TransactionProbe;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.results.EffectiveConfig;
import org.tpccpg.driver.results.ResultsDirectory;
import org.tpccpg.driver.results.RunDescription;
import org.tpccpg.driver.results.RunResults;
import org.tpccpg.driver.results.ServerInfo;
import org.tpccpg.driver.results.TpccSummary;
import org.tpccpg.driver.run.ConnectionLimits;
import org.tpccpg.driver.run.ConnectionMode;
import org.tpccpg.driver.run.RunConfig;
import org.tpccpg.driver.run.TooFewConnections;
import org.tpccpg.driver.run.TpccRun;
import org.tpccpg.driver.serverstats.ServerStatsSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code run}: the TPC-C workload for {@code --time} seconds, reported as sysbench-tpcc does. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the TPC-C mix (new_order 10, payment 10, order_status 1, delivery 1, stock_level 1"
          + " of 23) over --threads connections, printing sysbench-tpcc's report line every"
          + " --report-interval seconds, its summary at the end, then latency per transaction"
          + " type and tpmC. Ctrl-C or SIGTERM ends the run early and still prints the summary"
          + " (and writes summary.json when results are recorded: see --results; runs of"
          + " --time=0 or an hour or more record by default)."
    })
final class RunCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;
  @Mixin private ConnectionOptions connection;
  @Mixin private DataSetOptions dataSet;
  @Mixin private RunOptions run;

  @Override
  public Integer call() throws Exception {
    ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
    dataSet.validate(spec.commandLine(), parent.environment());
    run.validate(spec.commandLine());
    LiveMetrics metrics;
    try {
      metrics = run.monitoring.openMetrics(spec.commandLine().getErr(), "tpcc run: ");
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    try (LiveMetrics closing = metrics) {
      return call(settings, closing);
    }
  }

  /** The run, with its live metrics endpoint open (or null). */
  private Integer call(ConnectionSettings settings, LiveMetrics metrics) throws Exception {
    ResultsLocation location =
        ResultsLocation.choose(run.results, ResultsDirectory.recordsByDefault(run.time), "tpcc");
    Path resultsDir = location.directory();
    String unusable = location.prepare();
    if (unusable != null) {
      throw new ParameterException(spec.commandLine(), unusable);
    }
    parent.interrupts().removeOnInterrupt(location);
    DataSetInfo info;
    ServerInfo server;
    TpccRun tpccRun;
    RunConfig config;
    try {
      try (Connection c = settings.open()) {
        info = DataSetMetadata.requireMatching(c, dataSet.tables, dataSet.scale);
        config = config(info);
        requireConnections(config, ConnectionLimits.read(c), settings.port());
        server = ServerInfo.read(c);
        c.setAutoCommit(true);
        if (info.loadConstantsKnown()) {
          DataSetMetadata.recordRun(c, run.enablePurge);
        } else {
          // A sysbench-tpcc data set has no record of ours, and run writes none: the database
          // stays as sysbench left it, apart from the transactions.
          out().println("run: " + SysbenchDataSet.describe(info));
        }
      }
      StatementMode mode = config.statementMode();
      ConnectionFactory workers = () -> settings.open(mode.connectionProperties());
      TransactionProbe.requireMultiStatementTransactions(workers);
      tpccRun = new TpccRun(config, workers, out());
      if (parent.verbose()) {
        printEffectiveConfig(config, settings);
      }
      printHeader(config, resultsDir);
      connect(tpccRun, config);
    } catch (Exception e) {
      location.removeIfUnused(e);
      throw e;
    }
    RunResults results =
        openResults(config, settings, server, resultsDir, this::resultsWriteFailed);
    if (results != null && run.monitoring.serverStats()) {
      // over a connection of its own, opened as the clients' are but named apart
      StatementMode mode = config.statementMode();
      results.recordServerStats(
          new ServerStatsSampler(
              () -> settings.openBeside(ServerStatsSampler.ROLE, mode.connectionProperties()),
              this::serverStatsSay));
    }
    tpccRun.recordResultsIn(results);
    tpccRun.publishMetricsTo(metrics);
    return runUntilDoneOrStopped(tpccRun);
  }

  /** The option that asks for the run's connections, as typed: --threads=N or --pool-size=M. */
  private static String connectionsOption(RunConfig config) {
    return config.connectionMode() == ConnectionMode.POOLED
        ? "--pool-size=" + config.poolSize()
        : "--threads=" + config.threads();
  }

  /**
   * Refuses a run that needs more connections than the server admits for this role, before any is
   * opened. Behind a pooler (another port than the server's) the limits are the pooler's, and the
   * connections opened before the start are the check.
   */
  private static void requireConnections(RunConfig config, ConnectionLimits limits, int port) {
    int needed =
        config.connectionMode() == ConnectionMode.POOLED ? config.poolSize() : config.threads();
    limits
        .shortage(connectionsOption(config), needed, port)
        .ifPresent(
            why -> {
              throw new IllegalStateException(why);
            });
  }

  /** Opens the run's connections; one line naming the option when the server refuses some. */
  private static void connect(TpccRun tpccRun, RunConfig config) throws Exception {
    try {
      tpccRun.connect();
    } catch (TooFewConnections e) {
      throw new SQLException(
          connectionsOption(config)
              + " needs "
              + e.needed()
              + " connections but only "
              + e.opened()
              + " could be opened: "
              + FailureHandler.describe(e.getCause()),
          null,
          e);
    }
  }

  private static RunResults openResults(
      RunConfig config,
      ConnectionSettings settings,
      ServerInfo server,
      Path dir,
      Consumer<String> firstFailure)
      throws IOException {
    if (dir == null) {
      return null;
    }
    return RunResults.open(
        dir,
        new TpccSummary(new RunDescription(config, settings.connectionTarget(), server, dir)),
        TpccRun.kinds(config),
        config.percentile(),
        Clock.systemUTC(),
        firstFailure);
  }

  /** What the server statistics' sampler has to say, on its own thread; the run goes on. */
  private void serverStatsSay(String line) {
    PrintWriter err = spec.commandLine().getErr();
    err.println("tpcc run: " + line);
    err.flush();
  }

  /** The first failed write of the results files, as it happens; the run goes on. */
  private void resultsWriteFailed(String failure) {
    PrintWriter err = spec.commandLine().getErr();
    err.println(
        "tpcc run: "
            + failure
            + "; the run goes on without recording more intervals (exit code 1 at the end)");
    err.flush();
  }

  private RunConfig config(DataSetInfo info) {
    return RunConfig.builder(
            new WorkloadShape(dataSet.tables, dataSet.scale, run.sysbenchCompat), info)
        .threads(dataSet.threads)
        .timeSeconds(run.time)
        .events(run.events)
        .reportIntervalSeconds(run.reportInterval)
        .percentile(run.percentile)
        .histogram(run.histogram)
        .rate(run.rate)
        .warmupSeconds(run.warmupTime)
        .isolation(run.isolationLevel)
        .statementMode(run.statementMode(spec.commandLine()))
        .purge(run.enablePurge)
        .reportCsv(run.reportCsv)
        .seed(dataSet.randomSeed)
        .maxTries(run.maxTries)
        .exitOnAbort(run.exitOnAbort)
        .connectionMode(run.connectionMode())
        .poolSize(run.poolSize)
        .build();
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /**
   * With {@code --verbose}: every value the run uses, defaults included, as summary.json's {@code
   * "config"} records them; the password masked. Before sysbench's lines, which parsers look for.
   */
  private void printEffectiveConfig(RunConfig config, ConnectionSettings settings) {
    PrintWriter out = out();
    out.println("Effective configuration:");
    EffectiveConfig.lines(EffectiveConfig.of(config, settings.connectionTarget()))
        .forEach(out::println);
    out.println();
  }

  /** sysbench's opening lines, which log parsers look for. */
  private void printHeader(RunConfig config, Path resultsDir) {
    PrintWriter out = out();
    out.println("Running the test with following options:");
    out.println("Number of threads: " + config.threads());
    if (config.reportIntervalSeconds() > 0) {
      out.println(
          "Report intermediate results every " + config.reportIntervalSeconds() + " second(s)");
    }
    if (config.warmupSeconds() > 0) {
      out.println("Warmup time: " + config.warmupSeconds() + "s");
    }
    out.println("Initializing random number generator from seed (" + config.seed() + ").");
    if (config.shape().sysbenchCompat()) {
      out.println("NURand C: drawn again on every call, as sysbench-tpcc does (--sysbench-compat)");
    } else {
      NuRandConstants run = config.runConstants();
      out.println(
          "NURand C for this run: C_LAST="
              + run.cLast()
              + " C_ID="
              + run.cId()
              + " OL_I_ID="
              + run.orderLineItemId()
              + (config.dataSet().loadConstantsKnown()
                  ? " (C_LAST at load: " + config.dataSet().loadConstants().cLast()
                  : " (C_LAST at load unknown: drawn freely")
              + "; TPC-C 2.1.6.1)");
    }
    if (resultsDir != null) {
      out.println("Recording results in " + resultsDir);
    }
    out.println();
    out.println();
    out.println("Initializing worker threads...");
    out.println();
    out.flush();
  }

  /**
   * Ctrl-C and SIGTERM stop the workers; the summary is printed, and the JVM exits with the run's
   * own exit code rather than the signal's (a run stopped early is still a good run).
   */
  private int runUntilDoneOrStopped(TpccRun tpccRun) throws Exception {
    parent.interrupts().disarm(); // from here on, a signal stops the run and prints its summary
    SignalStop stop = SignalStop.install(tpccRun::requestStop, out(), parent.interrupts());
    int exitCode = 1;
    try {
      Throwable fatal = tpccRun.run();
      if (fatal != null) {
        spec.commandLine().getErr().println("tpcc run: " + FailureHandler.describe(fatal));
        spec.commandLine().getErr().flush();
      }
      exitCode = fatal == null ? 0 : 1;
      return exitCode;
    } finally {
      stop.finished(exitCode);
    }
  }
}
