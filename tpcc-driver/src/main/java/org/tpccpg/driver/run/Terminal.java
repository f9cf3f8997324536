package org.tpccpg.driver.run;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.core.tpcc.InputGenerator;
import org.tpccpg.core.tpcc.TransactionMix;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.LatencyRecorders;
import org.tpccpg.driver.metrics.ThreadCounters;
import org.tpccpg.driver.metrics.TxnKind;

/**
 * One worker thread with one connection at a time, running events back to back (or at its share of
 * {@code --rate}), as sysbench's threads do: each event draws a transaction type from the mix, runs
 * it, and records its latency. Its {@link Session} holds the connection for the whole run or opens
 * one per transaction ({@code -C}); a latency never includes the time spent opening a connection.
 *
 * <p>Deadlocks, serialization failures and unique violations roll back and count as errors; then
 * the same input is tried again while {@code --max-tries} allows, else the event goes on with a
 * newly drawn transaction (sysbench-tpcc's restart). A lost connection counts the interrupted
 * transaction as an error and reconnects with capped exponential backoff until the run ends, unless
 * {@code --exit-on-abort}. Any other SQL error stops the run.
 */
final class Terminal implements Runnable {
  private static final TxnKind[] KINDS = new TxnKind[TransactionType.values().length];
  private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

  static {
    for (TransactionType type : TransactionType.values()) {
      KINDS[type.ordinal()] = TxnKind.valueOf(type.name());
    }
  }

  private final int id;
  private final RunConfig config;
  private final Session session;
  private final LatencyRecorders latencies;
  private final ThreadCounters counters;
  private final ErrorTally errors;
  private final RunControl control;
  private final OutageMonitor outages;
  private final TpccRandom random;
  private final TransactionRunner runner;

  Terminal(
      int id,
      RunConfig config,
      ConnectionFactory connections,
      NuRandConstants runConstants,
      Sinks sinks,
      RunControl control) {
    this.id = id;
    this.config = config;
    this.session =
        new Session(connections, config.isolation(), config.connectionMode(), sinks.connects());
    this.latencies = sinks.latencies();
    this.counters = sinks.counters();
    this.errors = sinks.errors();
    this.outages = sinks.outages();
    this.control = control;
    this.random = new TpccRandom(TpccRandom.mix(config.seed(), id), runConstants);
    InputGenerator inputs = new InputGenerator(random, config.shape());
    this.runner = new TransactionRunner(inputs, config.shape(), new CountingStatements(counters));
  }

  /** Where a worker's measurements go. */
  record Sinks(
      LatencyRecorders latencies,
      ThreadCounters counters,
      ErrorTally errors,
      OutageMonitor outages,
      ConnectionTimes connects) {}

  /** Takes a connection opened before the run for the first transaction. */
  void adopt(ConnectionOpener.Opened opened) throws SQLException {
    session.adopt(opened);
  }

  /** Frees the worker from a statement or login the server does not answer; any thread. */
  void abort() {
    session.abort();
  }

  @Override
  public void run() {
    counters.started();
    try {
      session.start();
      loop(new TransactionMix(config.purge()));
    } catch (SQLException | RuntimeException e) {
      control.fail(e); // ignored when the run closed the connection itself at its end
    } finally {
      session.close();
      counters.stopped(System.nanoTime());
    }
  }

  private void loop(TransactionMix mix) throws SQLException {
    Pacer pacer = Pacer.forShare(config.rate(), config.threads(), config.seed(), id);
    while (control.mayStartEvent()) {
      long intended = pacer.awaitNext(control);
      if (intended < 0) {
        return; // interrupted, or the run ended, while waiting for the schedule
      }
      runner.draw(mix.next(random));
      session.takeConnectNanos(); // only this event's connecting is left out of its latency
      Boolean committed = runEvent(mix);
      if (committed == null) {
        return; // stopped while restarting or reconnecting
      }
      long latency = Math.max(0, System.nanoTime() - intended - session.takeConnectNanos());
      TxnKind kind = KINDS[runner.current().ordinal()];
      counters.eventCompleted(latency);
      latencies.record(kind, latency);
      if (committed) {
        counters.committed(kind);
      } else {
        counters.rolledBack(kind);
        counters.addError(); // sysbench counts the 1 % New-Order rollback as an error too
      }
    }
  }

