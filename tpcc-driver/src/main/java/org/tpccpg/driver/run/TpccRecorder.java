package org.tpccpg.driver.run;

import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.engine.ClientRecorder;
import org.tpccpg.driver.metrics.LatencyRecorders;
import org.tpccpg.driver.metrics.ThreadCounters;

/**
 * One TPC-C client's figures as sysbench counts them: an event per transaction that ended (restarts
 * included), an error per failed try and per New-Order rolled back on purpose, a reconnect per
 * replaced connection; plus ours: outcomes per kind, failures by cause and retries.
 */
final class TpccRecorder implements ClientRecorder {
  private static final TransactionType[] KINDS = TransactionType.values();

  private final LatencyRecorders latencies;
  private final ThreadCounters counters;
  private final ErrorTally errors;

  TpccRecorder(LatencyRecorders latencies, ThreadCounters counters, ErrorTally errors) {
    this.latencies = latencies;
    this.counters = counters;
    this.errors = errors;
  }

  @Override
  public void started() {
    counters.started();
  }

  @Override
  public void stopped(long nowNanos) {
    counters.stopped(nowNanos);
  }

  @Override
  public void completed(int kind, long latencyNanos, long lagNanos, int tries, boolean committed) {
    TransactionType type = KINDS[kind];
    counters.eventCompleted(latencyNanos);
    latencies.record(type, latencyNanos);
    if (committed) {
      counters.committed(type);
    } else {
      counters.rolledBack(type);
      counters.addError(); // sysbench counts the 1 % New-Order rollback as an error too
    }
  }

  @Override
  public void tryFailed(int kind, SqlStateClass failure, boolean retrying) {
    counters.addError();
    counters.failed(KINDS[kind]);
    errors.failed(ErrorCause.of(failure));
    if (retrying) {
      errors.retried();
    }
  }

  @Override
  public void failed(int kind, SqlStateClass failure, int tries) {
    // Under the event rule a transaction never fails for good: tryFailed counted each try.
  }

  @Override
  public void skipped(int kind) {
    // No latency limit in a TPC-C run: nothing is skipped.
  }

  @Override
  public void reconnected() {
    counters.addReconnect();
  }
}
