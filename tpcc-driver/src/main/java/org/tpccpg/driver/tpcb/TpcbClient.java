package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.core.tpcb.TpcbInputGenerator;
import org.tpccpg.core.tpcb.TpcbScale;
import org.tpccpg.driver.connect.PoolerHint;
import org.tpccpg.driver.metrics.OutageTracker;

/**
 * One pgbench client on a thread of its own: waits for its {@code -R} schedule, draws a script by
 * weight, runs its commands, records the latency, and repeats until the run stops or its {@code -t}
 * transactions are done. A serialization failure or deadlock rolls back and tries the same
 * transaction again (same random values) while {@code --max-tries} allows; a lost connection counts
 * the transaction as failed and reconnects, unless {@code --exit-on-abort}. With {@code -C} each
 * transaction gets a new connection. Nothing on the loop takes a lock; per transaction it allocates
 * an input record and PgJDBC's result set.
 */
final class TpcbClient implements Runnable {
  private static final long MIN_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final int id;
  private final TpcbRunConfig config;
  private final RunLimits limits;
  private final ConnectionFactory connections;
  private final boolean bigintAccountIds;
  private final ScriptExecutor executor;
  private final SplittableRandom random;
  private final ClientStats stats;
  private final RunGate gate;
  private final PrintWriter err;
  private final ScriptChooser scripts;
  private final Reconnector reconnector;
  private final ClientLog log;
  private Session session;
  private volatile Throwable failure;

  TpcbClient(
      int id,
      TpcbRunConfig config,
      ConnectionFactory connections,
      TpcbScale scale,
      SplittableRandom random,
      ClientStats stats,
      RunGate gate,
      OutageTracker outages,
      TxnLogBuffer log,
      PrintWriter err) {
    this.id = id;
    this.config = config;
    this.limits = config.limits();
    this.connections = connections;
    this.bigintAccountIds = scale.bigintAccountIds();
    this.random = random;
    this.stats = stats;
    this.gate = gate;
    this.err = err;
    ScriptCommand[][] commands =
        config.scripts().stream()
            .map(w -> w.script().commands().toArray(ScriptCommand[]::new))
            .toArray(ScriptCommand[][]::new);
    this.scripts = new ScriptChooser(config.scripts(), random);
    this.executor =
        new ScriptExecutor(
            commands,
            new TpcbInputGenerator(random.split(), scale),
            stats,
            config.reportPerCommand());
    this.reconnector = new Reconnector(gate, outages);
    this.log = new ClientLog(log, config.log().samplingRate(), random.split());
  }

  /** Why the client stopped early, or null. */
  Throwable failure() {
    return failure;
  }

  @Override
  public void run() {
    boolean ready = false;
    try {
      if (!config.connectPerTransaction()) {
        session = connect();
      }
      ready = true;
      gate.clientReady();
      if (gate.awaitOpen()) {
        loop();
      }
    } catch (SQLException e) {
      failure = e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      log.handOff();
      if (!ready) {
        gate.clientReady(); // connecting failed: do not keep the run waiting
      }
      closeSession();
    }
  }

  private void loop() throws SQLException, InterruptedException {
    long limit = config.timed() ? Long.MAX_VALUE : config.transactionsPerClient();
    Schedule schedule =
        limits.throttled()
            ? new Schedule(limits.rate(), config.clients(), random.split(), System.nanoTime())
            : null;
    long done = 0;
    while (done < limit) {
      long scheduled = schedule == null ? System.nanoTime() : schedule.next();
      if (!waitUntil(scheduled)) {
        return;
      }
      int script = scripts.next();
      if (limits.skipsLate() && System.nanoTime() - scheduled > latencyLimitNanos()) {
        stats.transactionSkipped(script);
        log.ended(0, 0, TxnOutcome.pack(TxnOutcome.SKIPPED, script, 0));
        done++;
        continue;
      }
      if (session == null && !openSession()) {
        return;
      }
      runWithRetries(script, schedule == null ? -1 : scheduled);
      if (config.connectPerTransaction()) {
        closeSession();
      }
      done++;
    }
  }

