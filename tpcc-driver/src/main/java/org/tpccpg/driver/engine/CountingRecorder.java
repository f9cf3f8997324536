package org.tpccpg.driver.engine;

import java.sql.SQLException;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.FailureCause;
import org.tpccpg.driver.metrics.KindLatencies;

/**
 * The figures every workload keeps for a client: its {@link ClientCounters} and the run's shared
 * {@link KindLatencies}. A workload with figures of its own (pgbench's per-command times, its
 * {@code -l} log) wraps this one and adds them.
 */
public final class CountingRecorder implements ClientRecorder {
  private final ClientCounters counters;
  private final KindLatencies latencies;
  private final long latencyLimitNanos;

  /**
   * @param latencyLimitNanos a transaction slower than this is late ({@code -L}); 0 for no limit
   */
  public CountingRecorder(
      ClientCounters counters, KindLatencies latencies, long latencyLimitNanos) {
    if (latencyLimitNanos < 0) {
      throw new IllegalArgumentException(
          "latencyLimitNanos must be >= 0 but was " + latencyLimitNanos);
    }
    if (counters.kinds() != latencies.kinds()) {
      throw new IllegalArgumentException(
          "counters and latencies must have as many kinds, but had "
              + counters.kinds()
              + " and "
              + latencies.kinds());
    }
    this.counters = counters;
    this.latencies = latencies;
    this.latencyLimitNanos = latencyLimitNanos;
  }

  /** The client's counters. */
  public ClientCounters counters() {
    return counters;
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
    // pgbench compares whole microseconds
    boolean late = latencyLimitNanos > 0 && latencyNanos / 1_000 > latencyLimitNanos / 1_000;
    counters.completed(kind, latencyNanos, lagNanos, tries, committed, late);
    latencies.record(kind, latencyNanos);
  }

  @Override
  public void tryFailed(int kind, SqlStateClass failure, boolean retrying) {
    counters.tryFailed(kind, FailureCause.of(failure), retrying);
  }

  @Override
  public void failed(int kind, SqlStateClass failure, int tries) {
    counters.failed(kind, FailureCause.of(failure), tries);
  }

  /**
   * The try that ends the client counts as a failed try of its kind and cause, so the summary's
   * errors show it; it is not a failed transaction (the run ends, no later try could follow).
   */
  @Override
  public void aborting(int kind, SQLException error) {
    counters.tryFailed(kind, FailureCause.of(SqlStateClass.of(error)), false);
  }

  @Override
  public void skipped(int kind) {
    counters.skipped(kind);
  }

  @Override
  public void reconnected() {
    counters.reconnected();
  }
}
