package org.tpccpg.driver.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.tpccpg.driver.config.ReportCheckpoints;
import org.tpccpg.driver.config.SysbenchLog;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * sysbench's options that a pasted sysbench-tpcc command line may carry and that change nothing
 * here, accepted so that the line works: the deprecated aliases (applied by {@link
 * SysbenchAliases}), the random-number options (sysbench-tpcc only ever draws uniformly, so they
 * change nothing in sysbench either), the debugging and logging switches, and tpcc.lua's MySQL
 * options. Their values are checked as sysbench checks them; a value that would change what a run
 * does, but that this tool does not reproduce, is refused in one line. See docs/tpcc.md, "sysbench
 * options that change nothing".
 */
final class SysbenchOnlyOptions {
  private static final List<String> DISTRIBUTIONS =
      List.of("uniform", "gaussian", "special", "pareto", "zipfian");
  private static final Pattern SIZE = Pattern.compile("\\d+[KkMmGgTt]?");

  @Option(
      names = "--num-threads",
      paramLabel = "N",
      description = "Deprecated alias for --threads (sysbench 1.0.20): above 1 it replaces it.")
  Long numThreads;

  @Option(
      names = "--max-requests",
      paramLabel = "N",
      description = "Deprecated alias for --events (sysbench 1.0.20): above 0 it replaces it.")
  Long maxRequests;

  @Option(
      names = "--max-time",
      paramLabel = "SECONDS",
      description = "Deprecated alias for --time (sysbench 1.0.20): above 0 it replaces it.")
  Long maxTime;

  @Option(
      names = "--tx-rate",
      paramLabel = "TPS",
      description = "Deprecated alias for --rate (sysbench 1.0.20): above 0 it replaces it.")
  Long txRate;

  @Option(
      names = "--rand-type",
      paramLabel = "TYPE",
      description =
          "sysbench's default distribution (uniform, gaussian, special, pareto, zipfian);"
              + " sysbench-tpcc draws uniformly whatever it says, and so does this tool.")
  String randomType;

  @Option(
      names = "--rand-spec-iter",
      paramLabel = "N",
      description = "sysbench's 'special' distribution; no effect (see --rand-type).")
  Integer specialIterations;

  @Option(
      names = "--rand-spec-pct",
      paramLabel = "N",
      description = "sysbench's 'special' distribution; no effect (see --rand-type).")
  Integer specialPercent;

  @Option(
      names = "--rand-spec-res",
      paramLabel = "N",
      description = "sysbench's 'special' distribution; no effect (see --rand-type).")
  Integer specialResult;

  @Option(
      names = "--rand-pareto-h",
      paramLabel = "X",
      description = "sysbench's pareto distribution; no effect (see --rand-type).")
  Double paretoH;

  @Option(
      names = "--rand-zipfian-exp",
      paramLabel = "X",
      description = "sysbench's zipfian distribution; no effect (see --rand-type).")
  Double zipfianExponent;

  @Option(
      names = "--debug",
      paramLabel = "on|off",
      arity = "0..1",
      fallbackValue = "on",
      converter = SysbenchBoolean.class,
      description =
          "sysbench's debug output: --verbosity=5, 'Debug mode enabled.' and per-thread"
              + " statistics.")
  Boolean debug;

  @Option(
      names = "--validate",
      paramLabel = "on|off",
      arity = "0..1",
      fallbackValue = "on",
      converter = SysbenchBoolean.class,
      description =
          "sysbench's validation checks, which tpcc.lua does not use: 'Validation checks: on.'")
  Boolean validateChecks;

  @Option(
      names = "--db-debug",
      paramLabel = "on|off",
      arity = "0..1",
      fallbackValue = "on",
      converter = SysbenchBoolean.class,
      description =
          "sysbench's database debug timers, never started in 1.0.20: zeros at --verbosity=5.")
  Boolean databaseDebug;

  @Option(
      names = "--verbosity",
      paramLabel = "0-5",
      description =
          "sysbench's log level: below 3 run prints only its interval lines, warnings and fatal"
              + " errors, as sysbench-tpcc does.")
  Integer verbosity;

  @Option(
      names = "--thread-stack-size",
      paramLabel = "SIZE",
      description = "sysbench's thread stack size, e.g. 64K; no effect on the JVM's threads.")
  String threadStackSize;

