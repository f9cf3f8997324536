package org.tpccpg.driver.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.tpcc.RunSetup;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.config.SysbenchLog;
import org.tpccpg.driver.connect.ConnectionOpener;
import org.tpccpg.driver.connect.TooFewConnections;
import org.tpccpg.driver.durability.CommitLedger;
import org.tpccpg.driver.durability.LedgerTotals;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.engine.CountingRecorder;
import org.tpccpg.driver.engine.Engine;
import org.tpccpg.driver.engine.MeasuredRun;
import org.tpccpg.driver.engine.StallListener;
import org.tpccpg.driver.engine.StopSignal;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.live.RunFigures;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.ConnectionTimes;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.FailureCause;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.KindLatencies;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.SysbenchBuckets;
import org.tpccpg.driver.report.CheckpointPrinter;
import org.tpccpg.driver.report.ErrorsByCause;
import org.tpccpg.driver.report.IntervalListener;
import org.tpccpg.driver.report.OutagesBlock;
import org.tpccpg.driver.report.Reporter;
import org.tpccpg.driver.report.StabilityLines;
import org.tpccpg.driver.report.SysbenchFigures;
import org.tpccpg.driver.report.SysbenchHistogramBlock;
import org.tpccpg.driver.report.SysbenchLogLines;
import org.tpccpg.driver.report.SysbenchReportLine;
import org.tpccpg.driver.report.SysbenchSummary;
import org.tpccpg.driver.report.TransactionTable;
import org.tpccpg.driver.results.RunRecorder;

/**
 * A timed TPC-C run, as sysbench runs tpcc.lua: the worker threads, the reporter printing a line
 * every interval, and the summary at the end. {@link #requestStop()} (Ctrl-C) ends the run early;
 * the summary then covers the time actually run.
 *
 * <p>With a {@link RunRecorder}, every interval is also recorded there (every {@link
 * Reporter#SECONDS_WITHOUT_REPORT_LINES} seconds when no report lines are asked for), and the
 * summary is written there too before {@link #run()} returns.
 *
 * <p>With a {@link CommitLedger} ({@link #auditDurabilityWith}), the acknowledged New-Orders are
 * audited after each outage and at the end (the {@code durability:} line).
 */
public final class TpccRun implements TimedRun {
  private final RunConfig config;
  private final List<String> kinds;
  private final ConnectionFactory connections;
  private final PrintWriter out;
  private final PrintWriter notices; // sysbench's LOG_NOTICE lines: out, or none at --verbosity<3
  private RunRecorder results; // null: the run keeps no results files
  private List<ConnectionOpener.Opened> opened; // with a connection per thread, before the start
  private ConnectionPool pool; // with --pool-size
  private LiveMetrics metrics; // null: no live metrics
  private final StopSignal stop = new StopSignal();
  private CommitLedger ledger; // null: no durability audit

  public TpccRun(RunConfig config, ConnectionFactory connections, PrintWriter out) {
    this(config, connections, out, null);
  }

  /**
   * A run that records its intervals and summary in {@code results}, which it closes at the end.
   */
  public TpccRun(
      RunConfig config, ConnectionFactory connections, PrintWriter out, RunRecorder results) {
    this.config = config;
    this.kinds = kinds(config);
    this.connections = connections;
    this.out = out;
    this.notices = config.notices(out);
    this.results = results;
  }

  /**
   * The labels of a run's kinds, by {@link TransactionType} ordinal: the types it can draw (Purge,
   * the last, only with {@code --enable_purge}).
   */
  public static List<String> kinds(RunConfig config) {
    return Arrays.stream(TransactionType.values())
        .filter(type -> type != TransactionType.PURGE || config.purge())
        .map(TransactionType::label)
        .toList();
  }

  /** Stops the workers after their current transaction. Safe from any thread. */
  @Override
  public void requestStop() {
    stop.request();
  }

  /**
   * Opens every connection the run needs (one per thread, or the pool's), before any thread starts;
   * {@link #run()} does it too if not done yet. The time limit counts from the start of the
   * threads, after this.
   *
   * @throws TooFewConnections when the server does not admit them all; none stays open
   */
  @Override
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
  @Override
  public void recordResultsIn(RunRecorder results) {
    this.results = results;
  }

