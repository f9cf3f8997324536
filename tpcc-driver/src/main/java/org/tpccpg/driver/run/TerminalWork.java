package org.tpccpg.driver.run;

import java.sql.SQLException;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.engine.ClientRecorder;
import org.tpccpg.driver.engine.ClientSession;
import org.tpccpg.driver.engine.ClientWork;
import org.tpccpg.driver.engine.DueScheduler;
import org.tpccpg.driver.metrics.SpecTimes;
import org.tpccpg.driver.spec.TerminalTimes;

/**
 * One spec-mode worker: takes the next due terminal from the scheduler, runs the transaction the
 * terminal keyed (its input drawn from the terminal's own generator) and, when the next one is
 * drawn, sends the terminal off to think. The engine measures each transaction from the terminal's
 * due time, so the wait for a worker and for a pooled connection is in its response time.
 *
 * <p>A Delivery is deferred (TPC-C 2.7.2): the worker queues it and the terminal goes on at once.
 * That interactive part needs no connection, so the worker records it itself, through its own
 * client's recorder on its own thread (the engine's only recorder for this client), and does not
 * hand it to the engine.
 */
final class TerminalWork implements ClientWork {
  private final TpccSession session;
  private final TransactionRunner runner;
  private final DueScheduler<SpecTerminal> scheduler;
  private final DeliveryQueue deliveries;
  private final TerminalTimes times;
  private final SpecTimes specTimes;
  private ClientRecorder recorder;
  private SpecTerminal current;

  TerminalWork(
      TpccSession session,
      TransactionRunner runner,
      DueScheduler<SpecTerminal> scheduler,
      DeliveryQueue deliveries,
      TerminalTimes times,
      SpecTimes specTimes) {
    this.session = session;
    this.runner = runner;
    this.scheduler = scheduler;
    this.deliveries = deliveries;
    this.times = times;
    this.specTimes = specTimes;
  }

  /** The recorder the engine tells this worker's outcomes to; before the run starts. */
  void recordTo(ClientRecorder clientRecorder) {
    this.recorder = clientRecorder;
  }

  @Override
  public ClientSession session() {
    return session;
  }

  @Override
  public int draw() {
    release();
    try {
      for (SpecTerminal t = scheduler.next(); t != null; t = scheduler.next()) {
        long taken = System.nanoTime();
        specTimes.taken(t.dueNanos(), taken);
        if (t.next() != TransactionType.DELIVERY) {
          current = t;
          runner.draw(t.next(), t.inputs());
          return t.next().ordinal();
        }
        deliveries.add(new DeliveryQueue.Request(t.inputs().delivery(), taken));
        long queued = System.nanoTime();
        recorder.completed(
            TransactionType.DELIVERY.ordinal(),
            queued - t.dueNanos(),
            taken - t.dueNanos(),
            1,
            true);
        specTimes.thought(TransactionType.DELIVERY, queued, t.finished(queued, times));
        scheduler.schedule(t);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the run is being torn down
    }
    return NO_MORE;
  }

  /** The terminal whose transaction ended (committed, rolled back or failed) goes on thinking. */
  private void release() {
    if (current != null) {
      long now = System.nanoTime();
      TransactionType done = current.next();
      specTimes.thought(done, now, current.finished(now, times));
      scheduler.schedule(current);
      current = null;
    }
  }

  @Override
  public long scheduledStartNanos() {
    return current.dueNanos();
  }

  @Override
  public boolean execute() throws SQLException {
    boolean result = runner.execute(session.connection());
    if (current.next() == TransactionType.NEW_ORDER) {
      // a try that returns completed the New-Order (committed, or rolled back on purpose, 2.4.2.3)
      specTimes.newOrderCompleted(System.nanoTime());
    }
    return result;
  }

  @Override
  public void rollback() throws SQLException {
    runner.rollbackAfterFailure(session.connection());
  }
}
