package org.tpccpg.driver.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.durability.CommitLedger;
import org.tpccpg.driver.durability.LedgerTotals;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.engine.DueScheduler;
import org.tpccpg.driver.engine.Engine;
import org.tpccpg.driver.engine.EngineConfig;
import org.tpccpg.driver.engine.MeasuredRun;
import org.tpccpg.driver.engine.StallListener;
import org.tpccpg.driver.engine.StopSignal;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.live.RunFigures;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.SpecOutcome;
import org.tpccpg.driver.metrics.SpecTimes;
import org.tpccpg.driver.report.Reporter;
import org.tpccpg.driver.report.SpecReport;
import org.tpccpg.driver.report.SysbenchSummary;
import org.tpccpg.driver.report.TransactionTable;
import org.tpccpg.driver.results.RunRecorder;
import org.tpccpg.driver.spec.SpecKinds;

/**
 * A TPC-C run in spec mode: ten terminals per warehouse keying and thinking (TPC-C 5.2.5), a few
 * workers the size of the connection pool running the transactions the terminals submit as they
 * fall due ({@link DueScheduler}), and background executors for the deferred Deliveries (2.7.2).
 * Terminals are objects, not threads, so ten thousand of them fit a small heap on Java 17.
 *
 * <p>Two engines share the pool: one runs the terminals' workers for the ramp-up and measurement
 * interval, the other the Delivery executors until the queue is drained (at most {@link
 * DeliveryExecutors#DRAIN_NANOS} past the end). Response times count from the terminal's due time
 * (the end of its keying), so waiting for a worker and for a connection is in them; a deferred
 * Delivery's from its queueing.
 */
public final class SpecRun implements TimedRun {

  private final RunConfig config;
  private final SpecConfig spec;
  private final ConnectionFactory connections;
  private final PrintWriter out;
  private final PrintWriter notices; // sysbench's LOG_NOTICE lines: out, or none at --verbosity<3
  private final SpecTimes specTimes = new SpecTimes();
  private final DueScheduler<SpecTerminal> scheduler = new DueScheduler<>();
  private final DeliveryQueue deliveries = new DeliveryQueue();
  private final List<SpecTerminal> terminals;
  private final TerminalCensus census;
  private RunRecorder results;
  private CommitLedger ledger; // null: no durability audit
  private LedgerTotals durability; // after the run, with a ledger
  private LiveMetrics metrics; // null: no live metrics
  private ConnectionPool pool;
  private final StopSignal stop = new StopSignal();
  private volatile SpecOutcome outcome;

  /**
   * @param config the run; its {@link RunConfig#poolSize()} is the pool and the worker count
   */
  public SpecRun(
      RunConfig config, SpecConfig spec, ConnectionFactory connections, PrintWriter out) {
    if (config.connectionMode() != ConnectionMode.POOLED) {
      throw new IllegalArgumentException(
          "spec mode needs a pool but had " + config.connectionMode());
    }
    this.config = config;
    this.spec = spec;
    this.connections = connections;
    this.out = out;
    this.notices = config.notices(out);
    this.terminals = SpecTerminal.forRun(config, spec.terminals());
    census = new TerminalCensus(terminals, deliveries);
  }

  /** Serves the run's live figures at {@code metrics} too, with the terminals'. Before run. */
  @Override
  public void publishMetricsTo(LiveMetrics metrics) {
    this.metrics = metrics;
  }

  /**
   * Audits the New-Orders the server acknowledged with {@code ledger}, after each outage and at the
   * end ({@link CommitLedger}). Before {@link #run()}; not with sysbench's purge.
   */
  public void auditDurabilityWith(CommitLedger ledger) {
    if (config.purge()) {
      throw new IllegalArgumentException("purge deletes acknowledged orders: no durability audit");
    }
    this.ledger = ledger;
  }

  /** Records the intervals and the summary in {@code results}, closed at the end; before run. */
  @Override
  public void recordResultsIn(RunRecorder recorder) {
    this.results = recorder;
    if (recorder != null) {
      recorder.recordTerminals(census::latest);
    }
  }

