package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.tpcb.TpcbInputGenerator;
import org.tpccpg.core.tpcb.TpcbScale;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.engine.CountingRecorder;
import org.tpccpg.driver.engine.Engine;
import org.tpccpg.driver.engine.EngineConfig;
import org.tpccpg.driver.engine.MeasuredRun;
import org.tpccpg.driver.engine.StallListener;
import org.tpccpg.driver.engine.StopSignal;
import org.tpccpg.driver.engine.Ticker;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.live.RunFigures;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.ConnectionTimes;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.KindLatencies;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.report.CFormat;
import org.tpccpg.driver.report.IntervalListener;
import org.tpccpg.driver.report.LinePrinter;
import org.tpccpg.driver.report.Reporter;
import org.tpccpg.driver.results.RunResults;
import org.tpccpg.driver.tpcb.script.RunSeeds;
import org.tpccpg.driver.tpcb.script.Script;
import org.tpccpg.driver.tpcb.script.SqlCommand;

/**
 * A pgbench run on the engine: one client per {@code -c} (pgbench's {@code -j} is reported but not
 * needed, see docs/tpcb.md), a progress reporter for {@code -P}, and the figures for the closing
 * block. {@link #requestStop()} (Ctrl-C, SIGTERM) ends the run after each client's current
 * transaction.
 */
final class TpcbRun {
  private final TpcbRunConfig config;
  private final ConnectionFactory connections;
  private final TpcbDatabase database;
  private final PrintWriter out; // \shell's output
  private final PrintWriter err;
  private final RunResults results; // null: no results files
  private final LiveMetrics metrics; // null: no live metrics
  private final ClientThreads.Kind threads;
  private final List<String> kinds;
  private final KindLatencies latencies;
  private final List<ClientCounters> counters = new ArrayList<>();
  private final List<CommandStats> commandStats = new ArrayList<>();
  private final List<ConnectionTimes> connects = new ArrayList<>();
  private TxnLogWriter logWriter;
  private final Function<SQLException, String> connectFailure;
  private final StopSignal stop = new StopSignal();

  /**
   * A run that also records every interval in {@code results} (every {@code -P} seconds, or every
   * {@link Reporter#SECONDS_WITHOUT_REPORT_LINES} without {@code -P}).
   */
  TpcbRun(
      TpcbRunConfig config,
      ConnectionFactory connections,
      TpcbDatabase database,
      PrintWriter out,
      PrintWriter err,
      RunResults results,
      LiveMetrics metrics,
      ClientThreads.Kind threads,
      Function<SQLException, String> connectFailure) {
    this.threads = threads;
    this.connectFailure = connectFailure;
    this.metrics = metrics;
    this.out = out;
    this.config = config;
    this.connections = connections;
    this.database = database;
    this.err = err;
    this.results = results;
    this.kinds = TpcbSummary.scriptLabels(config.scripts());
    this.latencies = new KindLatencies(kinds.size());
  }

  /** Stops the clients after their current transaction. Any thread. */
  void requestStop() {
    stop.request();
  }

  /** Runs to the end; the result also when some clients aborted ({@link Outcome#aborted()}). */
  Outcome run() throws InterruptedException, SQLException {
    long start = System.nanoTime();
    Thread logThread = openLog();
    Engine running = engine();
    stop.attach(running::requestStop);
    RunFigures figures = RunFigures.publish(metrics, kinds, counters, running);
    MeasuredRun.Ended<IntervalSampler> measured =
        MeasuredRun.run(
            running,
            at -> {
              IntervalSampler sampler = new IntervalSampler(kinds, counters, latencies, at);
              Reporter reporter = startReporter(sampler, at, figures);
              return new MeasuredRun.Phase<>(sampler, reporter == null ? null : reporter::stop);
            },
            now -> {
              if (logWriter != null) {
                logWriter.finish(logThread); // a failed write was told; the failure ends the run
              }
              Throwable failure = running.fatalError();
              if (failure instanceof SQLException e) {
                throw e;
              }
              if (failure instanceof RuntimeException e) {
                throw e;
              }
              // stopped before the start: an empty run
              return new IntervalSampler(kinds, counters, latencies, now);
            });
    long phaseStart = measured.startNanos();
    long end = measured.endNanos();
    String logFailure = logWriter == null ? null : logWriter.finish(logThread);
    int clientsFailed = (int) running.clientFailures().stream().filter(Objects::nonNull).count();
    boolean reconnecting = config.connectPerTransaction();
    double connectionMillis =
        reconnecting ? ConnectionTimes.averageMillis(connects) : (phaseStart - start) / 1e6;
    RunResult run =
        measured
            .sampler()
            .result(
                reconnecting ? end - start : end - phaseStart,
                connectionMillis,
                running.outages(),
                new RunResult.Ending(stop.requested(), clientsFailed, null));
    TpcbResult result =
        new TpcbResult(
            config,
            database.scale(),
            database.partitionMethod(),
            database.partitions(),
            connectionMillis,
            scriptResults(run),
            run);
    return new Outcome(result, clientsFailed > 0, firstAborted(running), logFailure);
  }

