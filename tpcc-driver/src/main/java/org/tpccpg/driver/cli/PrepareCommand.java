package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.tpccpg.core.schema.StorageOptions;
import org.tpccpg.core.schema.TpccSchema;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.load.LoadOutput;
import org.tpccpg.loader.LoadConfig;
import org.tpccpg.loader.LoadProgress;
import org.tpccpg.loader.LoadReport;
import org.tpccpg.loader.TpccLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code prepare}: creates and loads the TPC-C table sets, as sysbench-tpcc's command does. */
@Command(
    name = "prepare",
    mixinStandardHelpOptions = true,
    description = {
      "Creates and loads the TPC-C table sets: tables, then rows by COPY over --threads"
          + " connections, then primary keys, indexes, foreign keys (--use-fk) and VACUUM ANALYZE."
    })
final class PrepareCommand implements Callable<Integer> {
  private static final int RELATIONS_PER_SET =
      new TpccSchema(StorageOptions.NONE).relationNames(1).size();

  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;
  @Mixin private ConnectionOptions connection;
  @Mixin private DataSetOptions dataSet;
  @Mixin private RunOptions run;
  @Mixin private SpecOptions specMode; // accepted, as sysbench accepts every option everywhere

  @Option(
      names = "--force",
      description = "Replace an existing data set instead of refusing to load over it.")
  private boolean force;

  @Option(
      names = "--max-tables",
      paramLabel = "N",
      defaultValue = "1000",
      description =
          "Refuse --tables above N (default ${DEFAULT-VALUE}): each table set is two dozen"
              + " relations, and a mistyped --tables=100000 would fill the catalog for hours. Raise it if"
              + " you mean it.")
  private int maxTables;

  @Override
  public Integer call() throws Exception {
    ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
    LoadConfig config = dataSet.loadConfig(spec.commandLine(), parent.environment(), force);
    DataSetOptions.atLeastOne(spec.commandLine(), "--max-tables", maxTables);
    if (config.tableSets() > maxTables) {
      throw new ParameterException(
          spec.commandLine(),
          "--tables="
              + config.tableSets()
              + " is more than --max-tables="
              + maxTables
              + " table sets ("
              + (long) RELATIONS_PER_SET * config.tableSets()
              + " tables and indexes); pass --max-tables="
              + config.tableSets()
              + " if you mean it");
    }
    run.validate(spec.commandLine());
    PrintWriter out = spec.commandLine().getOut();
    out.println(
        "prepare: "
            + config.tableSets()
            + " table set(s) x "
            + config.warehousesPerSet()
            + " warehouse(s), "
            + config.threads()
            + " thread(s), foreign keys "
            + (config.foreignKeys() ? "on" : "off")
            + ", seed "
            + config.seed()
            + ", on "
            + settings);
    out.flush();
    return prepare(settings, config, out);
  }

  static int prepare(ConnectionSettings settings, LoadConfig config, PrintWriter out)
      throws Exception {
    LoadProgress progress = new LoadProgress(config.tableSets(), config.warehousesPerSet());
    // Ctrl-C ends the JVM in the middle of the load: say what is left, since nothing else will.
    Thread interrupted =
        new Thread(
            () -> {
              out.println();
              out.println(
                  "prepare: interrupted; table sets 1.."
                      + config.tableSets()
                      + " are incomplete (recorded as 'loading' in tpcc_metadata): run cleanup");
              out.flush();
            },
            "tpcc-prepare-interrupted");
    Runtime.getRuntime().addShutdownHook(interrupted);
    try (LoadOutput output = LoadOutput.start(out, progress, System.console() != null)) {
      LoadReport report = new TpccLoader(settings, output).prepare(config, progress);
      output.finished(report);
    } finally {
      removeHook(interrupted);
    }
    return 0;
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // Already shutting down: the hook is running or has run.
    }
  }

  static String seconds(Duration duration) {
    return String.format(java.util.Locale.ROOT, "%.1fs", duration.toNanos() / 1e9);
  }
}
