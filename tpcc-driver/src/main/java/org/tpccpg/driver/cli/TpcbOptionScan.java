package org.tpccpg.driver.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.tpcb.BuiltinScript;
import org.tpccpg.driver.tpcb.CustomScriptFile;
import org.tpccpg.driver.tpcb.InitStep;
import org.tpccpg.driver.tpcb.PgbenchLimits;
import org.tpccpg.driver.tpcb.PgbenchNumbers;
import org.tpccpg.driver.tpcb.PgbenchVersion;
import org.tpccpg.driver.tpcb.WeightedScript;
import org.tpccpg.driver.tpcb.script.Variables;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The options in command-line order, each checked when it comes as pgbench's getopt loop checks it:
 * so {@code -c three -b list} fails on {@code -c}, {@code -F 1} gets the range error before the
 * mode error, and every {@code -S}, {@code -b} or {@code -f} adds a script (at most 128). Options
 * may be repeated as in pgbench; the last value counts.
 */
final class TpcbOptionScan {
  /** pgbench's MAX_SCRIPTS. */
  static final int MAX_SCRIPTS = 128;

  private static final int MAX = Integer.MAX_VALUE;

  private final List<WeightedScript> scripts = new ArrayList<>();
  private final Variables defined = new Variables();
  private String listing;
  private boolean benchmarkingOption;
  private boolean initializationOption;
  private boolean syncPipeline = true;

  private TpcbOptionScan() {}

  /**
   * Scans {@code parsed}.
   *
   * @throws IllegalArgumentException with pgbench's message for the first bad option
   */
  static TpcbOptionScan scan(ParseResult parsed) {
    TpcbOptionScan scan = new TpcbOptionScan();
    // \syncpipeline is 17's: before it, an invalid command in a script (a bad version is refused
    // later with its own message)
    String version = parsed.matchedOptionValue("--pgbench-version", null);
    try {
      scan.syncPipeline = version == null || PgbenchVersion.of(version).major() >= 17;
    } catch (IllegalArgumentException e) {
      scan.syncPipeline = true;
    }
    Map<OptionSpec, Integer> seen = new HashMap<>();
    for (ArgSpec arg : parsed.matchedArgs()) {
      if (arg instanceof OptionSpec option) {
        int occurrence = seen.merge(option, 1, Integer::sum) - 1;
        List<String> values = option.originalStringValues();
        String value =
            option.arity().max() == 0 || occurrence >= values.size()
                ? null
                : values.get(occurrence);
        scan.option(option.longestName(), value);
        if (scan.listing != null) {
          break; // pgbench exits at -b list and --show-script
        }
      }
    }
    return scan;
  }

  /** The scripts of -b, -f, -N and -S in command-line order; empty when none was given. */
  List<WeightedScript> scripts() {
    return scripts;
  }

  /** What {@code -b list} or {@code --show-script} prints on stderr before exiting 0, or null. */
  String listing() {
    return listing;
  }

  /** Whether an option that only a run accepts was given (pgbench's benchmarking_option_set). */
  boolean benchmarkingOption() {
    return benchmarkingOption;
  }

  /** Whether an option that only -i accepts was given (pgbench's initialization_option_set). */
  boolean initializationOption() {
    return initializationOption;
  }

  private void option(String name, String value) {
    switch (name) {
      case "--init-steps" -> initialization(() -> InitStep.parse(value));
      case "--fillfactor" ->
          initialization(() -> PgbenchNumbers.parseInt("-F/--fillfactor", value, 10, 100));
      case "--partitions" ->
          initialization(() -> PgbenchNumbers.parseInt("--partitions", value, 0, MAX));
      case "--partition-method" -> initialization(() -> TpcbInvocation.partitionMethod(value));
      case "--quiet", "--unlogged-tables", "--tablespace", "--index-tablespace", "--foreign-keys" ->
          initializationOption = true;
      case "--scale" -> PgbenchNumbers.parseInt("-s/--scale", value, 1, MAX);
      case "--transactions" -> number("-t/--transactions", value);
      case "--time" -> number("-T/--time", value);
      case "--client" -> number("-c/--clients", value);
      case "--jobs" -> number("-j/--jobs", value);
      case "--progress" -> number("-P/--progress", value);
      case "--aggregate-interval" -> number("--aggregate-interval", value);
      case "--builtin" -> {
        if ("list".equals(value)) {
          listing = BuiltinScript.listing();
        } else {
          script(WeightedScript.parse(value));
        }
      }
      case "--select-only" -> script(new WeightedScript(BuiltinScript.SELECT_ONLY, 1));
      case "--skip-some-updates" -> script(new WeightedScript(BuiltinScript.SIMPLE_UPDATE, 1));
      case "--file" -> script(CustomScriptFile.read(value, syncPipeline));
      case "--define" -> benchmarking(() -> defined.define(value));
      case "--protocol" -> benchmarking(() -> StatementMode.parsePgbench(value));
      case "--rate" -> benchmarking(() -> PgbenchLimits.rate(value));
      case "--latency-limit" -> benchmarking(() -> PgbenchLimits.latencyLimit(value));
      case "--sampling-rate" -> benchmarking(() -> PgbenchLimits.samplingRate(value));
      case "--max-tries" -> benchmarking(() -> PgbenchLimits.maxTries(value));
      case "--random-seed" -> benchmarking(() -> PgbenchNumbers.parseSeed(value, 0));
      case "--show-script" ->
          listing =
              "list".equals(value)
                  ? BuiltinScript.listing()
                  : BuiltinScript.find(value).listingOfCommands();
      case "--vacuum-all",
          "--report-per-command",
          "--connect",
          "--log",
          "--log-prefix",
          "--progress-timestamp",
          "--failures-detailed",
          "--verbose-errors",
          "--exit-on-abort",
          "--continue-on-error",
          "--results",
          "--server-stats",
          "--metrics-port",
          "--metrics-bind" ->
          benchmarkingOption = true;
      default -> {
        // -i, -n, -d, -h, -p, -U, --check, --verbose: checked later or not at all, as in pgbench
      }
    }
  }

  private void number(String option, String value) {
    benchmarking(() -> PgbenchNumbers.parseInt(option, value, 1, MAX));
  }

  private void benchmarking(Runnable check) {
    check.run();
    benchmarkingOption = true;
  }

  private void initialization(Runnable check) {
    check.run();
    initializationOption = true;
  }

  private void script(WeightedScript script) {
    if (scripts.size() >= MAX_SCRIPTS) {
      throw new IllegalArgumentException("at most " + MAX_SCRIPTS + " SQL scripts are allowed");
    }
    scripts.add(script);
    benchmarkingOption = true;
  }
}
