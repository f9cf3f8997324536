package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.core.ddl.TpccSchema;
import org.tpccpg.core.schema.Distribution;
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

  @Option(
      names = "--only",
      paramLabel = "schema|load|finish",
      description =
          "Scale-out: one step of a prepare split over several drivers (docs/scale-out.md):"
              + " schema creates the tables and the load record; load (implied by --warehouses)"
              + " loads rows, any number at once; finish checks every warehouse is there, then"
              + " builds keys, indexes and foreign keys and analyzes.")
  private String only;

  @Option(
      names = "--load-items",
      description =
          "Scale-out: this range load also loads the item tables (give it to exactly one of them).")
  private boolean loadItems;

  @Option(
      names = "--resume",
      description =
          "Scale-out: load only the warehouses of --warehouses (and with --load-items the items)"
              + " that are not there yet, to complete a range load that was stopped or killed."
              + " Only once that load has ended.")
  private boolean resume;

  @Option(
      names = "--distribute",
      paramLabel = "none|citus",
      defaultValue = "none",
      description =
          "citus: distribute every table by its warehouse column, colocated, item a reference"
              + " table, and leave out the foreign keys Citus refuses (sql/tpcc/citus.sql); give"
              + " it to the schema and finish steps alike (default ${DEFAULT-VALUE}).")
  private String distribute;

  /** The steps of a prepare: all of them, or one of a scale-out prepare. */
  private enum Step {
    ALL,
    SCHEMA,
    LOAD,
    FINISH
  }

  private Step step() {
    boolean ranged = dataSet.warehouses != null;
    Step step;
    if (only == null) {
      step = ranged ? Step.LOAD : Step.ALL;
    } else {
      step =
          switch (only.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "schema" -> Step.SCHEMA;
            case "load" -> Step.LOAD;
            case "finish" -> Step.FINISH;
            default ->
                throw new ParameterException(
                    spec.commandLine(),
                    "--only=" + only + " is invalid: it must be schema, load or finish");
          };
    }
    if (ranged && step != Step.LOAD) {
      throw new ParameterException(
          spec.commandLine(),
          "--warehouses="
              + dataSet.warehouses
              + " loads a range, which --only="
              + only
              + " does not: give --warehouses to the load steps only");
    }
    if (loadItems && step != Step.LOAD) {
      throw new ParameterException(
          spec.commandLine(),
          "--load-items goes with a range load (--warehouses=FROM-TO); a whole prepare loads the"
              + " items anyway");
    }
    if (resume && step != Step.LOAD) {
      throw new ParameterException(
          spec.commandLine(),
          "--resume completes a range load (--warehouses=FROM-TO); a whole prepare or a"
              + " --only=schema or --only=finish step has nothing to resume");
    }
    if (force && (step == Step.LOAD || step == Step.FINISH)) {
      throw new ParameterException(
          spec.commandLine(),
          "--force replaces a data set, which only the schema step (or a whole prepare) does");
    }
    return step;
  }

  private Distribution distribution() {
    try {
      return Distribution.parse(distribute);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), "--distribute=" + distribute + " is invalid: " + e.getMessage());
    }
  }

  @Override
  public Integer call() throws Exception {
    ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
    Distribution distribution = distribution();
    LoadConfig config =
        dataSet.loadConfig(spec.commandLine(), parent.environment(), force, distribution);
    Step step = step();
    WarehouseRange range = dataSet.warehouseRange(spec.commandLine());
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
    if (step != Step.ALL) {
      return scaleOutStep(settings, config, step, range, out);
    }
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

  /** One step of a scale-out prepare, with the same progress and summary lines as a whole one. */
  private int scaleOutStep(
      ConnectionSettings settings,
      LoadConfig config,
      Step step,
      WarehouseRange range,
      PrintWriter out)
      throws Exception {
    String shape =
        config.tableSets()
            + " table set(s) x "
            + config.warehousesPerSet()
            + " warehouse(s)"
            + (config.distribution() == Distribution.NONE
                ? ""
                : ", distributed by " + config.distribution().label());
    LoadProgress progress =
        new LoadProgress(config.tableSets(), step == Step.LOAD ? range.size() : 0, loadItems);
    try (LoadOutput output = LoadOutput.start(out, progress, System.console() != null)) {
      TpccLoader loader = new TpccLoader(settings, output);
      LoadReport report;
      switch (step) {
        case SCHEMA -> {
          out.println(
              "prepare --only=schema: "
                  + shape
                  + ", foreign keys "
                  + (config.foreignKeys() ? "on" : "off")
                  + ", seed "
                  + config.seed()
                  + ", on "
                  + settings);
          out.flush();
          report = loader.prepareSchema(config);
        }
        case LOAD -> {
          out.println(
              "prepare: warehouses "
                  + range
                  + (loadItems ? " and the items" : "")
                  + (resume ? " not loaded yet" : "")
                  + " of "
                  + shape
                  + ", "
                  + config.threads()
                  + " thread(s), seed and NURand C from the load record, on "
                  + settings);
          out.flush();
          report = loadRange(loader, config, range, progress, out);
        }
        default -> {
          out.println("prepare --only=finish: " + shape + ", on " + settings);
          out.flush();
          report = loader.finish(config);
        }
      }
      output.finished(report);
    }
    return 0;
  }

  /** A range load; on Ctrl-C it says that the whole warehouses loaded so far stay, and how on. */
  private LoadReport loadRange(
      TpccLoader loader,
      LoadConfig config,
      WarehouseRange range,
      LoadProgress progress,
      PrintWriter out)
      throws Exception {
    Thread interrupted =
        new Thread(
            () -> {
              out.println();
              out.println(
                  "prepare: interrupted; the warehouses of "
                      + range
                      + " loaded so far stay (each is loaded in one transaction): the same"
                      + " command with --resume loads the rest");
              out.flush();
            },
            "tpcc-prepare-interrupted");
    Runtime.getRuntime().addShutdownHook(interrupted);
    try {
      return loader.loadRange(config, range, loadItems, resume, progress);
    } finally {
      removeHook(interrupted);
    }
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
