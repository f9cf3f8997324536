package org.tpccpg.driver.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.results.EffectiveConfig;

/** The lines a TPC-C run prints before its clients start; it prints nothing else. */
final class TpccHeader {
  private TpccHeader() {}

  /**
   * Every value the run uses, defaults included, as summary.json's {@code "config"} records them;
   * the password masked. Before sysbench's lines, which parsers look for.
   */
  static void printEffectiveConfig(PrintWriter out, RunConfig config, ConnectionSettings settings) {
    out.println("Effective configuration:");
    EffectiveConfig.lines(EffectiveConfig.of(config, settings.connectionTarget()))
        .forEach(out::println);
    out.println(ClientThreads.verboseLine());
    out.println();
  }

  /** sysbench's opening lines, which log parsers look for. */
  static void print(PrintWriter out, RunConfig config, Path resultsDir) {
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
    if (config.rate() > 0) {
      out.println("Target transaction rate: " + rate(config.rate()) + "/sec");
    }
    if (config.reportIntervalSeconds() > 0) {
      out.println(
          "Report intermediate results every " + config.reportIntervalSeconds() + " second(s)");
    }
    if (!config.reportCheckpoints().isEmpty()) {
      out.println(config.reportCheckpoints().header());
    }
    if (config.warmupSeconds() > 0) {
      out.println("Warmup time: " + config.warmupSeconds() + "s");
    }
    if (config.log().debug()) {
      out.println("Debug mode enabled.");
      out.println();
    }
    if (config.log().validate()) {
      out.println("Validation checks: on.");
      out.println();
    }
    out.println("Initializing random number generator from seed (" + config.seed() + ").");
    out.println(nuRandLine(config));
    if (resultsDir != null) {
      out.println("Recording results in " + resultsDir);
    }
    if (config.forcedShutdown()) {
      long seconds = config.timeSeconds() + config.warmupSeconds() + config.forcedShutdownSeconds();
      out.println("Forcing shutdown in " + seconds + " seconds");
    }
    out.println();
    out.println();
    out.println("Initializing worker threads...");
    out.println();
    out.flush();
  }

  /** sysbench's rate is a whole number; ours may have a fraction, shown only when there is one. */
  private static String rate(double perSecond) {
    return perSecond == Math.rint(perSecond)
        ? Long.toString((long) perSecond)
        : Double.toString(perSecond);
  }

  /** The run's NURand constants C and the load's (TPC-C 2.1.6.1), or sysbench's way. */
  private static String nuRandLine(RunConfig config) {
    if (config.shape().sysbenchCompat()) {
      return "NURand C: drawn again on every call, as sysbench-tpcc does (--sysbench-compat)";
    }
    NuRandConstants run = config.runConstants();
    return "NURand C for this run: C_LAST="
        + run.cLast()
        + " C_ID="
        + run.cId()
        + " OL_I_ID="
        + run.orderLineItemId()
        + (config.dataSet().loadConstantsKnown()
            ? " (C_LAST at load: " + config.dataSet().loadConstants().cLast()
            : " (C_LAST at load unknown: drawn freely")
        + "; TPC-C 2.1.6.1)";
  }

  /** Spec mode's lines after sysbench's header: terminals, times, and what is not TPC-C. */
  static void printSpec(PrintWriter out, RunConfig config, SpecConfig s) {
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
}
