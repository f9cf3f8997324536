package org.tpccpg.driver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.catalog.SysbenchDataSet;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.core.tpcc.mode.TxnMode;
import org.tpccpg.core.tpcc.procedures.ProcedureInstaller;
import org.tpccpg.driver.check.ConsistencyProbe;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.PoolerHint;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.connect.TransactionProbe;
import org.tpccpg.driver.durability.CommitLedger;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.results.EffectiveConfig;
import org.tpccpg.driver.results.ResultsDirectory;
import org.tpccpg.driver.results.RunDescription;
import org.tpccpg.driver.results.RunResults;
import org.tpccpg.driver.results.ServerInfo;
import org.tpccpg.driver.results.SpecSummary;
import org.tpccpg.driver.results.TpccSummary;
import org.tpccpg.driver.run.ConnectionLimits;
import org.tpccpg.driver.run.SpecConfig;
import org.tpccpg.driver.run.SpecRun;
import org.tpccpg.driver.run.TimedRun;
import org.tpccpg.driver.run.TooFewConnections;
import org.tpccpg.driver.run.TpccRun;
import org.tpccpg.driver.serverstats.OwnTables;
import org.tpccpg.driver.serverstats.ServerStatsSampler;
import org.tpccpg.driver.spec.SpecKinds;
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
  @Mixin private SpecOptions specMode;

  @Override
  public Integer call() throws Exception {
    ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
    dataSet.validate(spec.commandLine(), parent.environment());
    run.validate(spec.commandLine());
    specMode.validate(spec.commandLine(), run);
    if (specMode.spec
        && dataSet.warehouses != null
        && spec.commandLine().getParseResult().hasMatchedOption("--spec-warehouses")) {
      // A driver's range sets where its terminals live; the test setting would wrap them over
      // other warehouses, which another driver's terminals may own.
      throw new ParameterException(
          spec.commandLine(),
          "--warehouses="
              + dataSet.warehouses
              + " and --spec-warehouses="
              + specMode.warehouses
              + " exclude each other: with a range, the terminals are those of its warehouses");
    }
    Instant startAt = run.startAt(spec.commandLine(), Clock.systemDefaultZone());
    WarehouseRange homes = dataSet.warehouseRange(spec.commandLine());
    LiveMetrics metrics;
    try {
      metrics = run.monitoring.openMetrics(spec.commandLine().getErr(), "tpcc run: ");
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    try (LiveMetrics closing = metrics) {
      return call(settings, closing, startAt, homes);
    }
  }

  /**
   * The run, with its live metrics endpoint open (or null), starting at {@code startAt} (or at
   * once) on the home warehouses {@code homes}.
   */
  private Integer call(
      ConnectionSettings settings, LiveMetrics metrics, Instant startAt, WarehouseRange homes)
      throws Exception {
    ResultsLocation location =
        ResultsLocation.choose(run.results, ResultsDirectory.recordsByDefault(run.time), "tpcc");
    Path resultsDir = location.directory();
    if (run.checkEvery != null && resultsDir == null) {
      throw new ParameterException(
          spec.commandLine(),
          "--check-every="
              + run.checkEvery
              + " needs recorded results: give --results=DIR (probes go into its intervals)");
    }
    String unusable = location.prepare();
    if (unusable != null) {
      throw new ParameterException(spec.commandLine(), unusable);
    }
    parent.interrupts().removeOnInterrupt(location);
    Checked checked;
    TimedRun tpccRun;
    try {
      checked = checkServer(settings, homes);
      tpccRun = connectedRun(settings, checked, resultsDir, startAt);
    } catch (Exception e) {
      location.removeIfUnused(e);
      throw e;
    }
    RunResults results =
        openResults(
            checked.config(),
            settings,
            checked.server(),
            resultsDir,
            this::resultsWriteFailed,
            tpccRun);
    if (results != null && run.monitoring.serverStats()) {
      // over a connection of its own, named apart, with unnamed statements whatever the clients'
      // mode: a sample a minute gains nothing from a named statement, which behind a pooler in
      // transaction mode would meet another session's
      results.recordServerStats(
          new ServerStatsSampler(
              () ->
                  settings.openBeside(
                      ServerStatsSampler.ROLE, StatementMode.EXTENDED.connectionProperties()),
              OwnTables.TPCC,
              this::serverStatsSay));
    }
    if (results != null) {
      results.judgeWith(run.verdictThresholds(spec.commandLine()));
    }
    if (run.checkEvery != null && results != null) {
      results.recordConsistency(
          new ConsistencyProbe(
              () ->
                  settings.openBeside(
                      ConsistencyProbe.ROLE, StatementMode.EXTENDED.connectionProperties()),
              checked.info().tableSets(),
              checked.info().warehousesPerSet(),
              run.checkEvery,
              this::serverStatsSay));
    }
    tpccRun.recordResultsIn(results);
    tpccRun.publishMetricsTo(metrics);
    return runUntilDoneOrStopped(tpccRun, results);
  }

  /**
   * The durability ledger of a TPC-C run: its audits connect as the clients do (so they read the
   * clients' {@code synchronous_commit}), named apart, with unnamed statements.
   */
  static CommitLedger ledger(ConnectionSettings settings, RunConfig config, Consumer<String> say) {
    return new CommitLedger(
        () -> settings.openBeside(CommitLedger.ROLE, StatementMode.EXTENDED.connectionProperties()),
        config.shape().tableSets(),
        config.shape().warehousesPerSet(),
        say);
  }

  /** What run reads from the server, and the run's configuration, before any client connects. */
  private record Checked(DataSetInfo info, RunConfig config, ServerInfo server) {}

  /** Checks the data set, the procedures and the connection limit; records the run. */
  private Checked checkServer(ConnectionSettings settings, WarehouseRange homes) throws Exception {
    try (Connection c = settings.open()) {
      DataSetInfo info = dataSet.requireMatching(c);
      RunConfig config = config(info, homes);
      requireProcedures(c, config, info);
      requireConnections(config, ConnectionLimits.read(c), settings.port());
      ServerInfo server = ServerInfo.read(c);
      c.setAutoCommit(true);
      if (info.loadConstantsKnown()) {
        DataSetMetadata.recordRun(c, run.enablePurge);
      } else {
        // A sysbench-tpcc data set has no record of ours, and run writes none: the database
        // stays as sysbench left it, apart from the transactions.
        out().println("run: " + SysbenchDataSet.describe(info));
      }
      return new Checked(info, config, server);
    }
  }

  /**
   * The run (spec mode's or sysbench's), its header printed and its connections open, once {@code
   * startAt} has come.
   */
  private TimedRun connectedRun(
      ConnectionSettings settings, Checked checked, Path resultsDir, Instant startAt)
      throws Exception {
    RunConfig config = checked.config();
    StatementMode mode = config.statementMode();
    ConnectionFactory workers = () -> settings.open(mode.connectionProperties());
    TransactionProbe.requireMultiStatementTransactions(workers);
    if (mode == StatementMode.PREPARED) {
      TransactionProbe.requireNamedStatementsKept(workers, PoolerHint.PREPARED_STATEMENTS);
    }
    SpecConfig specConfig = specMode.spec ? specConfig(config, checked.info()) : null;
    TimedRun tpccRun;
    if (specConfig != null) {
      SpecRun specRun = new SpecRun(config, specConfig, workers, out());
      if (!config.purge()) {
        specRun.auditDurabilityWith(ledger(settings, config, this::serverStatsSay));
      }
      tpccRun = specRun;
    } else {
      TpccRun tpcc = new TpccRun(config, workers, out());
      if (!config.purge()) {
        tpcc.auditDurabilityWith(ledger(settings, config, this::serverStatsSay));
      }
      tpccRun = tpcc;
    }
    tpccRun.runClientsOn(ClientThreads.forTarget(settings.unixSocket()));
    if (parent.verbose()) {
      printEffectiveConfig(config, settings);
    }
    printHeader(config, resultsDir);
    if (specConfig != null) {
      printSpecHeader(config, specConfig);
    }
    connect(tpccRun, config);
    waitUntil(startAt);
    return tpccRun;
  }

  private SpecConfig specConfig(RunConfig config, DataSetInfo info) {
    return specMode.config(
        spec.commandLine(),
        config.shape().tableSets() * config.shape().homeWarehouses().size(),
        config.warmupSeconds(),
        new SpecConfig.DataSet(
            info.tableSets() * info.warehousesPerSet(),
            info.tableSets(),
            info.origin() == DataSetInfo.Origin.THIS_TOOL,
            info.purgeUsed()));
  }

  /** Spec mode's lines after sysbench's header: terminals, times, and what is not TPC-C. */
  private void printSpecHeader(RunConfig config, SpecConfig s) {
    PrintWriter out = out();
    out.println(
        "TPC-C spec mode: "
            + s.terminals()
            + " terminals ("
            + s.warehouses()
            + " warehouses x 10) on "
            + config.poolSize()
            + " pooled connections and as many workers, "
            + s.deliveryExecutors()
            + " deferred-Delivery executor(s); keying x"
            + s.times().keyingMultiplier()
            + ", think x"
            + s.times().thinkMultiplier()
            + "; ramp-up "
            + config.warmupSeconds()
            + " s, measurement "
            + config.timeSeconds()
            + " s");
    if (!s.notTpccReasons().isEmpty()) {
      out.println("not a TPC-C result: " + String.join("; ", SpecReason.texts(s.notTpccReasons())));
    }
    out.println();
    out.flush();
  }

  /**
   * Refuses {@code --txn-mode=procedures} on a data set without this tool's functions as it
   * installed them: none on a sysbench-tpcc data set (install-procedures refuses those), none
   * installed yet, or one replaced in place since (it would be benchmarked unannounced).
   */
  static void requireProcedures(Connection c, RunConfig config, DataSetInfo info)
      throws SQLException, DataSetException {
    if (config.txnMode() != TxnMode.PROCEDURES) {
      return;
    }
    if (info.origin() == DataSetInfo.Origin.SYSBENCH_TPCC) {
      throw new DataSetException(
          "--txn-mode=procedures is not supported on a data set sysbench-tpcc prepared: its"
              + " functions would have no load record of this tool's to be listed in, so neither"
              + " tool's cleanup would drop them; run with --txn-mode=statements or batched (the"
              + " same transactions), or prepare a data set with this tool");
    }
    int sets = config.shape().tableSets();
    if (!ProcedureInstaller.installed(c, sets)) {
      throw new DataSetException(
          "--txn-mode=procedures needs the data set's functions, which are not installed: run"
              + " install-procedures first");
    }
    List<String> replaced = ProcedureInstaller.replaced(c, sets);
    if (!replaced.isEmpty()) {
      throw new DataSetException(
          "--txn-mode=procedures: "
              + ProcedureInstaller.describeReplaced(replaced)
              + ", so a run would benchmark it: drop it (DROP FUNCTION "
              + replaced.get(0)
              + ") and run install-procedures, or run with --txn-mode=statements");
    }
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
  private static void connect(TimedRun tpccRun, RunConfig config) throws Exception {
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
      Consumer<String> firstFailure,
      TimedRun started)
      throws IOException {
    if (dir == null) {
      return null;
    }
    RunDescription description =
        new RunDescription(config, settings.connectionTarget(), server, dir);
    return RunResults.open(
        dir,
        started instanceof SpecRun specRun
            ? new SpecSummary(description, specRun::outcome)
            : new TpccSummary(description),
        started instanceof SpecRun ? SpecKinds.KINDS : TpccRun.kinds(config),
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

  /**
   * With {@code --start-at}, waits with every connection open until that time, so that the drivers
   * of a scale-out run measure one window; Ctrl-C ends the wait as it ends the connecting.
   */
  private void waitUntil(Instant startAt) throws InterruptedException {
    if (startAt == null) {
      return;
    }
    long millis = Duration.between(Instant.now(), startAt).toMillis();
    out().println("Waiting until " + startAt + " to start (--start-at)");
    out().flush();
    if (millis > 0) {
      Thread.sleep(millis);
    }
  }

  private RunConfig config(DataSetInfo info, WarehouseRange homes) {
    return RunConfig.builder(
            new WorkloadShape(dataSet.tables, dataSet.scale, run.sysbenchCompat, homes), info)
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
        .connectionMode(specMode.spec ? ConnectionMode.POOLED : run.connectionMode())
        .poolSize(specMode.spec && run.poolSize == 0 ? dataSet.threads : run.poolSize)
        .txnMode(run.txnMode(spec.commandLine()))
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
    out.println(ClientThreads.verboseLine(settings.unixSocket()));
    out.println();
  }

  /** sysbench's opening lines, which log parsers look for. */
  private void printHeader(RunConfig config, Path resultsDir) {
    PrintWriter out = out();
    out.println("Running the test with following options:");
    out.println("Number of threads: " + config.threads());
    if (config.shape().partial()) {
      out.println(
          "Home warehouses: "
              + config.shape().homeWarehouses()
              + " of 1-"
              + config.shape().warehousesPerSet()
              + " (--warehouses; remote ones from all of them)");
    }
    if (config.dataSet().distributedWithCitus()) {
      out.println("Data set: Citus distributed and reference tables (prepare --distribute=citus)");
    }
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
  private int runUntilDoneOrStopped(TimedRun tpccRun, RunResults results) throws Exception {
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
      if (exitCode == 0 && results != null && results.consistencyViolated()) {
        spec.commandLine()
            .getErr()
            .println("tpcc run: a consistency condition was violated during the run (see above)");
        spec.commandLine().getErr().flush();
        exitCode = 1;
      }
      return exitCode;
    } finally {
      stop.finished(exitCode);
    }
  }
}