  /** {@code --splittable}: whether it was given as yes. */
  boolean splittable() {
    return Boolean.TRUE.equals(splittable);
  }

  /** {@code --report-checkpoints}, read as sysbench reads it; none when not given. */
  ReportCheckpoints reportCheckpoints(CommandLine commandLine) {
    if (reportCheckpoints == null) {
      return ReportCheckpoints.NONE;
    }
    try {
      return ReportCheckpoints.parse(reportCheckpoints);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          commandLine,
          "--report-checkpoints=" + reportCheckpoints + " is invalid: " + e.getMessage());
    }
  }

  /** {@code --verbosity}, {@code --debug}, {@code --validate} and {@code --db-debug}. */
  SysbenchLog log() {
    return SysbenchLog.of(
        verbosity == null ? SysbenchLog.NOTICE : verbosity,
        Boolean.TRUE.equals(debug),
        Boolean.TRUE.equals(validateChecks),
        Boolean.TRUE.equals(databaseDebug));
  }

  @Option(
      names = "--mysql-storage-engine",
      paramLabel = "ENGINE",
      description = "tpcc.lua's MySQL storage engine; no effect on PostgreSQL, as in sysbench.")
  String mysqlStorageEngine;

  @Option(
      names = "--mysql-table-options",
      paramLabel = "TEXT",
      description = "tpcc.lua's MySQL table options; no effect on PostgreSQL, as in sysbench.")
  String mysqlTableOptions;

  @Option(
      names = "--force-pk",
      paramLabel = "0|1",
      converter = SysbenchBoolean.class,
      description =
          "tpcc.lua's history primary key, MySQL-only: 0 is accepted, 1 (which fails on"
              + " PostgreSQL in sysbench-tpcc) is refused.")
  Boolean forcePrimaryKey;

  @Option(
      names = "--splittable",
      paramLabel = "yes|no",
      converter = SysbenchBoolean.class,
      description =
          "tpcc.lua's START TRANSACTION READ ONLY for Order-Status and Stock-Level (READ WRITE"
              + " for the others), for a proxy that sends reads to replicas (default no).")
  Boolean splittable;

  @Option(
      names = "--report-checkpoints",
      paramLabel = "LIST",
      description =
          "sysbench's full report at each of these seconds (t1,t2,...) of what happened since the"
              + " previous one; the sysbench block at the end then covers the time after the last."
              + " The rest of the closing report and the results files cover the whole run.")
  String reportCheckpoints;

  @Option(
      names = SysbenchConfigFile.OPTION,
      paramLabel = "FILE",
      description =
          "Read options from FILE, one name=value a line (sysbench's format), in this option's"
              + " place: options after it win over the file's.")
  String configFile;

  /** Refuses, naming the option and value, what sysbench would refuse or what is not reproduced. */
  void validate(CommandLine commandLine) {
    if (configFile != null) {
      // SysbenchConfigFile replaces a readable one by its options; this one could not be read
      throw new ParameterException(
          commandLine,
          SysbenchConfigFile.OPTION
              + "="
              + configFile
              + " cannot be read: "
              + (Files.exists(Path.of(configFile)) ? "not a readable file" : "no such file"));
    }
    if (randomType != null && !DISTRIBUTIONS.contains(randomType)) {
      throw new ParameterException(
          commandLine,
          "--rand-type="
              + randomType
              + " is invalid: it must be uniform, gaussian, special, pareto or zipfian");
    }
    if (verbosity != null && (verbosity < 0 || verbosity > SysbenchLog.DEBUG)) {
      throw new ParameterException(
          commandLine, "--verbosity=" + verbosity + " is invalid: it must be between 0 and 5");
    }
    if (threadStackSize != null && !SIZE.matcher(threadStackSize).matches()) {
      throw new ParameterException(
          commandLine,
          "--thread-stack-size="
              + threadStackSize
              + " is invalid: it must be a size such as 65536, 64K or 1M");
    }
    reportCheckpoints(commandLine);
    if (Boolean.TRUE.equals(forcePrimaryKey)) {
      throw new ParameterException(
          commandLine,
          "--force-pk=1 is not supported: tpcc.lua adds it in MySQL's syntax (AUTO_INCREMENT),"
              + " which fails on PostgreSQL; leave it out or give 0");
    }
  }
}
