package org.tpccpg.driver.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.run.SpecConfig;
import org.tpccpg.driver.spec.SpecKinds;
import org.tpccpg.driver.spec.TerminalTimes;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options of {@code run --spec}: TPC-C terminals with keying and think times, deferred Delivery
 * and a constraints verdict (docs/spec-mode.md). Two are test settings that make the run no TPC-C
 * run, and say so: {@code --spec-warehouses} and {@code --spec-limit}.
 */
final class SpecOptions {
  @Option(
      names = "--spec",
      description =
          "Spec mode: 10 terminals per warehouse, each bound to its home warehouse and district,"
              + " keying and thinking as TPC-C 5.2.5 asks; transactions run on --pool-size"
              + " connections (else --threads), Delivery deferred; a verdict on TPC-C 5.2.5.3's"
              + " response-time limits and 5.2.3's mix at the end, with tpmC and the efficiency.")
  boolean spec;

  @Option(
      names = "--keying-multiplier",
      paramLabel = "X",
      defaultValue = "1",
      description =
          "--spec: factor on every keying time; other than 1 is not a TPC-C result (default"
              + " ${DEFAULT-VALUE}).")
  double keyingMultiplier;

  @Option(
      names = "--think-multiplier",
      paramLabel = "X",
      defaultValue = "1",
      description =
          "--spec: factor on every mean think time; other than 1 is not a TPC-C result (default"
              + " ${DEFAULT-VALUE}).")
  double thinkMultiplier;

  @Option(
      names = "--delivery-executors",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "--spec: background threads running the deferred Deliveries, sharing the pool (default"
              + " ${DEFAULT-VALUE}).")
  int deliveryExecutors;

  @Option(
      names = "--spec-warehouses",
      paramLabel = "W",
      defaultValue = "0",
      description =
          "--spec, a test setting: run W warehouses' terminals (10 W) whatever the data set's"
              + " size, home warehouses wrapping around the loaded ones; not a TPC-C result. 0:"
              + " the data set's warehouses (default ${DEFAULT-VALUE}). Not with --warehouses.")
  int warehouses;

  @Option(
      names = "--spec-limit",
      paramLabel = "KIND=SECONDS",
      description =
          "--spec, a test setting: another 90th-percentile limit for new_order, payment,"
              + " order_status, delivery, stock_level or delivery_deferred (5, 5, 5, 5, 20 and"
              + " 80 s by TPC-C 5.2.5.3); repeatable; not a TPC-C result.")
  Map<String, String> limits = new LinkedHashMap<>();

  /** The options that mean something only with {@code --spec}. */
  private static final List<String> SPEC_ONLY =
      List.of(
          "--keying-multiplier",
          "--think-multiplier",
          "--delivery-executors",
          "--spec-warehouses",
          "--spec-limit");

  /**
   * Checks the values and how they combine with {@code run}'s; bad ones are usage errors naming the
   * option and value.
   */
  void validate(CommandLine commandLine, RunOptions run) {
    if (!spec) {
      for (String option : SPEC_ONLY) {
        if (commandLine.getParseResult().hasMatchedOption(option)) {
          throw new ParameterException(commandLine, option + " needs --spec");
        }
      }
      return;
    }
    multiplier(commandLine, "--keying-multiplier", keyingMultiplier);
    multiplier(commandLine, "--think-multiplier", thinkMultiplier);
    if (deliveryExecutors < 1) {
      throw new ParameterException(
          commandLine,
          "--delivery-executors=" + deliveryExecutors + " is invalid: it must be 1 or more");
    }
    if (warehouses < 0) {
      throw new ParameterException(
          commandLine, "--spec-warehouses=" + warehouses + " is invalid: it must be 0 or more");
    }
    limitSeconds(commandLine);
    refuse(commandLine, run.events != 0, "--events=" + run.events);
    refuse(commandLine, run.rate != 0, "--rate=" + run.rate);
    refuse(commandLine, run.enablePurge, "--enable-purge=yes");
    refuse(commandLine, run.sysbenchCompat, "--sysbench-compat=on");
    refuse(commandLine, run.reconnectPerTransaction, "-C");
    if (!run.sysbenchOnly.reportCheckpoints(commandLine).isEmpty()) {
      throw new ParameterException(
          commandLine,
          "--report-checkpoints="
              + run.sysbenchOnly.reportCheckpoints
              + " and --spec exclude each other: spec mode reports one measurement interval"
              + " (TPC-C 5.5), which sysbench's checkpoints would cut into windows");
    }
    if (run.forcedShutdownSeconds(commandLine) != RunConfig.NO_FORCED_SHUTDOWN) {
      throw new ParameterException(
          commandLine,
          "--forced-shutdown="
              + run.forcedShutdown
              + " and --spec exclude each other: sysbench's forced shutdown is not part of spec"
              + " mode, whose measurement interval ends on its own");
    }
  }

  private static void refuse(CommandLine commandLine, boolean given, String option) {
    if (given) {
      throw new ParameterException(
          commandLine,
          option
              + " and --spec exclude each other: in spec mode the terminals' keying and think"
              + " times set the pace, TPC-C's mix and transactions");
    }
  }

  private static void multiplier(CommandLine commandLine, String option, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new ParameterException(
          commandLine, option + "=" + value + " is invalid: it must be a number >= 0");
    }
  }

  /** The limits, specified ones replaced by {@code --spec-limit}'s, in kind order. */
  List<Double> limitSeconds(CommandLine commandLine) {
    List<Double> result = new ArrayList<>(SpecConfig.SPECIFIED_LIMITS);
    for (Map.Entry<String, String> e : limits.entrySet()) {
      int kind = SpecKinds.KINDS.indexOf(e.getKey());
      String given = "--spec-limit " + e.getKey() + "=" + e.getValue();
      if (kind < 0) {
        throw new ParameterException(
            commandLine,
            given + " is invalid: the kind must be one of " + String.join(", ", SpecKinds.KINDS));
      }
      double seconds;
      try {
        seconds = Double.parseDouble(e.getValue());
      } catch (NumberFormatException notNumber) {
        seconds = Double.NaN;
      }
      if (!(seconds > 0) || Double.isInfinite(seconds)) {
        throw new ParameterException(
            commandLine, given + " is invalid: the limit must be a number of seconds above 0");
      }
      result.set(kind, seconds);
    }
    return result;
  }

  /**
   * The settings, for {@code homeWarehouses} (the data set's, or those of the {@code --warehouses}
   * range in every set) of {@code dataSet}, after a ramp-up of {@code rampUpSeconds}; after {@link
   * #validate}.
   */
  SpecConfig config(
      CommandLine commandLine, int homeWarehouses, long rampUpSeconds, SpecConfig.DataSet dataSet) {
    return new SpecConfig(
        new TerminalTimes(keyingMultiplier, thinkMultiplier),
        warehouses == 0 ? homeWarehouses : warehouses,
        homeWarehouses,
        deliveryExecutors,
        limitSeconds(commandLine),
        rampUpSeconds,
        dataSet);
  }
}
