package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.results.ResultsDirectory;
import org.tpccpg.driver.run.SpecConfig;
import org.tpccpg.driver.run.TpccBenchmark;
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
    TpccBenchmark benchmark =
        new TpccBenchmark(
            settings,
            plan(homes),
            out(),
            spec.commandLine().getErr(),
            "tpcc run",
            FailureHandler::describe);
    benchmark.record(
        new TpccBenchmark.Recording(
            resultsDir, run.verdictThresholds(spec.commandLine()), run.checkEvery));
    benchmark.monitor(metrics, run.monitoring.serverStats());
    benchmark.printEffectiveConfig(parent.verbose());
    benchmark.startAt(startAt);
    try {
      benchmark.open();
    } catch (Exception e) {
      location.removeIfUnused(e);
      throw e;
    }
    return runUntilDoneOrStopped(benchmark);
  }

  /** What this command's options make of the data set found. */
  private TpccBenchmark.Plan plan(WarehouseRange homes) {
    return new TpccBenchmark.Plan() {
      @Override
      public DataSetInfo requireDataSet(Connection connection)
          throws SQLException, DataSetException {
        return dataSet.requireMatching(connection);
      }

      @Override
      public RunConfig config(DataSetInfo info) {
        return RunCommand.this.config(info, homes);
      }

      @Override
      public SpecConfig spec(RunConfig config, DataSetInfo info) {
        return specMode.spec ? specConfig(config, info) : null;
      }
    };
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

  private RunConfig config(DataSetInfo info, WarehouseRange homes) {
    WorkloadShape shape = WorkloadShape.of(dataSet.tables, dataSet.scale).withHomeWarehouses(homes);
    RunConfig.Builder builder =
        RunConfig.builder(run.sysbenchCompat ? shape.withSysbenchDeviations() : shape, info)
            .threads(dataSet.threads)
            .seed(dataSet.randomSeed)
            .connectionMode(specMode.spec ? ConnectionMode.POOLED : run.connectionMode())
            .poolSize(specMode.spec && run.poolSize == 0 ? dataSet.threads : run.poolSize);
    return run.applyTo(builder, spec.commandLine()).build();
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /**
   * Ctrl-C and SIGTERM stop the workers; the summary is printed, and the JVM exits with the run's
   * own exit code rather than the signal's (a run stopped early is still a good run).
   */
  private int runUntilDoneOrStopped(TpccBenchmark benchmark) throws Exception {
    parent.interrupts().disarm(); // from here on, a signal stops the run and prints its summary
    SignalStop stop = SignalStop.install(benchmark::requestStop, out(), parent.interrupts());
    int exitCode = 1;
    try {
      exitCode = benchmark.run();
      return exitCode;
    } finally {
      stop.finished(exitCode);
    }
  }
}
