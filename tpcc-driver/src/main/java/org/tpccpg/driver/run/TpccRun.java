package org.tpccpg.driver.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.driver.engine.ClientThreads;
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

/**
 * A timed TPC-C run, as sysbench runs tpcc.lua: the worker threads, the reporter printing a line
 * every interval, and the summary at the end. {@link #requestStop()} (Ctrl-C) ends the run early;
 * the summary then covers the time actually run.
 *
 * <p>With a {@link RunRecorder}, every interval is also recorded there (every {@link
 * RunRecorder#intervalSecondsWithoutReports()} seconds when no report lines are asked for), and the
 * summary is written there too before {@link #run()} returns.
 */
public final class TpccRun {
  /**
   * How long past its end (the time limit, Ctrl-C, a fatal error) the run waits for workers to
   * finish their current transaction before it closes their connections under them.
   */
  static final long END_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

  /** How long it then waits for those workers before leaving them behind (they are daemons). */
  static final long ABORT_WAIT_NANOS = TimeUnit.SECONDS.toNanos(2);

  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  private static final long ABORT_POLL_MILLIS = 50;

  private final RunConfig config;
  private final ConnectionFactory connections;
  private final PrintWriter out;
  private final RunControl control;
  private RunRecorder results; // null: the run keeps no results files
  private List<ConnectionOpener.Opened> opened; // with a connection per thread, before the start
  private ConnectionPool pool; // with --pool-size
  private volatile boolean stopRequested;

  public TpccRun(RunConfig config, ConnectionFactory connections, PrintWriter out) {
    this(config, connections, out, null);
  }

  /**
   * A run that records its intervals and summary in {@code results}, which it closes at the end.
   */
  public TpccRun(
      RunConfig config, ConnectionFactory connections, PrintWriter out, RunRecorder results) {
    this.config = config;
    this.connections = connections;
    this.out = out;
    this.results = results;
    long limit = config.timeSeconds() == 0 ? 0 : config.timeSeconds() + config.warmupSeconds();
    this.control = new RunControl(TimeUnit.SECONDS.toNanos(limit), config.events());
  }

  /** Stops the workers after their current transaction. Safe from any thread. */
  public void requestStop() {
    stopRequested = true;
    control.requestStop();
  }

  /**
   * Opens every connection the run needs (one per thread, or the pool's), before any thread starts;
   * {@link #run()} does it too if not done yet. The time limit counts from the start of the
   * threads, after this.
   *
   * @throws TooFewConnections when the server does not admit them all; none stays open
   */
  public void connect() throws SQLException, InterruptedException {
    if (opened != null || pool != null) {
      return;
    }
    if (config.connectionMode() == ConnectionMode.POOLED) {
      pool = ConnectionPool.start(connections, config.poolSize(), config.isolation());
    } else {
      opened = ConnectionOpener.openAll(connections, config.threads());
    }
  }

  /**
   * Records the intervals and the summary in {@code results} too, which the run closes at the end;
   * for a caller that opens the files only once {@link #connect()} succeeded. Before {@link
   * #run()}.
   */
  public void recordResultsIn(RunRecorder results) {
    this.results = results;
  }

  /**
   * Connects if not done yet, runs to the end, prints the summary and writes the results files.
   *
   * @return the error that stopped the run (or, failing that, the results files), or null when it
   *     ran its course or was stopped
   * @throws TooFewConnections when not every connection could be opened: nothing ran
   */
  public Throwable run() throws SQLException, InterruptedException {
    connect();
    if (pool == null) {
      return runWith(connections);
    }
    try (ConnectionPool closing = pool) {
      return runWith(closing);
    }
  }

  private Throwable runWith(ConnectionFactory connections)
      throws SQLException, InterruptedException {
    NuRandConstants runConstants =
        NuRandConstants.forRun(
            config.dataSet().loadConstants(), new TpccRandom(TpccRandom.mix(config.seed(), -1)));
    List<ThreadCounters> counters = new ArrayList<>();
    for (int i = 0; i < config.threads(); i++) {
      counters.add(new ThreadCounters());
    }
    LatencyRecorders latencies = new LatencyRecorders();
    Workers workers = workers(connections, runConstants, counters, latencies);
    long startNanos = System.nanoTime();
    control.begin(startNanos);
    IntervalSampler sampler =
        new IntervalSampler(counters, latencies, config.percentile(), startNanos);
    workers.outages().start(startNanos);
    Reporter reporter = reporter(sampler, startNanos);
    out.println("Threads started!");
    out.println();
    out.flush();
    workers.threads().forEach(Thread::start);
    reporter.start();
    Ending ending;
    try {
      ending = awaitEnd(workers);
    } finally {
      control.requestStop();
      reporter.stop();
      workers.outages().stop();
    }
    RunTotals totals = sampler.totals(System.nanoTime(), config.warehouses());
    printSummary(totals);
    printConnectionTime(totals, workers.connects());
    printFailures(workers.errors(), workers.outages());
    printEnding(ending);
    Throwable fatal = control.fatalError();
    IOException resultsFailure = recordSummary(totals, fatal, workers.outages());
    return fatal != null ? fatal : resultsFailure;
  }