  /**
   * Audits the New-Orders the server acknowledged with {@code ledger}, after each outage and at the
   * end ({@link CommitLedger}). Before {@link #run()}; not with sysbench's purge, which deletes
   * acknowledged orders.
   */
  public void auditDurabilityWith(CommitLedger ledger) {
    if (config.purge()) {
      throw new IllegalArgumentException("purge deletes acknowledged orders: no durability audit");
    }
    this.ledger = ledger;
  }

  /** Serves the run's live figures at {@code metrics} too. Before {@link #run()}. */
  @Override
  public void publishMetricsTo(LiveMetrics metrics) {
    this.metrics = metrics;
  }

  private void stalled(int thread, long waitedNanos, boolean runStalled) {
    out.println("tpcc run: " + StallListener.line("thread " + thread, waitedNanos, runStalled));
    out.flush();
  }

  /**
   * Connects if not done yet, runs to the end, prints the summary and writes the results files.
   *
   * @return the error that stopped the run (or, failing that, the results files), or null when it
   *     ran its course or was stopped
   * @throws TooFewConnections when not every connection could be opened: nothing ran
   */
  @Override
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
    CommitLedger ledger = this.ledger;
    Clients clients = clients(connections, ledger);
    adoptOpened(clients.sessions());
    Engine running =
        new Engine(
            config.engineConfig(),
            clients.works(),
            clients.recorders(),
            clients::completed,
            ClientThreads.preferred());
    running.watchStalls(Engine.STALL_NANOS, this::stalled);
    stop.attach(running::requestStop);
    RunFigures figures = RunFigures.publish(metrics, kinds, clients.counters(), running);
    printThreadsStarting();
    notices.println("Threads started!");
    notices.println();
    notices.flush();
    if (ledger != null) {
      ledger.start(running::outagesEnded);
    }
    MeasuredRun.Ended<IntervalSampler> measured = runMeasured(running, clients, figures);
    LedgerTotals durability = ledger == null ? null : ledger.finish();
    Throwable fatal =
        RunAbort.explained(
            running.fatalError(),
            failedType(running.fatalError(), running.clientFailures(), clients.works()));
    RunResult result = result(running, clients, measured, fatal);
    if (results != null) {
      results.recordDurability(durability);
    }
    boolean forced = // by the time limit's shutdown, not by a stop (Ctrl-C) or a fatal error
        config.forcedShutdown()
            && measured.ending().aborted() > 0
            && !result.ending().stoppedEarly()
            && fatal == null;
    if (forced) {
      out.println(ForcedShutdown.FATAL_LINE);
    } else if (RunResult.Ending.COMPLETED.equals(result.ending())) {
      printLimitReached(running.budgetSpent());
    }
    printSummary(result, measured.sampler().afterLastCheckpoint(measured.endNanos()));
    printConnectionTime(result, clients.connects());
    printFailures(result, durability);
    printEnding(measured.ending());
    IOException resultsFailure = RunReporter.recordSummary(results, result);
    if (forced && resultsFailure == null) {
      return new ForcedShutdown(measured.ending().aborted());
    }
    return fatal != null ? fatal : resultsFailure;
  }

  /** Per thread, in thread order: its counters, connection times, session, work and recorder. */
  private record Clients(
      List<ClientCounters> counters,
      List<ConnectionTimes> connects,
      List<TpccSession> sessions,
      List<TpccWork> works,
      List<CountingRecorder> recorders,
      KindLatencies latencies) {
    long completed() {
      return counters.stream().mapToLong(ClientCounters::completed).sum();
    }
  }

  private Clients clients(ConnectionFactory connections, CommitLedger ledger) {
    RunSetup setup = config.setup();
    Clients clients =
        new Clients(
            new ArrayList<>(),
            new ArrayList<>(),
            new ArrayList<>(),
            new ArrayList<>(),
            new ArrayList<>(),
            new KindLatencies(kinds.size()));
    for (int i = 0; i < config.threads(); i++) {
      ClientCounters clientCounters = new ClientCounters(kinds.size());
      clients.counters().add(clientCounters);
      ConnectionTimes times = new ConnectionTimes();
      clients.connects().add(times);
      TpccSession session =
          new TpccSession(connections, config.isolation(), config.connectionMode(), times);
      clients.sessions().add(session);
      clients
          .works()
          .add(
              new TpccWork(
                  i + 1,
                  config,
                  setup,
                  session,
                  clientCounters,
                  ledger == null ? null : ledger.ring()));
      clients.recorders().add(new CountingRecorder(clientCounters, clients.latencies(), 0));
    }
    return clients;
  }

  private MeasuredRun.Ended<IntervalSampler> runMeasured(
      Engine running, Clients clients, RunFigures figures)
      throws SQLException, InterruptedException {
    return MeasuredRun.run(
        running,
        start -> {
          IntervalSampler sampler =
              new IntervalSampler(kinds, clients.counters(), clients.latencies(), start);
          Reporter reporter = reporter(sampler, start, figures);
          reporter.start();
          return new MeasuredRun.Phase<>(sampler, reporter::stop);
        },
        now -> {
          if (running.fatalError() instanceof SQLException e) {
            throw e;
          }
          return new IntervalSampler(kinds, clients.counters(), clients.latencies(), now);
        });
  }

  /**
   * The run's summary. Its time ends when the last client ended, as sysbench's "total time" does,
   * not after the durability audit that follows.
   */
  private RunResult result(
      Engine running,
      Clients clients,
      MeasuredRun.Ended<IntervalSampler> measured,
      Throwable fatal) {
    IntervalSampler sampler = measured.sampler();
    RunResult result =
        sampler.result(
            measured.endNanos() - sampler.measureStartNanos(),
            ConnectionTimes.averageMillis(clients.connects()),
            running.outages(),
            new RunResult.Ending(
                stop.requested(),
                (int) running.clientFailures().stream().filter(Objects::nonNull).count(),
                RunAbort.summaryText(fatal)));
    return result.withWorkloadCounts(
        TransactionTable.deliveryCounts(
            clients.works().stream().mapToLong(TpccWork::districtsDelivered).sum(),
            clients.works().stream().mapToLong(TpccWork::districtsSkipped).sum()));
  }

  /**
   * The transaction the client that threw {@code fatal} was running, named in the run's last line;
   * null when no client threw it (a delivery executor, the engine itself).
   */
  private static TransactionType failedType(
      Throwable fatal, List<Throwable> failures, List<TpccWork> works) {
    for (int i = 0; fatal != null && i < failures.size() && i < works.size(); i++) {
      if (failures.get(i) == fatal) {
        return works.get(i).current();
      }
    }
    return null;
  }

  /** Says so when the run had to close connections under its workers to end. */
  private void printEnding(Engine.Ending ending) {
    if (ending.aborted() == 0) {
      return;
    }
    out.printf(
        Locale.ROOT,
        "%d of %d threads were still waiting for the server %.0f s after the end of the run: their"
            + " connections were closed%s%n",
        ending.aborted(),
        config.threads(),
        config.endGraceNanos() / 1e9,
        ending.leftBehind() == 0
            ? ""
            : String.format(
                Locale.ROOT,
                "; %d did not stop %.0f s later and were left behind",
                ending.leftBehind(),
                Engine.ABORT_WAIT_NANOS / 1e9));
    out.flush();
  }

  /** Hands each session its connection opened by {@link #connect()}. */
  private void adoptOpened(List<TpccSession> sessions) throws SQLException {
    if (opened == null) {
      return;
    }
    List<ConnectionOpener.Opened> taken = opened;
    opened = List.of();
    try {
      for (int i = 0; i < taken.size(); i++) {
        sessions.get(i).adopt(taken.get(i));
      }
    } catch (SQLException e) {
      taken.forEach(o -> ConnectionOpener.closeQuietly(o.connection()));
      throw e;
    }
  }

  private Reporter reporter(IntervalSampler sampler, long startNanos, RunFigures figures) {
    SysbenchLog log = config.log();
    List<IntervalListener> checkpoints =
        config.reportCheckpoints().isEmpty()
            ? List.of()
            : List.of(
                new CheckpointPrinter(
                    config.percentile(), log.printsDbTimers(), log.debug(), notices));
    return RunReporter.of(
        config, sampler, startNanos, checkpoints, results, figures, reportFormat(), out);
  }

  /** What sysbench lacks: failures by cause, retries, and each outage. */
  private void printFailures(RunResult result, LedgerTotals durability) {
    notices.println();
    Map<FailureCause, Long> causes = new EnumMap<>(FailureCause.class);
    for (FailureCause cause : FailureCause.values()) {
      causes.put(cause, result.counters().tryFailures(cause));
    }
    KindTotals all = result.counters().allKinds();
    notices.print(
        ErrorsByCause.line(
            causes, all.retries(), config.shape().sysbenchCompat() ? -1 : all.failed()));
    notices.print(OutagesBlock.render(result.outages()));
    notices.print(
        StabilityLines.render(
            result.stability(),
            result.elapsedSeconds(),
            results == null ? DipCauses.NONE : results.dipCauses(result.stability())));
    if (durability != null) {
      notices.print(durability.line());
    }
    if (results != null) {
      notices.print(results.closingLines(result, result.elapsedSeconds()));
    }
    if (result.ending().error() != null) {
      // the error is counted above (other: 1 or its cause) and named here, before the last line
      out.printf(
          Locale.ROOT,
          "Aborted: %d of %d threads stopped on an error that ends the run: %s%n",
          result.ending().clientsFailed(),
          config.threads(),
          result.ending().error());
    }
    out.flush();
  }

  /**
   * With a connection per transaction, pgbench's two lines: the average time to open one, and the
   * transaction rate over the whole measured time, which includes the connecting. With a pool, the
   * average wait to borrow a connection.
   */
  private void printConnectionTime(RunResult result, List<ConnectionTimes> connects) {
    if (config.connectionMode() == ConnectionMode.POOLED) {
      notices.println();
      notices.printf(
          Locale.ROOT,
          "average wait for a pooled connection = %.3f ms (%d threads sharing %d connections)%n",
          ConnectionTimes.averageMillis(connects),
          config.threads(),
          pool.openAtStart());
    }
    if (config.connectionMode() != ConnectionMode.PER_TRANSACTION) {
      return;
    }
    double tps = result.perSecond(result.counters().total().events());
    notices.println();
    notices.printf(Locale.ROOT, "average connection time = %.3f ms%n", result.connectionMillis());
    notices.printf(Locale.ROOT, "tps = %.6f (including reconnection times)%n", tps);
  }

  private Function<Interval, String> reportFormat() {
    double percentile = config.percentile();
    return config.reportCsv()
        ? interval -> SysbenchReportLine.csv(IntervalSnapshot.of(interval, percentile))
        : interval -> SysbenchReportLine.text(IntervalSnapshot.of(interval, percentile));
  }

  /**
   * sysbench's end of run: the histogram and "SQL statistics:" follow the last report line (or the
   * blank line after "Threads started!") directly, with no blank line of their own. After a
   * checkpoint, sysbench's lines cover only the time since it ({@code sinceCheckpoint}), "total
   * time" excepted; what follows them covers the whole run.
   */
  private void printSummary(RunResult result, IntervalSampler.Checkpoint sinceCheckpoint) {
    RunResult sysbenchPart = sinceCheckpoint == null ? result : sinceCheckpoint.window();
    if (config.histogram()) {
      notices.print(
          SysbenchHistogramBlock.render(
              SysbenchBuckets.fromMicros(sysbenchPart.mergedLatencies())));
    }
    SysbenchLog log = config.log();
    notices.print(
        SysbenchSummary.render(
            sinceCheckpoint == null
                ? SysbenchFigures.of(result)
                : SysbenchFigures.of(sinceCheckpoint),
            config.percentile(),
            log.printsDbTimers()));
    if (log.debug()) {
      SysbenchLogLines.perThread(sysbenchPart.counters().perThread()).forEach(notices::println);
    }
    notices.println();
    notices.print(TransactionTable.render(result, config.warehouses(), false));
    notices.flush();
  }

  /** sysbench's level-5 lines of its threads starting (see {@link SysbenchLogLines}). */
  private void printThreadsStarting() {
    PrintWriter debug = config.log().at(SysbenchLog.DEBUG, out);
    SysbenchLogLines.threadsStarting(
            config.threads(), config.reportIntervalSeconds() > 0, config.rate() > 0)
        .forEach(debug::println);
  }

  /** sysbench's level-4 lines of a run that reached its time or event limit. */
  private void printLimitReached(boolean eventLimit) {
    PrintWriter info = config.log().at(SysbenchLog.INFO, out);
    SysbenchLogLines.limitReached(config.threads(), eventLimit).forEach(info::println);
    info.flush();
  }
}