  /** Opens the pool; {@link #run()} does it too if not done yet. */
  @Override
  public void connect() throws SQLException, InterruptedException {
    if (pool == null) {
      pool = ConnectionPool.start(connections, config.poolSize(), config.isolation());
    }
  }

  /** Stops the terminals after their current transaction; the queue is still drained. */
  @Override
  public void requestStop() {
    scheduler.close();
    stop.request();
  }

  /** What the run found, once {@link #run()} has returned; null before. */
  public SpecOutcome outcome() {
    return outcome;
  }

  /**
   * Runs ramp-up and measurement interval, drains the deferred Deliveries, prints the summary with
   * the verdict and writes the results files.
   *
   * @return the error that stopped the run (or, failing that, the results files), or null
   */
  @Override
  public Throwable run() throws SQLException, InterruptedException {
    connect();
    try (ConnectionPool closing = pool) {
      return runWith(closing);
    }
  }

  private Throwable runWith(ConnectionPool shared) throws SQLException, InterruptedException {
    CommitLedger ledger = this.ledger;
    SpecClients clients =
        SpecClients.on(shared, config, spec, scheduler, deliveries, specTimes, ledger);
    ClientThreads.Kind threads = ClientThreads.preferred();
    DeliveryExecutors executors =
        new DeliveryExecutors(
            clients.executors(),
            deliveries,
            engineConfig(clients.executors().size(), 0, deferredTries(config.maxTries())),
            threads);
    executors.start();
    Engine running = terminalsEngine(clients, threads);
    stop.attach(running::requestStop);
    RunFigures figures =
        RunFigures.publish(metrics, SpecKinds.KINDS, clients.counters(), running, census::count);
    notices.println("Threads started!");
    notices.println();
    notices.flush();
    if (ledger != null) {
      ledger.start(running::outagesEnded);
    }
    MeasuredRun.Ended<IntervalSampler> measured = measure(running, clients, executors, figures);
    executors.drain();
    durability = ledger == null ? null : ledger.finish();
    if (results != null) {
      results.recordDurability(durability);
    }
    // the statement named; the transaction type is not known here (terminals share clients)
    Throwable fatal =
        RunAbort.explained(
            running.fatalError() != null ? running.fatalError() : executors.fatalError(), null);
    IntervalSampler sampler = measured.sampler();
    RunResult result =
        sampler
            .result(
                measured.endNanos() - sampler.measureStartNanos(),
                clients.poolWaitMillis(),
                running.outages(),
                new RunResult.Ending(
                    stop.requested(),
                    (int) running.clientFailures().stream().filter(Objects::nonNull).count(),
                    RunAbort.summaryText(fatal)))
            .withWorkloadCounts(clients.deliveryCounts());
    IOException resultsFailure = summarise(result, clients.poolWaitMillis());
    return fatal != null ? fatal : resultsFailure;
  }

  /** The ramp-up and the measurement interval, the reporter printing. */
  private MeasuredRun.Ended<IntervalSampler> measure(
      Engine running, SpecClients clients, DeliveryExecutors executors, RunFigures figures)
      throws SQLException, InterruptedException {
    return MeasuredRun.run(
        running,
        start -> {
          beginTerminals(start);
          IntervalSampler sampler =
              new IntervalSampler(SpecKinds.KINDS, clients.counters(), clients.latencies(), start);
          Reporter reporter = reporter(sampler, start, figures);
          reporter.start();
          return new MeasuredRun.Phase<>(sampler, reporter::stop);
        },
        now -> {
          executors.stopNow();
          if (running.fatalError() instanceof SQLException e) {
            throw e;
          }
          return new IntervalSampler(SpecKinds.KINDS, clients.counters(), clients.latencies(), now);
        });
  }