  /**
   * Waits for the workers to end on their own; once the run is {@link #END_GRACE_NANOS} past its
   * end, closes the connections of those still busy (a server that stopped answering leaves them in
   * a socket read) and waits {@link #ABORT_WAIT_NANOS} more at most.
   */
  private Ending awaitEnd(Workers workers) throws InterruptedException {
    for (Thread thread : workers.threads()) {
      while (thread.isAlive()) {
        long graceLeft = control.endNanos() + END_GRACE_NANOS - System.nanoTime();
        if (graceLeft <= 0) {
          return abortBusy(workers);
        }
        TimeUnit.NANOSECONDS.timedJoin(thread, Math.min(graceLeft, POLL_NANOS));
      }
    }
    return new Ending(0, 0);
  }

  private Ending abortBusy(Workers workers) throws InterruptedException {
    control.abortAtEnd();
    long until = System.nanoTime() + ABORT_WAIT_NANOS;
    int aborted = -1;
    int alive;
    do {
      alive = 0;
      for (int i = 0; i < workers.threads().size(); i++) {
        Thread thread = workers.threads().get(i);
        if (thread.isAlive()) {
          alive++;
          workers.terminals().get(i).abort(); // again: it may have connected anew meanwhile
          thread.interrupt();
        }
      }
      aborted = aborted < 0 ? alive : aborted;
      if (alive > 0) {
        TimeUnit.MILLISECONDS.sleep(ABORT_POLL_MILLIS);
      }
    } while (alive > 0 && System.nanoTime() - until < 0);
    int leftBehind = (int) workers.threads().stream().filter(Thread::isAlive).count();
    return new Ending(aborted, leftBehind);
  }

  /**
   * How the workers ended past the run's end.
   *
   * @param aborted workers whose connections the run closed, still waiting for the server
   * @param leftBehind of those, the ones that had not ended even then
   */
  private record Ending(int aborted, int leftBehind) {}

  /** Says so when the run had to close connections under its workers to end. */
  private void printEnding(Ending ending) {
    if (ending.aborted() == 0) {
      return;
    }
    out.printf(
        Locale.ROOT,
        "%d of %d threads were still waiting for the server %.0f s after the end of the run: their"
            + " connections were closed%s%n",
        ending.aborted(),
        config.threads(),
        END_GRACE_NANOS / 1e9,
        ending.leftBehind() == 0
            ? ""
            : String.format(
                Locale.ROOT,
                "; %d did not stop %.0f s later and were left behind",
                ending.leftBehind(),
                ABORT_WAIT_NANOS / 1e9));
    out.flush();
  }

  /** The worker threads, not yet started, with each one's error tally and connection times. */
  private record Workers(
      List<Thread> threads,
      List<Terminal> terminals,
      List<ErrorTally> errors,
      List<ConnectionTimes> connects,
      OutageMonitor outages) {}

  private Workers workers(
      ConnectionFactory connections,
      NuRandConstants runConstants,
      List<ThreadCounters> counters,
      LatencyRecorders latencies)
      throws SQLException {
    OutageMonitor outages =
        new OutageMonitor(() -> counters.stream().mapToLong(c -> c.totals().events()).sum());
    Workers workers =
        new Workers(
            new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), outages);
    ClientThreads.Kind threadKind = ClientThreads.chosen().orElse(ClientThreads.Kind.PLATFORM);
    for (int i = 0; i < config.threads(); i++) {
      ErrorTally tally = new ErrorTally();
      workers.errors().add(tally);
      ConnectionTimes times = new ConnectionTimes();
      workers.connects().add(times);
      Terminal.Sinks sinks = new Terminal.Sinks(latencies, counters.get(i), tally, outages, times);
      Terminal terminal = new Terminal(i + 1, config, connections, runConstants, sinks, control);
      workers.terminals().add(terminal);
      Thread thread = ClientThreads.unstarted(threadKind, "tpcc-worker-" + (i + 1), terminal);
      thread.setDaemon(true); // one the server never answers must not keep the JVM alive
      workers.threads().add(thread);
    }
    adoptOpened(workers.terminals());
    return workers;
  }

  /** Hands each terminal its connection opened by {@link #connect()}. */
  private void adoptOpened(List<Terminal> terminals) throws SQLException {
    if (opened == null) {
      return;
    }
    List<ConnectionOpener.Opened> taken = opened;
    opened = List.of();
    try {
      for (int i = 0; i < taken.size(); i++) {
        terminals.get(i).adopt(taken.get(i));
      }
    } catch (SQLException e) {
      taken.forEach(o -> ConnectionOpener.closeQuietly(o.connection()));
      throw e;
    }
  }

  private Reporter reporter(IntervalSampler sampler, long startNanos) {
    List<IntervalListener> listeners = new ArrayList<>();
    int interval = config.reportIntervalSeconds();
    if (results != null) {
      listeners.add(results); // first: the file has every line that was printed
      interval = interval == 0 ? results.intervalSecondsWithoutReports() : interval;
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
    try (RunRecorder closing = results) {
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
          pool.openAtStart());
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

  /**
   * sysbench's end of run: the histogram and "SQL statistics:" follow the last report line (or the
   * blank line after "Threads started!") directly, with no blank line of their own.
   */
  private void printSummary(RunTotals totals) {
    if (config.histogram()) {
      out.print(
          SysbenchHistogramBlock.render(SysbenchBuckets.fromMicros(totals.mergedLatencies())));
    }
    out.print(SysbenchSummary.render(totals));
    out.println();
    out.print(TransactionTable.render(totals));
    out.flush();
  }
}
