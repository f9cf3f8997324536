package org.tpccpg.driver.engine;

import java.sql.SQLException;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * Where the engine tells one client's outcomes, each once, from the client's own thread: the only
 * place a workload's figures are fed. Latencies are measured by the engine, in nanoseconds, from
 * the transaction's start (its scheduled start under a rate), connecting left out.
 */
public interface ClientRecorder {
  /** The client entered its loop (the run has begun). */
  default void started() {}

  /** The client left its loop at {@code nowNanos}. */
  default void stopped(long nowNanos) {}

  /**
   * A transaction ended.
   *
   * @param kind its kind (after a redraw: the kind of the one that ended)
   * @param latencyNanos from its start, every try included
   * @param lagNanos how late it started against its schedule, 0 without a rate
   * @param tries how many tries of its input it took
   * @param committed false when the workload rolled it back on purpose
   */
  void completed(int kind, long latencyNanos, long lagNanos, int tries, boolean committed);

  /** Try {@code tries} failed with {@code error}; said before it is rolled back. */
  default void tryError(int kind, SQLException error, int tries) {}

  /**
   * One try failed and was rolled back (or its connection lost).
   *
   * @param retrying whether the same input is tried again next
   */
  void tryFailed(int kind, SqlStateClass failure, boolean retrying);

  /** A transaction failed for good after {@code tries} tries (the engine's {@code FAIL} rule). */
  void failed(int kind, SqlStateClass failure, int tries);

  /** A transaction was skipped: it could not start within the latency limit. */
  void skipped(int kind);

  /** A lost connection was replaced. */
  void reconnected();

  /** The client stops on an error it cannot survive; the run's outcome reports it too. */
  default void aborting(int kind, SQLException error) {}

  /**
   * The client stops because a connection could not be opened: {@code error} is not about the
   * connection being lost (a database that refuses connections, a role that may not log in), or the
   * run exits on abort.
   */
  default void connectFailed(SQLException error) {}

  /**
   * The client stops on an exception that is not an {@link SQLException} (a bug): a workload prints
   * it, since no other line would say why the client stopped.
   */
  default void failedUnexpectedly(RuntimeException error) {}

  /** The client is done; last call. */
  default void close() {}
}