  /** Waits for a scheduled start; false when the run ends first. */
  private boolean waitUntil(long scheduled) throws InterruptedException {
    long now = System.nanoTime();
    while (now < scheduled && gate.running(now)) {
      LockSupport.parkNanos(Math.min(scheduled - now, MIN_WAIT_NANOS));
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      now = System.nanoTime();
    }
    return gate.running(now);
  }

  /**
   * Runs one transaction to success or to its final failure.
   *
   * @param scheduled its scheduled start under {@code -R}, else -1
   */
  private void runWithRetries(int script, long scheduled) throws SQLException {
    long start = System.nanoTime();
    long origin = scheduled < 0 ? start : scheduled;
    long lagMicros = scheduled < 0 ? 0 : (start - scheduled) / 1_000;
    for (int tries = 1; ; tries++) {
      try {
        executor.run(session, script, tries > 1);
        long micros = (System.nanoTime() - origin) / 1_000;
        boolean late = limits.latencyLimited() && micros > limits.latencyLimitMicros();
        stats.transactionDone(script, micros, lagMicros, tries, late);
        log.ended(micros, lagMicros, TxnOutcome.pack(TxnOutcome.OK, script, tries));
        return;
      } catch (SQLException e) {
        if (!retryAfter(e, script, tries, origin)) {
          return;
        }
      }
    }
  }

  /** Handles a failed try: true to try again, false when the transaction has failed for good. */
  private boolean retryAfter(SQLException e, int script, int tries, long origin)
      throws SQLException {
    SqlStateClass kind = SqlStateClass.of(e);
    if (kind.retryable()) {
      try {
        executor.rollback(session);
      } catch (SQLException lost) {
        return retryAfter(lost, script, tries, origin);
      }
      if (mayTryAgain(tries, origin)) {
        stats.commandRetried(script, executor.lastCommand());
        return true;
      }
      FailureKind failure = FailureKind.of(e);
      stats.transactionFailed(script, executor.lastCommand(), failure, tries);
      log.ended(0, 0, TxnOutcome.pack(TxnOutcome.of(failure), script, tries));
      return false;
    }
    if (kind == SqlStateClass.CONNECTION && !limits.exitOnAbort()) {
      stats.transactionFailed(script, executor.lastCommand(), FailureKind.CONNECTION, tries);
      log.ended(0, 0, TxnOutcome.pack(TxnOutcome.OTHER_FAILURE, script, tries));
      closeSession();
      return false;
    }
    err.println(
        "tpcc tpcb: error: client "
            + id
            + " aborted in command "
            + executor.lastCommand()
            + " (SQL) of script "
            + script
            + "; "
            + e.getMessage()
            + (kind == SqlStateClass.PREPARED_STATEMENT_MISMATCH
                ? "; " + PoolerHint.PREPARED_STATEMENTS_PGBENCH
                : ""));
    err.flush();
    throw e;
  }

  /** pgbench's rule: tries left, within the latency limit, and the run not over. */
  private boolean mayTryAgain(int tries, long origin) {
    long now = System.nanoTime();
    if (limits.maxTries() != 0 && tries >= limits.maxTries()) {
      return false;
    }
    if (limits.latencyLimited() && now - origin >= latencyLimitNanos()) {
      return false;
    }
    return gate.running(now);
  }

  private long latencyLimitNanos() {
    return TimeUnit.MICROSECONDS.toNanos(limits.latencyLimitMicros());
  }

  /**
   * Connects for {@code -C}, or after a lost connection with backoff; false when the run ended
   * first.
   */
  private boolean openSession() throws SQLException, InterruptedException {
    if (config.connectPerTransaction()) {
      try {
        session = connect();
        return true;
      } catch (SQLException e) {
        if (limits.exitOnAbort() || SqlStateClass.of(e) != SqlStateClass.CONNECTION) {
          throw e;
        }
      }
    }
    session = reconnector.reconnect(this::connect);
    if (session != null) {
      stats.reconnected();
    }
    return session != null;
  }

  private Session connect() throws SQLException {
    return Session.open(connections, bigintAccountIds, stats);
  }

  private void closeSession() {
    Session current = session;
    session = null;
    executor.sessionClosed();
    if (current != null) {
      try {
        current.connection().close();
      } catch (SQLException e) {
        // Closing is best effort; the server ends the session either way.
      }
    }
  }
}
