package org.tpccpg.driver.run;

import java.sql.SQLException;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.driver.engine.ClientRecorder;
import org.tpccpg.driver.engine.ClientSession;
import org.tpccpg.driver.engine.ClientWork;
import org.tpccpg.driver.metrics.SpecTimes;

/**
 * One background executor of deferred Deliveries (TPC-C 2.7.2): takes the queued requests in order
 * and runs them. The engine measures each from its queueing, so its latency is the deferred
 * response time; {@link Recorder} splits it into the time queued and the time executing.
 */
final class DeliveryWork implements ClientWork {
  private final TpccSession session;
  private final TransactionRunner runner;
  private final DeliveryQueue deliveries;
  private final int kind;
  private DeliveryQueue.Request current;
  private long districtsDelivered; // by the last try that returned
  private long districtsSkipped;

  /**
   * @param kind the kind deferred Deliveries are recorded under
   */
  DeliveryWork(TpccSession session, TransactionRunner runner, DeliveryQueue deliveries, int kind) {
    this.session = session;
    this.runner = runner;
    this.deliveries = deliveries;
    this.kind = kind;
  }

  @Override
  public ClientSession session() {
    return session;
  }

  @Override
  public int draw() {
    try {
      current = deliveries.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the run is being torn down
      current = null;
    }
    if (current == null) {
      return NO_MORE;
    }
    runner.deliver(current.input(), kind);
    return kind;
  }

  @Override
  public long scheduledStartNanos() {
    return current.queuedNanos();
  }

  @Override
  public boolean execute() throws SQLException {
    // this executor's runner counts over the whole run; the difference is this Delivery's
    long delivered = runner.districtsDelivered();
    long skipped = runner.districtsSkipped();
    boolean committed = runner.execute(session.connection());
    districtsDelivered = runner.districtsDelivered() - delivered;
    districtsSkipped = runner.districtsSkipped() - skipped;
    return committed;
  }

  @Override
  public void rollback() throws SQLException {
    runner.rollbackAfterFailure(session.connection());
  }

  /**
   * An executor's recorder: the counting one, plus the queue's completion count and the split of
   * each response time into queueing (the engine's lag: queued until a connection was in hand) and
   * execution.
   */
  static final class Recorder implements ClientRecorder {
    private final ClientRecorder counting;
    private final DeliveryQueue deliveries;
    private final SpecTimes specTimes;
    private final DeliveryWork work;

    Recorder(
        ClientRecorder counting, DeliveryQueue deliveries, SpecTimes specTimes, DeliveryWork work) {
      this.counting = counting;
      this.deliveries = deliveries;
      this.specTimes = specTimes;
      this.work = work;
    }

    @Override
    public void started() {
      counting.started();
    }

    @Override
    public void stopped(long nowNanos) {
      counting.stopped(nowNanos);
    }

    @Override
    public void completed(
        int kind, long latencyNanos, long lagNanos, int tries, boolean committed) {
      counting.completed(kind, latencyNanos, lagNanos, tries, committed);
      specTimes.delivered(
          work.current.queuedNanos(),
          lagNanos,
          latencyNanos - lagNanos,
          work.districtsDelivered,
          work.districtsSkipped);
      deliveries.ended(true);
    }

    @Override
    public void tryFailed(int kind, SqlStateClass failure, boolean retrying) {
      counting.tryFailed(kind, failure, retrying);
    }

    @Override
    public void failed(int kind, SqlStateClass failure, int tries) {
      counting.failed(kind, failure, tries);
      deliveries.ended(false);
    }

    @Override
    public void skipped(int kind) {
      counting.skipped(kind);
    }

    @Override
    public void reconnected() {
      counting.reconnected();
    }

    @Override
    public void aborting(int kind, SQLException error) {
      counting.aborting(kind, error);
    }

    @Override
    public void close() {
      counting.close();
    }
  }
}
