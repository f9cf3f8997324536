package org.tpccpg.driver.engine;

import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * One client on a thread of its own, the same loop for every workload: waits at the gate until
 * every client is connected, then, until the run ends or its transactions are done, waits for its
 * schedule (with a rate), draws a transaction, runs it and tells the recorder how it ended.
 *
 * <p>A failed try rolls back. A serialization failure or deadlock is tried again with the same
 * input while {@code maxTries}, the latency limit and the run allow; then the transaction fails or,
 * under {@link EngineConfig.AfterLastTry#REDRAW}, the event goes on with a new one. A lost
 * connection is replaced with capped exponential backoff (0.1 s doubling to 5 s) and tracked as an
 * outage, unless {@code exitOnAbort}. Any other error stops the client, or the run.
 *
 * <p>Nothing on the loop takes a lock or allocates beyond what the workload does.
 */
final class Client implements Runnable {
  static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** How long a wait goes without looking at the run's end. */
  private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final EngineConfig config;
  private final ClientWork work;
  private final ClientSession session;
  private final ClientRecorder recorder;
  private final RunControl control;
  private final OutageMonitor outages;
  private final SplittableRandom scheduleRandom;
  private final int index; // 0, 1, ...: which client, for the outages
  private boolean lost; // the connection was lost: the next one is opened after a backoff
  private volatile Throwable failure;
  // When the try in progress started, for the engine's StallWatch; a volatile write per try, no
  // lock.
  private volatile long tryStart = StallWatch.IDLE;

  Client(
      int index,
      EngineConfig config,
      ClientWork work,
      ClientRecorder recorder,
      RunControl control,
      OutageMonitor outages,
      SplittableRandom scheduleRandom) {
    this.index = index;
    this.config = config;
    this.work = work;
    this.session = work.session();
    this.recorder = recorder;
    this.control = control;
    this.outages = outages;
    this.scheduleRandom = scheduleRandom;
  }

  /**
   * The wait before reconnection attempt {@code attempt} (1, 2, ...): 0.1 s doubling, at most 5 s.
   */
  static long backoffNanos(int attempt) {
    if (attempt >= 7) {
      return MAX_BACKOFF_NANOS; // 0.1 s * 2^6 is already above the cap
    }
    return Math.min(FIRST_BACKOFF_NANOS << (attempt - 1), MAX_BACKOFF_NANOS);
  }

  /** The error that stopped this client, or null. */
  Throwable failure() {
    return failure;
  }

  /** When the try in progress started ({@link System#nanoTime()}), or {@link StallWatch#IDLE}. */
  long tryStartNanos() {
    return tryStart;
  }

  /** Frees the client from a statement or login the server does not answer; any thread. */
  void abort() {
    session.abort();
  }

  @Override
  public void run() {
    boolean ready = false;
    boolean started = false;
    try {
      session.start();
      ready = true;
      control.clientReady();
      if (control.awaitOpen()) {
        started = true;
        recorder.started();
        loop();
      }
    } catch (SQLException e) {
      stop(e, started);
    } catch (RuntimeException e) {
      // A bug, ours or the driver's: the workload never saw it, so it is told here, or the run
      // would end aborted without a reason.
      if (!control.abortedAtEnd()) {
        recorder.failedUnexpectedly(e);
      }
      stop(e, started);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the run is being torn down
    } finally {
      tryStart = StallWatch.IDLE; // also after an exception from the workload
      if (!ready) {
        control.clientReady(); // connecting failed: do not keep the run waiting
      }
      session.close();
      if (started) {
        recorder.stopped(System.nanoTime());
      }
      recorder.close();
    }
  }

  private void stop(Exception e, boolean started) {
    if (!control.abortedAtEnd()) { // else the run closed the connection itself, at its end
      failure = e;
      if (config.fatalEndsRun() || !started) {
        control.fail(e);
      }
    }
  }

  private void loop() throws SQLException {
    long limit =
        config.transactionsPerClient() == 0 ? Long.MAX_VALUE : config.transactionsPerClient();
    Pacer pacer =
        config.paced()
            ? new Pacer(config.rate(), config.clients(), scheduleRandom, System.nanoTime())
            : null;
    for (long done = 0; done < limit && control.mayStart(); done++) {
      long scheduled = pacer == null ? System.nanoTime() : pacer.next();
      if (pacer != null && config.scheduledPastEndStops() && control.pastDeadline(scheduled)) {
        return; // pgbench's client finishes when its next transaction is beyond the end
      }
      if (pacer != null && !waitUntil(scheduled)) {
        return;
      }
      int kind = work.draw();
      if (kind == ClientWork.NO_MORE) {
        return;
      }
      long own = work.scheduledStartNanos();
      if (own != ClientWork.UNSCHEDULED) {
        scheduled = own;
      }
      boolean paced = pacer != null || own != ClientWork.UNSCHEDULED;
      if (config.skipLate() && System.nanoTime() - scheduled > config.latencyLimitNanos()) {
        recorder.skipped(kind);
        continue;
      }
      if (!runTransaction(kind, scheduled, paced)) {
        return;
      }
    }
  }

  /** Waits for a scheduled start; false when the run ends first. */
  private boolean waitUntil(long scheduled) {
    for (long wait = scheduled - System.nanoTime();
        wait > 0;
        wait = scheduled - System.nanoTime()) {
      if (!control.running()) {
        return false;
      }
      LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
      if (Thread.currentThread().isInterrupted()) {
        return false;
      }
    }
    return control.running();
  }

  /**
   * Runs one transaction (under {@code REDRAW}: one event) to its end.
   *
   * @param scheduled its start: the schedule's under a rate, else now
   * @return false when the run ended before it could end
   */
  private boolean runTransaction(int drawn, long scheduled, boolean paced) throws SQLException {
    int kind = drawn;
    session.takeConnectNanos(); // only this transaction's connecting is left out of its latency
    long lagNanos = -1;
    for (int tries = 1; ; tries++) {
      if (!session.isOpen() && !connect()) {
        return false;
      }
      if (lagNanos < 0) {
        lagNanos = paced ? Math.max(0, System.nanoTime() - scheduled) : 0;
      }
      SqlStateClass failure;
      tryStart = System.nanoTime();
      try {
        boolean committed = work.execute();
        tryStart = StallWatch.IDLE;
        long latencyNanos =
            latencySince(scheduled, paced); // before a -C connection closes, as pgbench
        session.transactionEnded();
        recorder.completed(kind, latencyNanos, lagNanos, tries, committed);
        failure = null;
      } catch (SQLException e) {
        tryStart = StallWatch.IDLE;
        if (control.abortedAtEnd()) {
          return false; // the run closed the connection itself, at its end: no one's error
        }
        recorder.tryError(kind, e, tries);
        failure = endFailedTry(kind, e);
      }
      if (failure == null) {
        afterCompleted(kind); // outside the try: its error is not the transaction's
        return true;
      }
      boolean retry =
          failure.retryable() && !lost && mayTryAgain(tries, scheduled) && control.running();
      recorder.tryFailed(kind, failure, retry);
      if (retry) {
        continue; // on the same connection, also with one per transaction
      }
      if (session.isOpen()) {
        session.transactionEnded();
      }
      if (config.afterLastTry() == EngineConfig.AfterLastTry.FAIL) {
        recorder.failed(kind, failure, tries);
        return true;
      }
      if (!control.running()) {
        return false;
      }
      kind = work.draw(); // sysbench restarts the event with a new transaction
      if (kind == ClientWork.NO_MORE) {
        return false;
      }
      tries = 0;
    }
  }

  private void afterCompleted(int kind) throws SQLException {
    try {
      work.afterCompleted();
    } catch (SQLException e) {
      recorder.aborting(kind, e);
      throw e;
    }
  }

  /**
   * Ends a failed try: rolls back, or closes a lost connection. Rethrows what the client cannot
   * survive.
   *
   * @return the failure's class; {@link SqlStateClass#CONNECTION} also when the rollback found the
   *     connection gone
   */
  private SqlStateClass endFailedTry(int kind, SQLException e) throws SQLException {
    SqlStateClass failure = SqlStateClass.of(e);
    if (failure == SqlStateClass.CONNECTION && !config.exitOnAbort()) {
      connectionLost();
      return failure;
    }
    if (!config.survives(failure, e)) {
      recorder.aborting(kind, e);
      throw e;
    }
    try {
      work.rollback();
      return failure;
    } catch (SQLException rollbackFailure) {
      if (SqlStateClass.of(rollbackFailure) == SqlStateClass.CONNECTION && !config.exitOnAbort()) {
        connectionLost();
        return SqlStateClass.CONNECTION;
      }
      recorder.aborting(kind, rollbackFailure);
      throw rollbackFailure;
    }
  }

  private void connectionLost() {
    session.close();
    lost = true;
  }

  /** pgbench's rule: tries left and, with a latency limit, still within it. */
  private boolean mayTryAgain(int tries, long start) {
    if (config.maxTries() != 0 && tries >= config.maxTries()) {
      return false;
    }
    return config.latencyLimitNanos() == 0
        || System.nanoTime() - start < config.latencyLimitNanos();
  }

  private long latencySince(long start, boolean paced) {
    long connecting = session.takeConnectNanos();
    if (paced && config.pacedLatencyIncludesConnecting()) {
      connecting = 0;
    }
    return Math.max(0, System.nanoTime() - start - connecting);
  }

  /**
   * Opens the connection for the next try: at once, unless the last one was lost; then (or when
   * that fails for a lost connection) after a backoff, until one opens or the run ends.
   *
   * @return false when the run ended first
   */
  private boolean connect() throws SQLException {
    if (!lost) {
      try {
        session.open();
        return true;
      } catch (SQLException e) {
        if (config.exitOnAbort() || SqlStateClass.of(e) != SqlStateClass.CONNECTION) {
          recorder.connectFailed(e);
          throw e;
        }
      }
    }
    lost = false;
    return reconnect();
  }

  /**
   * Replaces a lost connection, waiting 0.1 s, 0.2 s, ... up to 5 s between attempts, but never
   * past the end of the run: a server that stays down must not keep the run going. An error that is
   * not about the connection (a wrong password, a dropped database) stops the client.
   */
  private boolean reconnect() throws SQLException {
    outages.connectionLost(index);
    try {
      for (int attempt = 1; control.running(); attempt++) {
        LockSupport.parkNanos(Math.min(backoffNanos(attempt), Math.max(0, control.nanosLeft())));
        if (Thread.currentThread().isInterrupted() || !control.running()) {
          break;
        }
        try {
          session.open();
          recorder.reconnected();
          return true;
        } catch (SQLException e) {
          if (SqlStateClass.of(e) != SqlStateClass.CONNECTION) {
            recorder.connectFailed(e);
            throw e;
          }
        }
      }
      return false;
    } finally {
      outages.reconnected();
    }
  }
}
