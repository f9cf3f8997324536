package org.tpccpg.driver.run;

import java.sql.Connection;
import java.sql.SQLException;
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
 * One worker thread with one connection for the whole run, running events back to back (or at its
 * share of {@code --rate}), as sysbench's threads do: each event draws a transaction type from the
 * mix, runs it, and records its latency.
 *
 * <p>Deadlocks, serialization failures and unique violations roll back, count as errors, and the
 * event goes on with a newly drawn transaction (sysbench-tpcc's restart). Any other SQL error stops
 * the run.
 */
final class Terminal implements Runnable {
  private static final TxnKind[] KINDS = new TxnKind[TransactionType.values().length];

  static {
    for (TransactionType type : TransactionType.values()) {
      KINDS[type.ordinal()] = TxnKind.valueOf(type.name());
    }
  }

  private final int id;
  private final RunConfig config;
  private final ConnectionFactory connections;
  private final NuRandConstants runConstants;
  private final LatencyRecorders latencies;
  private final ThreadCounters counters;
  private final RunControl control;

  Terminal(
      int id,
      RunConfig config,
      ConnectionFactory connections,
      NuRandConstants runConstants,
      LatencyRecorders latencies,
      ThreadCounters counters,
      RunControl control) {
    this.id = id;
    this.config = config;
    this.connections = connections;
    this.runConstants = runConstants;
    this.latencies = latencies;
    this.counters = counters;
    this.control = control;
  }

  @Override
  public void run() {
    counters.running(true);
    try (Connection connection = connections.open()) {
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(config.isolation().jdbcLevel());
      TpccRandom random = new TpccRandom(TpccRandom.mix(config.seed(), id), runConstants);
      TransactionRunner runner =
          new TransactionRunner(
              connection,
              new InputGenerator(random, config.shape()),
              config.shape(),
              new CountingStatements(counters));
      loop(runner, new TransactionMix(config.purge()), random);
    } catch (SQLException | RuntimeException e) {
      control.fail(e);
    } finally {
      counters.running(false);
    }
  }

  private void loop(TransactionRunner runner, TransactionMix mix, TpccRandom random)
      throws SQLException {
    Pacer pacer = Pacer.forShare(config.rate(), config.threads(), config.seed(), id);
    while (control.mayStartEvent()) {
      long intended = pacer.awaitNext();
      if (intended < 0) {
        return; // interrupted while waiting for the schedule
      }
      TransactionType type = mix.next(random);
      boolean committed = false;
      while (true) {
        try {
          committed = runner.run(type);
          break;
        } catch (SQLException e) {
          if (!restartable(runner, type, e)) {
            throw e;
          }
          if (control.stopRequested()) {
            return;
          }
          type = mix.next(random); // sysbench restarts the event with a new transaction
        }
      }
      long latency = System.nanoTime() - intended;
      TxnKind kind = KINDS[type.ordinal()];
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

  /** Rolls back and counts an ignorable failure; returns false for a fatal one. */
  private boolean restartable(TransactionRunner runner, TransactionType type, SQLException e)
      throws SQLException {
    SqlStateClass kind = SqlStateClass.of(e);
    if (!kind.ignorable()) {
      return false;
    }
    counters.addError();
    counters.failed(KINDS[type.ordinal()]);
    runner.rollbackAfterFailure();
    return true;
  }

  /** Open-loop arrivals for {@code --rate}: latency counts from the scheduled start. */
  static final class Pacer {
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

    /** Waits for the next scheduled start and returns it; now when there is no rate. */
    long awaitNext() {
      if (meanGapNanos == 0) {
        return System.nanoTime();
      }
      next += (long) (-Math.log(1.0 - random.uniformDouble()) * meanGapNanos);
      for (long wait = next - System.nanoTime(); wait > 0; wait = next - System.nanoTime()) {
        LockSupport.parkNanos(wait);
        if (Thread.currentThread().isInterrupted()) {
          return -1;
        }
      }
      return next;
    }
  }
}