  /** The client whose abort ended the run ({@code --exit-on-abort}), or -1. */
  private static int firstAborted(Engine running) {
    Throwable first = running.fatalError();
    List<Throwable> failures = running.clientFailures();
    for (int client = 0; first != null && client < failures.size(); client++) {
      if (failures.get(client) == first) {
        return client;
      }
    }
    return -1;
  }

  /**
   * Per script, the number pgbench's name ({@code P_n}) of its first SQL command gets: pgbench
   * numbers the SQL commands of all scripts, builtins included, in command-line order.
   */
  private static int[] preparedNames(ScriptCommand[][] builtins, List<Script> customScripts) {
    int[] first = new int[builtins.length];
    int next = 0;
    for (int s = 0; s < builtins.length; s++) {
      first[s] = next;
      if (customScripts.get(s) != null) {
        next +=
            (int)
                customScripts.get(s).commands().stream()
                    .filter(c -> c instanceof SqlCommand)
                    .count();
      } else {
        next += (int) Arrays.stream(builtins[s]).filter(c -> !c.text().startsWith("\\")).count();
      }
    }
    return first;
  }

  /**
   * What every client's scripts share: the builtins' commands (empty for a custom script), the
   * custom scripts (null for a builtin), the prepared-statement name of each script's first SQL
   * command, and pgbench's seeded states for the script functions (null without a custom script).
   */
  private record ScriptPlan(
      ScriptCommand[][] builtins,
      List<Script> customScripts,
      int[] preparedNames,
      RunSeeds runSeeds) {
    boolean anyCustom() {
      return runSeeds != null;
    }
  }

  private ScriptPlan scriptPlan() {
    ScriptCommand[][] builtins =
        config.scripts().stream()
            .map(
                w ->
                    w.builtin()
                        ? w.script().commands().toArray(ScriptCommand[]::new)
                        : new ScriptCommand[0])
            .toArray(ScriptCommand[][]::new);
    List<Script> customScripts =
        config.scripts().stream().map(w -> w.builtin() ? null : w.custom()).toList();
    boolean anyCustom = customScripts.stream().anyMatch(Objects::nonNull);
    // pgbench's states for the script functions, drawn from --random-seed in pgbench's order
    RunSeeds runSeeds =
        anyCustom
            ? RunSeeds.derive(
                config.seed(),
                config.clients(),
                config.threads(),
                config.definedVariables().contains("default_seed"))
            : null;
    return new ScriptPlan(
        builtins, customScripts, preparedNames(builtins, customScripts), runSeeds);
  }

  /** The clients on the engine, under pgbench's rules. */
  private Engine engine() {
    SplittableRandom seeds = new SplittableRandom(config.seed());
    ScriptPlan plan = scriptPlan();
    TpcbScale scale = new TpcbScale(database.scale());
    List<TpcbWork> works = new ArrayList<>();
    List<TpcbRecorder> recorders = new ArrayList<>();
    for (int i = 0; i < config.clients(); i++) {
      // one split per client, in client order: the run's draws depend on --random-seed alone
      addClient(i, seeds.split(), plan, scale, works, recorders);
    }
    Engine running =
        new Engine(engineRules(seeds.nextLong()), works, recorders, this::transactions, threads);
    running.watchStalls(
        Engine.STALL_NANOS,
        (client, waited, runStalled) -> {
          err.println(
              "tpcc tpcb: " + StallListener.line("client " + (client - 1), waited, runStalled));
          err.flush();
        });
    return running;
  }

