package org.tpccpg.driver.run;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.LatencyRecorders;
import org.tpccpg.driver.metrics.RunTotals;
import org.tpccpg.driver.metrics.SysbenchBuckets;
import org.tpccpg.driver.metrics.ThreadCounters;
import org.tpccpg.driver.report.Reporter;
import org.tpccpg.driver.report.SysbenchHistogramBlock;
import org.tpccpg.driver.report.SysbenchReportLine;
import org.tpccpg.driver.report.SysbenchSummary;
import org.tpccpg.driver.report.Ticker;
import org.tpccpg.driver.report.TransactionTable;

/**
 * A timed TPC-C run, as sysbench runs tpcc.lua: the worker threads, the reporter printing a line
 * every interval, and the summary at the end. {@link #requestStop()} (Ctrl-C) ends the run early;
 * the summary then covers the time actually run.
 */
public final class TpccRun {
  private final RunConfig config;
  private final ConnectionFactory connections;
  private final PrintWriter out;
  private final RunControl control;
  private final long startNanos;

  public TpccRun(RunConfig config, ConnectionFactory connections, PrintWriter out) {
    this.config = config;
    this.connections = connections;
    this.out = out;
    this.startNanos = System.nanoTime();
    long limit = config.timeSeconds() == 0 ? 0 : config.timeSeconds() + config.warmupSeconds();
    this.control =
        new RunControl(
            limit == 0 ? startNanos + Long.MAX_VALUE : startNanos + TimeUnit.SECONDS.toNanos(limit),
            config.events());
  }

  /** Stops the workers after their current transaction. Safe from any thread. */
  public void requestStop() {
    control.requestStop();
  }

  /**
   * Runs to the end and prints the summary.
   *
   * @return the error that stopped the run, or null when it ran its course or was stopped
   */
  public Throwable run() throws InterruptedException {
    NuRandConstants runConstants =
        NuRandConstants.forRun(
            config.dataSet().loadConstants(), new TpccRandom(TpccRandom.mix(config.seed(), -1)));
    List<ThreadCounters> counters = new ArrayList<>();
    for (int i = 0; i < config.threads(); i++) {
      counters.add(new ThreadCounters());
    }
    LatencyRecorders latencies = new LatencyRecorders();
    IntervalSampler sampler =
        new IntervalSampler(counters, latencies, config.percentile(), startNanos);
    List<ErrorTally> errors = new ArrayList<>();
    OutageMonitor outages =
        new OutageMonitor(
            startNanos, () -> counters.stream().mapToLong(c -> c.totals().events()).sum());
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < config.threads(); i++) {
      ErrorTally tally = new ErrorTally();
      errors.add(tally);
      Terminal.Sinks sinks = new Terminal.Sinks(latencies, counters.get(i), tally, outages);
      Terminal terminal = new Terminal(i + 1, config, connections, runConstants, sinks, control);
      workers.add(new Thread(terminal, "tpcc-worker-" + (i + 1)));
    }
    Reporter reporter =
        new Reporter(
            sampler,
            reportFormat(),
            out,
            startNanos,
            TimeUnit.SECONDS.toNanos(config.warmupSeconds()),
            TimeUnit.SECONDS.toNanos(config.reportIntervalSeconds()),
            Ticker.SYSTEM);
    out.println("Threads started!");
    out.println();
    out.flush();
    workers.forEach(Thread::start);
    reporter.start();
    outages.start();
    try {
      for (Thread worker : workers) {
        worker.join();
      }
    } finally {
      control.requestStop();
      reporter.stop();
      outages.stop();
    }
    printSummary(sampler.totals(System.nanoTime(), config.warehouses()));
    printFailures(errors, outages);
    return control.fatalError();
  }

  /** What sysbench lacks: failures by cause, retries, and each outage. */
  private void printFailures(List<ErrorTally> errors, OutageMonitor outages) {
    out.println();
    StringBuilder line = new StringBuilder("Errors by cause:");
    for (ErrorCause cause : ErrorCause.values()) {
      line.append(' ')
          .append(cause.label())
          .append(": ")
          .append(ErrorTally.failures(errors, cause))
          .append(cause == ErrorCause.OTHER ? ";" : ",");
    }
    line.append(" retries of the same input: ").append(ErrorTally.retries(errors));
    out.println(line);
    out.print(outages.render());
    out.flush();
  }

  private Function<IntervalSnapshot, String> reportFormat() {
    return config.reportCsv() ? SysbenchReportLine::csv : SysbenchReportLine::text;
  }

  private void printSummary(RunTotals totals) {
    out.println();
    if (config.histogram()) {
      out.print(
          SysbenchHistogramBlock.render(SysbenchBuckets.fromMicros(totals.mergedLatencies())));
      out.println();
    }
    out.print(SysbenchSummary.render(totals));
    out.println();
    out.print(TransactionTable.render(totals));
    out.flush();
  }
}
