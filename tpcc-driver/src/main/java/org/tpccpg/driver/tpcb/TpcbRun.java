package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.core.tpcb.TpcbScale;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.report.Ticker;
import org.tpccpg.driver.results.ResultsFiles;

/**
 * A pgbench run: one thread per client (pgbench's {@code -j} is reported but not needed, see
 * docs/tpcb.md), a progress reporter for {@code -P}, and the figures for the closing block. {@link
 * #requestStop()} (Ctrl-C, SIGTERM) ends the run after each client's current transaction.
 */
final class TpcbRun {
  private final TpcbRunConfig config;
  private final ConnectionFactory connections;
  private final TpcbDatabase database;
  private final PrintWriter err;
  private final RunGate gate;
  private final TpcbResults results; // null: no results files
  private final List<TpcbClient> clients = new ArrayList<>();
  private final List<ClientStats> stats = new ArrayList<>();
  private OutageTracker outages;
  private TxnLogWriter logWriter;

  /**
   * A run that also records every interval in {@code results} (every {@code -P} seconds, or every
   * {@link ResultsFiles#INTERVAL_SECONDS_WITHOUT_REPORTS} without {@code -P}).
   */
  TpcbRun(
      TpcbRunConfig config,
      ConnectionFactory connections,
      TpcbDatabase database,
      PrintWriter err,
      TpcbResults results) {
    this.config = config;
    this.connections = connections;
    this.database = database;
    this.err = err;
    this.gate = new RunGate(config.clients());
    this.results = results;
  }

  /** Stops the clients after their current transaction. Any thread. */
  void requestStop() {
    gate.stop();
  }

  /** Runs to the end; the result also when some clients aborted ({@link Outcome#aborted()}). */
  Outcome run() throws InterruptedException, SQLException {
    long start = System.nanoTime();
    outages = new OutageTracker(this::transactions, System::nanoTime, start);
    Thread logThread = openLog();
    List<Thread> threads = startClients();
    gate.awaitClients();
    SQLException connectFailure = firstFailure();
    if (connectFailure != null) {
      gate.stop();
      joinAll(threads);
      if (logWriter != null) {
        logWriter.finish(logThread); // a failed write was told; the connect failure ends the run
      }
      throw connectFailure;
    }
    long phaseStart = System.nanoTime();
    gate.open(phaseStart, TimeUnit.SECONDS.toNanos(config.durationSeconds()));
    Thread reporter = startReporter(phaseStart);
    Thread sampler = startDaemon(this::sampleOutages, "tpcb-outages");
    joinAll(threads);
    long end = System.nanoTime();
    String logFailure = logWriter == null ? null : logWriter.finish(logThread);
    sampler.interrupt();
    if (reporter != null) {
      reporter.interrupt();
      reporter.join();
    }
    return new Outcome(result(start, phaseStart, end), firstFailure() != null, logFailure);
  }

  private List<Thread> startClients() {
    SplittableRandom seeds = new SplittableRandom(config.seed());
    int maxCommands = config.maxCommands();
    List<Thread> threads = new ArrayList<>();
    ClientThreads.Kind threadKind = ClientThreads.preferred();
    for (int i = 0; i < config.clients(); i++) {
      ClientStats clientStats =
          new ClientStats(
              config.scripts().size(), maxCommands, results == null ? null : results.latencies());
      TpcbClient client =
          new TpcbClient(
              i,
              config,
              connections,
              new TpcbScale(database.scale()),
              seeds.split(),
              clientStats,
              gate,
              outages,
              logWriter == null
                  ? null
                  : new TxnLogBuffer(i, i * config.threads() / config.clients(), logWriter),
              err);
      stats.add(clientStats);
      clients.add(client);
      Thread thread = ClientThreads.unstarted(threadKind, "tpcb-client-" + i, client);
      threads.add(thread);
      thread.start();
    }
    return threads;
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

  private Thread startReporter(long phaseStart) {
    boolean lines = config.progressSeconds() > 0;
    if (!lines && results == null) {
      return null;
    }
    long period =
        TimeUnit.SECONDS.toNanos(
            lines ? config.progressSeconds() : ResultsFiles.INTERVAL_SECONDS_WITHOUT_REPORTS);
    return startDaemon(
        new IntervalReporter(
            stats, config.limits(), lines ? err : null, results, phaseStart, period, Ticker.SYSTEM),
        "tpcb-intervals");
  }

  private static Thread startDaemon(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private void sampleOutages() {
    try {
      while (true) {
        TimeUnit.SECONDS.sleep(1);
        outages.tick();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the run is over
    }
  }

  private long transactions() {
    long sum = 0;
    for (ClientStats s : stats) {
      sum += s.totals().count();
    }
    return sum;
  }

  private static void joinAll(List<Thread> threads) throws InterruptedException {
    for (Thread thread : threads) {
      thread.join();
    }
  }

  private SQLException firstFailure() {
    for (TpcbClient client : clients) {
      if (client.failure() instanceof SQLException e) {
        return e;
      }
    }
    return null;
  }

  private TpcbResult result(long start, long phaseStart, long end) {
    boolean reconnecting = config.connectPerTransaction();
    long connectionNanos = stats.stream().mapToLong(ClientStats::connectionNanos).sum();
    long connectionCount = stats.stream().mapToLong(ClientStats::connections).sum();
    double connectionMillis =
        reconnecting
            ? (connectionCount == 0 ? 0 : connectionNanos / 1e6 / connectionCount)
            : (phaseStart - start) / 1e6;
    long benchNanos = reconnecting ? end - start : end - phaseStart;
    Histogram latencies = new Histogram(3);
    stats.forEach(s -> latencies.add(s.latencies()));
    if (results != null) {
      latencies.add(results.latencies().drain()); // the clients recorded there instead
    }
    List<ScriptResult> scripts = new ArrayList<>();
    for (int i = 0; i < config.scripts().size(); i++) {
      scripts.add(scriptResult(i));
    }
    return new TpcbResult(
        config,
        database.scale(),
        database.partitionMethod(),
        database.partitions(),
        benchNanos / 1e9,
        connectionMillis,
        scripts,
        latencies,
        stats.stream().mapToLong(ClientStats::reconnects).sum(),
        outages.outages());
  }

  private ScriptResult scriptResult(int script) {
    WeightedScript weighted = config.scripts().get(script);
    Totals totals = Totals.ZERO;
    for (ClientStats s : stats) {
      totals = totals.plus(s.totals(script));
    }
    int n = weighted.script().commands().size();
    double[] commandMillis = new double[n];
    long[] failures = new long[n];
    long[] retries = new long[n];
    for (int c = 0; c < n; c++) {
      long nanos = 0;
      for (ClientStats s : stats) {
        nanos += s.commandNanos(script, c);
        failures[c] += s.commandFailures(script, c);
        retries[c] += s.commandRetries(script, c);
      }
      commandMillis[c] = totals.count() == 0 ? 0 : nanos / 1e6 / totals.count();
    }
    return new ScriptResult(weighted, totals, commandMillis, failures, retries);
  }

  /**
   * The end of a run.
   *
   * @param result the figures
   * @param aborted whether a client stopped on an error (pgbench's exit code 2)
   * @param logFailure {@code cannot write <file>: <reason>} when the {@code -l} files could not be
   *     written to the end, else null
   */
  record Outcome(TpcbResult result, boolean aborted, String logFailure) {}
}