  /** Runs the drawn transaction to its end; null if the run stopped before it could end. */
  private Boolean runEvent(TransactionMix mix) throws SQLException {
    int tries = 0;
    while (true) {
      try {
        tries++;
        boolean committed = runner.execute(session.connection());
        session.transactionEnded();
        return committed;
      } catch (SQLException e) {
        if (control.abortedAtEnd()) {
          return null; // the run closed the connection itself, at its end: no one's error
        }
        SqlStateClass failure = SqlStateClass.of(e);
        counters.addError();
        counters.failed(KINDS[runner.current().ordinal()]);
        errors.failed(ErrorCause.of(e));
        if (failure == SqlStateClass.CONNECTION && !config.exitOnAbort()) {
          if (!reconnect()) {
            return null;
          }
        } else if (failure.ignorable()) {
          if (!rollbackOrReconnect()) {
            return null;
          }
        } else {
          throw e;
        }
        if (!control.running()) {
          return null;
        }
        if (retrySameInput(failure, tries)) {
          errors.retried();
        } else {
          runner.draw(mix.next(random)); // sysbench restarts the event with a new transaction
          tries = 0;
        }
      }
    }
  }

  /** Rolls back after an ignorable error; the connection may have gone in the meantime. */
  private boolean rollbackOrReconnect() throws SQLException {
    try {
      runner.rollbackAfterFailure(session.connection());
      session.transactionEnded();
      return true;
    } catch (SQLException e) {
      if (SqlStateClass.of(e) == SqlStateClass.CONNECTION && !config.exitOnAbort()) {
        return reconnect();
      }
      throw e;
    }
  }

  private boolean retrySameInput(SqlStateClass failure, int tries) {
    return failure.retryable() && !config.shape().sysbenchCompat() && tries < config.maxTries();
  }

  /**
   * Replaces a lost connection, waiting 0.1 s, 0.2 s, ... up to 5 s between attempts, but never
   * past the end of the run: a server that stays down must not keep the run going.
   */
  private boolean reconnect() {
    outages.connectionLost();
    session.close();
    long backoff = FIRST_BACKOFF_NANOS;
    while (control.running()) {
      LockSupport.parkNanos(Math.min(backoff, control.nanosLeft()));
      if (Thread.currentThread().isInterrupted() || !control.running()) {
        break;
      }
      try {
        session.connection();
        counters.addReconnect();
        outages.reconnected();
        return true;
      } catch (SQLException e) {
        backoff = Math.min(backoff * 2, MAX_BACKOFF_NANOS);
      }
    }
    outages.reconnected();
    return false;
  }

  /** Open-loop arrivals for {@code --rate}: latency counts from the scheduled start. */
  static final class Pacer {
    /** How long a wait goes without looking at the run's end. */
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final double meanGapNanos;
    private final TpccRandom random;
    private long next;

    private Pacer(double meanGapNanos, TpccRandom random) {
      this.meanGapNanos = meanGapNanos;
      this.random = random;
      this.next = System.nanoTime();
    }

    /** Each thread gets a Poisson process of rate/threads; together they make one of rate. */
    static Pacer forShare(double rate, int threads, long seed, int id) {
      double gap = rate > 0 ? 1e9 * threads / rate : 0;
      return new Pacer(gap, new TpccRandom(TpccRandom.mix(seed, id, 0x7ace)));
    }

    /**
     * Waits for the next scheduled start and returns it; now when there is no rate; -1 when the run
     * ends first (a low rate may schedule the next start past its end).
     */
    long awaitNext(RunControl control) {
      if (meanGapNanos == 0) {
        return System.nanoTime();
      }
      next += (long) (-Math.log(1.0 - random.uniformDouble()) * meanGapNanos);
      for (long wait = next - System.nanoTime(); wait > 0; wait = next - System.nanoTime()) {
        LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
        if (Thread.currentThread().isInterrupted() || !control.running()) {
          return -1;
        }
      }
      return next;
    }
  }
}
