package org.tpccpg.driver.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
import org.tpccpg.driver.report.IntervalListener;
import org.tpccpg.driver.report.LinePrinter;
import org.tpccpg.driver.report.Reporter;
import org.tpccpg.driver.report.SysbenchHistogramBlock;
import org.tpccpg.driver.report.SysbenchReportLine;
import org.tpccpg.driver.report.SysbenchSummary;
import org.tpccpg.driver.report.Ticker;
import org.tpccpg.driver.report.TransactionTable;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.RunResults;

/**
 * A timed TPC-C run, as sysbench runs tpcc.lua: the worker threads, the reporter printing a line
 * every interval, and the summary at the end. {@link #requestStop()} (Ctrl-C) ends the run early;
 * the summary then covers the time actually run.
 *
 * <p>With {@link RunResults}, every interval is also recorded there (every {@link
 * ResultsFiles#INTERVAL_SECONDS_WITHOUT_REPORTS} seconds when no report lines are asked for), and
 * the summary is written there too before {@link #run()} returns.
 */
public final class TpccRun {
  private final RunConfig config;
  private final ConnectionFactory connections;
  private final PrintWriter out;
  private final RunResults results; // null: the run keeps no results files
  private final RunControl control;
  private final long startNanos;
  private volatile boolean stopRequested;

  public TpccRun(RunConfig config, ConnectionFactory connections, PrintWriter out) {
    this(config, connections, out, null);
  }

  /**
   * A run that records its intervals and summary in {@code results}, which it closes at the end.
   */
  public TpccRun(
      RunConfig config, ConnectionFactory connections, PrintWriter out, RunResults results) {
    this.config = config;
    this.connections = connections;
    this.out = out;
    this.results = results;
    this.startNanos = System.nanoTime();
    long limit = config.timeSeconds() == 0 ? 0 : config.timeSeconds() + config.warmupSeconds();
    this.control =
        new RunControl(
            limit == 0 ? startNanos + Long.MAX_VALUE : startNanos + TimeUnit.SECONDS.toNanos(limit),
            config.events());
  }

  /** Stops the workers after their current transaction. Safe from any thread. */
  public void requestStop() {
    stopRequested = true;
    control.requestStop();
  }

  /**
   * Runs to the end, prints the summary and writes the results files.
   *
   * @return the error that stopped the run (or, failing that, the results files), or null when it
   *     ran its course or was stopped
   */
  public Throwable run() throws InterruptedException {
    if (config.connectionMode() != ConnectionMode.POOLED) {
      return runWith(connections);
    }
    try (ConnectionPool pool =
        ConnectionPool.start(connections, config.poolSize(), config.isolation())) {
      return runWith(pool);
    }
  }

  private Throwable runWith(ConnectionFactory connections) throws InterruptedException {
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
    OutageMonitor outages =
        new OutageMonitor(
            startNanos, () -> counters.stream().mapToLong(c -> c.totals().events()).sum());
    Workers workers = workers(connections, runConstants, counters, latencies, outages);
    Reporter reporter = reporter(sampler);
    out.println("Threads started!");
    out.println();
    out.flush();
    workers.threads().forEach(Thread::start);
    reporter.start();
    outages.start();
    try {
      for (Thread worker : workers.threads()) {
        worker.join();
      }
    } finally {
      control.requestStop();
      reporter.stop();
      outages.stop();
    }
    RunTotals totals = sampler.totals(System.nanoTime(), config.warehouses());
    printSummary(totals);
    printConnectionTime(totals, workers.connects());
    printFailures(workers.errors(), outages);
    Throwable fatal = control.fatalError();
    IOException resultsFailure = recordSummary(totals, fatal, outages);
    return fatal != null ? fatal : resultsFailure;
  }

  /** The worker threads, not yet started, with each one's error tally and connection times. */
  private record Workers(
      List<Thread> threads, List<ErrorTally> errors, List<ConnectionTimes> connects) {}

  private Workers workers(
      ConnectionFactory connections,
      NuRandConstants runConstants,
      List<ThreadCounters> counters,
      LatencyRecorders latencies,
      OutageMonitor outages) {
    Workers workers = new Workers(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (int i = 0; i < config.threads(); i++) {
      ErrorTally tally = new ErrorTally();
      workers.errors().add(tally);
      ConnectionTimes times = new ConnectionTimes();
      workers.connects().add(times);
      Terminal.Sinks sinks = new Terminal.Sinks(latencies, counters.get(i), tally, outages, times);
      Terminal terminal = new Terminal(i + 1, config, connections, runConstants, sinks, control);
      workers.threads().add(new Thread(terminal, "tpcc-worker-" + (i + 1)));
    }
    return workers;
  }

  private Reporter reporter(IntervalSampler sampler) {
    List<IntervalListener> listeners = new ArrayList<>();
    int interval = config.reportIntervalSeconds();
    if (results != null) {
      listeners.add(results); // first: the file has every line that was printed
      interval = interval == 0 ? ResultsFiles.INTERVAL_SECONDS_WITHOUT_REPORTS : interval;
    }
    if (config.reportIntervalSeconds() > 0) {
      listeners.add(new LinePrinter(reportFormat(), out));
    }
    return new Reporter(
        sampler,
        listeners,
        startNanos,
        TimeUnit.SECONDS.toNanos(config.warmupSeconds()),
        TimeUnit.SECONDS.toNanos(interval),
        Ticker.SYSTEM);
  }

  /** Writes summary.json and closes the files; returns what went wrong, or null. */
  private IOException recordSummary(RunTotals totals, Throwable fatal, OutageMonitor outages) {
    if (results == null) {
      return null;
    }
    try (RunResults closing = results) {
      closing.writeSummary(totals, stopRequested, fatal, outages.outages());
    } catch (IOException e) {
      String why = e.getMessage() == null ? e.toString() : e.getMessage();
      return new IOException("writing the results files failed: " + why, e);
    }
    return null;
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

  /**
   * With a connection per transaction, pgbench's two lines: the average time to open one, and the
   * transaction rate over the whole measured time, which includes the connecting. With a pool, the
   * average wait to borrow a connection.
   */
  private void printConnectionTime(RunTotals totals, List<ConnectionTimes> connects) {
    if (config.connectionMode() == ConnectionMode.POOLED) {
      out.println();
      out.printf(
          Locale.ROOT,
          "average wait for a pooled connection = %.3f ms (%d threads sharing %d connections)%n",
          ConnectionTimes.averageMillis(connects),
          config.threads(),
          config.poolSize());
    }
    if (config.connectionMode() != ConnectionMode.PER_TRANSACTION) {
      return;
    }
    double tps = totals.counters().total().events() / totals.elapsedSeconds();
    out.println();
    out.printf(
        Locale.ROOT,
        "average connection time = %.3f ms%n",
        ConnectionTimes.averageMillis(connects));
    out.printf(Locale.ROOT, "tps = %.6f (including reconnection times)%n", tps);
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
