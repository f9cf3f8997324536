package org.tpccpg.driver.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** pgbench's benchmarking options. */
final class TpcbRunOptions {
  @Option(
      names = {"-b", "--builtin"},
      paramLabel = "NAME[@W]",
      description = "Add builtin script tpcb-like, simple-update or select-only, weight W.")
  List<String> builtins = new ArrayList<>();

  @Option(
      names = {"-N", "--skip-some-updates"},
      description = "Same as -b simple-update.")
  boolean simpleUpdate;

  @Option(
      names = {"-S", "--select-only"},
      description = "Same as -b select-only.")
  boolean selectOnly;

  @Option(
      names = {"-c", "--client"},
      paramLabel = "NUM",
      description = "Concurrent clients, one connection each (default 1).")
  String clients;

  @Option(
      names = {"-C", "--connect"},
      description = "Open a new connection for each transaction.")
  boolean connect;

  @Option(
      names = {"-j", "--jobs"},
      paramLabel = "NUM",
      description = "pgbench's threads; accepted and reported, every client has its own thread.")
  String jobs;

  @Option(
      names = {"-M", "--protocol"},
      paramLabel = "simple|extended|prepared",
      description = "Query protocol (default simple); see docs/tpcb.md for the PgJDBC mapping.")
  String protocol;

  @Option(
      names = {"-P", "--progress"},
      paramLabel = "NUM",
      description = "Print a progress line every NUM seconds.")
  String progress;

  @Option(
      names = {"-r", "--report-per-command", "--report-latencies"},
      description = "Report the average latency of each command.")
  boolean perCommand;

  @Option(
      names = {"-t", "--transactions"},
      paramLabel = "NUM",
      description = "Transactions per client (default 10).")
  String transactions;

  @Option(
      names = {"-T", "--time"},
      paramLabel = "NUM",
      description = "Duration in seconds.")
  String time;

  @Option(
      names = {"-v", "--vacuum-all"},
      description = "Also vacuum pgbench_accounts before the run.")
  boolean vacuumAll;

  @Option(
      names = "--random-seed",
      paramLabel = "SEED",
      description = "Random seed: time (default), rand, or an unsigned integer.")
  String randomSeed;

  @Option(
      names = {"-R", "--rate"},
      paramLabel = "NUM",
      description = "Target rate in transactions per second (Poisson schedule per client).")
  String rate;

  @Option(
      names = {"-L", "--latency-limit"},
      paramLabel = "NUM",
      description = "Count transactions lasting more than NUM ms as late; with -R, skip them.")
  String latencyLimit;

  @Option(
      names = "--max-tries",
      paramLabel = "NUM",
      description = "Tries of a transaction failing with 40001/40P01 (default 1; 0 = unlimited).")
  String maxTries;

  @Option(names = "--failures-detailed", description = "Report failures by type.")
  boolean failuresDetailed;

  @Option(
      names = "--verbose-errors",
      description = "Print the message of every error, retried or not (pgbench's wording).")
  boolean verboseErrors;

  @Option(
      names = "--progress-timestamp",
      description = "With -P, progress lines show the Unix epoch time instead of the elapsed time.")
  boolean progressTimestamp;

  @Option(
      names = "--exit-on-abort",
      description =
          "End the whole run at the first aborted client, a lost connection included, with no"
              + " closing block and exit code 2 (pgbench 17).")
  boolean exitOnAbort;

  @Option(
      names = "--continue-on-error",
      description =
          "A transaction that gets an SQL error other than a serialization failure or deadlock"
              + " rolls back and counts as failed, and the client goes on (pgbench 19).")
  boolean continueOnError;

  @Option(
      names = {"-l", "--log"},
      description = "Write each transaction (or each interval) to pgbench_log.<pid>[.<thread>].")
  boolean log;

  @Option(
      names = "--sampling-rate",
      paramLabel = "NUM",
      description = "Fraction of transactions to log (e.g., 0.01 for 1%%).")
  String samplingRate;

  @Option(
      names = "--log-prefix",
      paramLabel = "PREFIX",
      description = "Prefix of the log files (default pgbench_log).")
  String logPrefix;

  @Option(
      names = {"-f", "--file"},
      paramLabel = "FILENAME[@W]",
      description = "Add a script read from FILENAME ('-' for stdin), weight W; see docs/tpcb.md.")
  List<String> files = new ArrayList<>();

  @Option(
      names = {"-D", "--define"},
      paramLabel = "VARNAME=VALUE",
      description = "Define a variable for custom scripts.")
  List<String> defines = new ArrayList<>();

  @Option(
      names = "--aggregate-interval",
      paramLabel = "NUM",
      description = "With -l, one log line per NUM seconds instead of one per transaction.")
  String aggregateInterval;

  @Option(
      names = "--results",
      paramLabel = "DIR",
      description =
          "Record every interval (intervals.jsonl, one <script>.hlog per script) and"
              + " summary.json in DIR, created if needed (not a pgbench option). Runs with -T"
              + " of an hour or more record by default into results/<UTC time>-tpcb-run/. Without"
              + " -P intervals are recorded every 10 s.")
  Path results;

  @Mixin MonitoringOptions monitoring = new MonitoringOptions();

  /** Whether any option that only a run accepts was given. */
  boolean anyGiven() {
    return monitoring.anyGiven()
        || !builtins.isEmpty()
        || !files.isEmpty()
        || !defines.isEmpty()
        || simpleUpdate
        || selectOnly
        || clients != null
        || connect
        || jobs != null
        || protocol != null
        || progress != null
        || perCommand
        || transactions != null
        || time != null
        || vacuumAll
        || randomSeed != null
        || rate != null
        || latencyLimit != null
        || maxTries != null
        || failuresDetailed
        || exitOnAbort
        || continueOnError
        || log
        || samplingRate != null
        || logPrefix != null
        || aggregateInterval != null
        || results != null;
  }
}
