package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.cluster.LocalCluster;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.config.RunDefaults;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.run.TpccBenchmark;
import org.tpccpg.loader.DataSetCleaner;
import org.tpccpg.loader.LoadConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * A benchmark end to end in one command, for someone who has no server to point at yet: a private
 * cluster, a small data set, a short run, the check, and everything removed afterwards.
 */
@Command(
    name = "quickstart",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a small TPC-C benchmark end to end.",
      "Without connection options (or PGHOST/PGPORT) it starts a private PostgreSQL cluster in a"
          + " temporary directory and removes it afterwards, also on Ctrl-C."
    })
final class QuickstartCommand implements Callable<Integer> {
  private static final String DATABASE = "tpcc";

  /** Unlike {@code run}'s default (none): someone trying the tool wants to see it work. */
  private static final int REPORT_INTERVAL_SECONDS = 1;

  /** Unlike {@code run}'s default (1): a quick run shows some concurrency. */
  private static final int THREADS = 2;

  /** Small and quick settings for a throwaway cluster; durability is not what is measured here. */
  private static final List<String> CLUSTER_SETTINGS =
      List.of("shared_buffers = 256MB", "max_connections = 100", "log_min_messages = warning");

  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;
  @Mixin private ConnectionOptions connection;

  @Option(
      names = "--scale",
      paramLabel = "N",
      defaultValue = "1",
      description = "Warehouses to load (default ${DEFAULT-VALUE}).")
  private int scale;

  @Option(
      names = "--time",
      paramLabel = "SECONDS",
      defaultValue = "" + RunDefaults.TIME_SECONDS,
      description = "Length of the TPC-C run (default ${DEFAULT-VALUE}).")
  private long time;

  @Option(
      names = "--threads",
      paramLabel = "N",
      defaultValue = "" + THREADS,
      description = "Threads for loading, running and checking (default ${DEFAULT-VALUE}).")
  private int threads;

  @Option(
      names = "--txn-mode",
      paramLabel = "statements|batched|procedures",
      defaultValue = "statements",
      description =
          "How each transaction reaches the server, as run's option of that name (default"
              + " ${DEFAULT-VALUE}).")
  private String txnMode;

  @Override
  public Integer call() throws Exception {
    // Every option before any initdb: a bad one was refused after the cluster had started (#32).
    RunOptions.parseTxnMode(spec.commandLine(), txnMode);
    DataSetOptions.atLeastOne(spec.commandLine(), "--scale", scale);
    DataSetOptions.atLeastOne(spec.commandLine(), "--threads", threads);
    DataSetOptions.atLeastOne(spec.commandLine(), "--time", time);
    PrintWriter out = spec.commandLine().getOut();
    if (connection.anyGiven(parent.environment())) {
      ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
      out.println("quickstart: using the server given, " + settings);
      return runOn(settings, out);
    }
    out.println("quickstart: starting a private PostgreSQL cluster");
    try (LocalCluster cluster = LocalCluster.start(CLUSTER_SETTINGS)) {
      out.println("quickstart: cluster in " + cluster.directory() + ", port " + cluster.port());
      cluster.createDatabase(DATABASE);
      int status = runOn(cluster.settings(DATABASE), out);
      out.println("quickstart: stopping the cluster and removing " + cluster.directory());
      return status;
    }
  }

  /** {@code run}'s defaults but for the threads, the time and a report line every second. */
  private RunConfig runConfig(DataSetInfo info) {
    return RunConfig.builder(WorkloadShape.of(1, scale), info)
        .threads(threads)
        .timeSeconds(time)
        .reportIntervalSeconds(REPORT_INTERVAL_SECONDS)
        .txnMode(RunOptions.parseTxnMode(spec.commandLine(), txnMode))
        .build();
  }

  /** {@code run}'s own path, opened: on the data set just loaded, without results files. */
  private TpccBenchmark tpccRun(ConnectionSettings settings, PrintWriter out) throws Exception {
    TpccBenchmark benchmark =
        new TpccBenchmark(
            settings,
            new TpccBenchmark.Plan() {
              @Override
              public DataSetInfo requireDataSet(Connection connection)
                  throws SQLException, DataSetException {
                return DataSetOptions.requireMatching(connection, 1, scale);
              }

              @Override
              public RunConfig config(DataSetInfo info) {
                return runConfig(info);
              }
            },
            out,
            spec.commandLine().getErr(),
            "quickstart",
            FailureHandler::describe);
    benchmark.printEffectiveConfig(parent.verbose());
    benchmark.open();
    return benchmark;
  }

  private int runOn(ConnectionSettings settings, PrintWriter out) throws Exception {
    try (Connection connection = settings.open()) {
      DatabaseMetaData metaData = connection.getMetaData();
      out.println(
          "quickstart: connected to PostgreSQL "
              + metaData.getDatabaseProductVersion()
              + " as "
              + settings);
    }
    LoadConfig config = LoadConfig.of(1, scale, threads, System.currentTimeMillis());
    out.println("quickstart: prepare, 1 table set of " + scale + " warehouse(s)");
    out.flush();
    PrepareCommand.prepare(settings, config, out);
    int status;
    try {
      out.println("quickstart: run, " + threads + " thread(s) for " + time + " s");
      out.flush();
      status = tpccRun(settings, out).run();
      if (status == 0) {
        out.println("quickstart: check");
        DataSetInfo info;
        try (Connection connection = settings.open()) {
          info = DataSetOptions.requireMatching(connection, 1, scale);
        }
        status = CheckCommand.check(settings, info, threads, out);
      }
    } finally {
      out.println("quickstart: cleanup");
      new DataSetCleaner(settings, threads).cleanup(1);
    }
    out.flush();
    return status;
  }
}