  /** The terminals' workers on the engine, for the ramp-up and the measurement interval. */
  private Engine terminalsEngine(SpecClients clients, ClientThreads.Kind threads) {
    SpecClients.Group workers = clients.workers();
    Engine running =
        new Engine(
            engineConfig(
                workers.size(),
                engineSeconds(config.timeSeconds(), config.warmupSeconds()),
                config.maxTries()),
            workers.works,
            workers.recorders,
            clients::completed,
            threads);
    running.watchStalls(
        Engine.STALL_NANOS,
        (worker, waited, runStalled) -> {
          out.println("tpcc run: " + StallListener.line("worker " + worker, waited, runStalled));
          out.flush();
        });
    return running;
  }

  /** Judges the run, prints the summary and the verdict, and records the summary. */
  private IOException summarise(RunResult result, double poolWaitMillis) {
    outcome = SpecJudgement.of(result, spec, deliveries, specTimes, poolWaitMillis);
    notices.print(SysbenchSummary.render(result, config.percentile()));
    notices.println();
    notices.print(TransactionTable.render(result, spec.warehouses(), true));
    notices.print(SpecReport.render(outcome, result.elapsedSeconds()));
    if (durability != null) {
      notices.print(durability.line());
    }
    if (results != null) {
      notices.print(results.closingLines(result, result.elapsedSeconds()));
    }
    notices.flush();
    return RunReporter.recordSummary(results, result);
  }

  /** The fewest tries a deferred Delivery gets after a serialization failure or deadlock. */
  static final int DEFERRED_MIN_TRIES = 10;

  /**
   * The tries of a deferred Delivery: {@code --max-tries}, but at least {@link #DEFERRED_MIN_TRIES}
   * (0, no limit, stays). TPC-C 2.7.2 has every deferred Delivery complete; under REPEATABLE READ
   * or SERIALIZABLE a single 40001 against a New-Order on the same district would otherwise fail it
   * for good with pgbench's default of one try. The terminals' transactions keep {@code
   * --max-tries}.
   */
  static int deferredTries(int maxTries) {
    return maxTries == 0 ? 0 : Math.max(maxTries, DEFERRED_MIN_TRIES);
  }

  /**
   * The terminals' engine's time limit: ramp-up plus measurement interval, or none (0) for {@code
   * --time=0}, which runs until stopped, as {@code run}'s. Without that guard the engine would stop
   * at the end of the ramp-up and leave an empty measurement interval.
   */
  static long engineSeconds(long timeSeconds, long warmupSeconds) {
    return timeSeconds == 0 ? 0 : timeSeconds + warmupSeconds;
  }

  /** At the start: every terminal begins its first cycle, and the scheduler ends with the run. */
  private void beginTerminals(long startNanos) {
    long warmup = TimeUnit.SECONDS.toNanos(config.warmupSeconds());
    specTimes.measureFrom(startNanos + warmup);
    if (config.timeSeconds() > 0) {
      scheduler.endAt(startNanos + warmup + TimeUnit.SECONDS.toNanos(config.timeSeconds()));
    }
    for (SpecTerminal t : terminals) {
      t.begin(startNanos, spec.times());
      scheduler.schedule(t);
    }
  }

  private Reporter reporter(IntervalSampler sampler, long startNanos, RunFigures figures) {
    // the census first: the file and the line show the states it counted at the interval's end
    double percentile = config.percentile();
    return RunReporter.of(
        config,
        sampler,
        startNanos,
        List.of(census),
        results,
        figures,
        i -> SpecReport.line(i, percentile, census.latest()),
        out);
  }

  /**
   * pgbench's rules, as {@code run}'s: a serialization failure or deadlock is tried again up to
   * {@code --max-tries}, then fails; any other error ends the run.
   */
  private EngineConfig engineConfig(int clients, long seconds, int maxTries) {
    return EngineConfig.builder(clients)
        .timeNanos(TimeUnit.SECONDS.toNanos(seconds))
        .maxTries(maxTries)
        .afterLastTry(EngineConfig.AfterLastTry.FAIL)
        .exitOnAbort(config.exitOnAbort())
        .fatalEndsRun(true)
        .seed(config.seed())
        .build();
  }
}