  /** Client {@code i}'s counters, script runner, session and recorder. */
  private void addClient(
      int i,
      SplittableRandom random,
      ScriptPlan plan,
      TpcbScale scale,
      List<TpcbWork> works,
      List<TpcbRecorder> recorders) {
    ClientCounters clientCounters = new ClientCounters(kinds.size());
    counters.add(clientCounters);
    CommandStats clientCommands = new CommandStats(config.scripts().size(), config.maxCommands());
    commandStats.add(clientCommands);
    ConnectionTimes times = new ConnectionTimes();
    connects.add(times);
    DebugLog debug =
        config.messages().debug()
            ? new DebugLog(
                err,
                i,
                config.scripts().stream().map(WeightedScript::description).toList(),
                config.statementMode())
            : DebugLog.OFF;
    // With custom scripts and a thread per client (-j = -c), pgbench's own draw: the same
    // script sequence as pgbench; otherwise pgbench's clients share their thread's state
    ScriptChooser chooser =
        plan.anyCustom() && config.threads() == config.clients()
            ? new ScriptChooser(config.scripts(), plan.runSeeds().threads().get(i).choose())
            : new ScriptChooser(config.scripts(), random);
    ScriptExecutor executor =
        new ScriptExecutor(
            plan.builtins(),
            new TpcbInputGenerator(random.split(), scale),
            clientCommands,
            config.reportPerCommand(),
            plan.anyCustom() ? customRunner(i, plan, clientCommands, debug) : null,
            debug);
    TpcbSession session =
        new TpcbSession(
            connections, scale.bigintAccountIds(), config.connectPerTransaction(), times, executor);
    works.add(new TpcbWork(session, chooser, executor));
    ClientLog log =
        new ClientLog(
            logWriter == null
                ? null
                : new TxnLogBuffer(i, i * config.threads() / config.clients(), logWriter),
            config.log().samplingRate(),
            random.split());
    recorders.add(recorder(i, clientCounters, clientCommands, log, executor));
  }

  private CustomScriptRunner customRunner(
      int i, ScriptPlan plan, CommandStats clientCommands, DebugLog debug) {
    return new CustomScriptRunner(
        plan.customScripts(),
        plan.runSeeds().clientVariables(config.definedVariables(), i, database.scale()),
        plan.runSeeds().clients().get(i),
        config.statementMode(),
        new ScriptStatements(
            plan.customScripts(), plan.preparedNames(), config.statementMode(), err, i),
        clientCommands,
        config.reportPerCommand(),
        out,
        err,
        i,
        debug);
  }

  private TpcbRecorder recorder(
      int i,
      ClientCounters clientCounters,
      CommandStats clientCommands,
      ClientLog log,
      ScriptExecutor executor) {
    RunLimits limits = config.limits();
    CountingRecorder counting =
        new CountingRecorder(
            clientCounters,
            latencies,
            TimeUnit.MICROSECONDS.toNanos(
                limits.latencyLimited() ? limits.latencyLimitMicros() : 0));
    return new TpcbRecorder(
        i,
        counting,
        clientCommands,
        log,
        executor,
        err,
        config.messages().verboseErrors(),
        limits.maxTries(),
        limits.continueOnError(),
        connectFailure);
  }

  /** pgbench's rules for the engine: -T or -t, -R, --max-tries, --latency-limit, skips. */
  private EngineConfig engineRules(long seed) {
    RunLimits limits = config.limits();
    return EngineConfig.builder(config.clients())
        .timeNanos(TimeUnit.SECONDS.toNanos(config.durationSeconds()))
        .transactionsPerClient(config.timed() ? 0 : config.transactionsPerClient())
        .rate(limits.throttled() ? limits.rate() : 0)
        .maxTries(limits.maxTries())
        .afterLastTry(EngineConfig.AfterLastTry.FAIL)
        .exitOnAbort(limits.exitOnAbort())
        .fatalEndsRun(limits.exitOnAbort()) // pgbench 17: the first aborted client ends the run
        .serverErrorsSurvivable(limits.continueOnError()) // pgbench 19
        .latencyLimitNanos(TimeUnit.MICROSECONDS.toNanos(limits.latencyLimitMicros()))
        .skipLate(limits.skipsLate())
        .pacedLatencyIncludesConnecting(true)
        .scheduledPastEndStops(true)
        .seed(seed)
        .build();
  }

  /** Opens the {@code -l} files and starts their writer; null without {@code -l}. */
  private Thread openLog() {
    if (!config.log().enabled()) {
      return null;
    }
    long nanos = System.nanoTime();
    long epochMicros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    try {
      logWriter =
          new TxnLogWriter(
              config.log(),
              config.limits(),
              config.messages().pgbench(),
              config.threads(),
              nanos,
              epochMicros,
              ProcessHandle.current().pid(),
              this::logWriteFailed);
    } catch (IOException e) {
      throw new UncheckedIOException("could not open the transaction log: " + e.getMessage(), e);
    }
    return startDaemon(logWriter, "tpcb-log-writer");
  }

  /** The first failed write of the {@code -l} files, as it happens; the run goes on. */
  private void logWriteFailed(String failure) {
    err.println(
        "tpcc tpcb: error: "
            + failure
            + "; the run goes on without logging more transactions (exit code 1 at the end)");
    err.flush();
  }

  /** The reporter for {@code -P} lines and the results files; null when neither is wanted. */
  private Reporter startReporter(IntervalSampler sampler, long phaseStart, RunFigures figures) {
    boolean lines = config.progressSeconds() > 0;
    if (!lines && results == null && figures == null) {
      return null;
    }
    List<IntervalListener> listeners = new ArrayList<>();
    if (results != null) {
      listeners.add(results); // first: the file has every line that was printed
    }
    if (figures != null) {
      listeners.add(figures);
    }
    if (lines) {
      RunLimits limits = config.limits();
      boolean timestamps = config.messages().progressTimestamp();
      listeners.add(
          new LinePrinter(
              interval ->
                  ProgressLine.render(
                      timestamps
                          ? CFormat.fixed(System.currentTimeMillis() / 1000.0, 3)
                          : CFormat.fixed(interval.elapsedSeconds(), 1),
                      interval.seconds(),
                      interval.counters().allKinds(),
                      limits),
              err));
    }
    long period =
        TimeUnit.SECONDS.toNanos(
            lines ? config.progressSeconds() : Reporter.SECONDS_WITHOUT_REPORT_LINES);
    Reporter reporter =
        new Reporter(sampler, listeners, phaseStart, 0, period, Ticker.SYSTEM, "tpcb-intervals");
    reporter.start();
    return reporter;
  }

  private static Thread startDaemon(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private long transactions() {
    return counters.stream().mapToLong(ClientCounters::completed).sum();
  }

  /** Each script's per-command figures, summed over the clients once they have ended. */
  private List<ScriptResult> scriptResults(RunResult run) {
    List<ScriptResult> scripts = new ArrayList<>();
    for (int script = 0; script < config.scripts().size(); script++) {
      WeightedScript weighted = config.scripts().get(script);
      long completed = run.kind(script).completed();
      int n = weighted.commandLines().size();
      double[] commandMillis = new double[n];
      long[] failures = new long[n];
      long[] retries = new long[n];
      for (int c = 0; c < n; c++) {
        long nanos = 0;
        long runs = 0;
        for (CommandStats s : commandStats) {
          nanos += s.commandNanos(script, c);
          runs += s.commandRuns(script, c);
          failures[c] += s.commandFailures(script, c);
          retries[c] += s.commandRetries(script, c);
        }
        if (weighted.builtin()) {
          commandMillis[c] = completed == 0 ? 0 : nanos / 1e6 / completed;
        } else {
          // pgbench averages over the command's runs: a command an \if skipped ran fewer times
          commandMillis[c] = runs == 0 ? 0 : nanos / 1e6 / runs;
        }
      }
      scripts.add(new ScriptResult(weighted, commandMillis, failures, retries));
    }
    return scripts;
  }

  /**
   * The end of a run.
   *
   * @param result the figures
   * @param aborted whether a client stopped on an error (pgbench's exit code 2)
   * @param firstAborted with {@code --exit-on-abort}, the client whose abort ended the run, else -1
   * @param logFailure {@code cannot write <file>: <reason>} when the {@code -l} files could not be
   *     written to the end, else null
   */
  record Outcome(TpcbResult result, boolean aborted, int firstAborted, String logFailure) {}
}
