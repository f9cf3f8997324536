package org.tpccpg.driver.run;

import java.sql.SQLException;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.tpcc.InputGenerator;
import org.tpccpg.core.tpcc.TransactionMix;
import org.tpccpg.driver.engine.ClientSession;
import org.tpccpg.driver.engine.ClientWork;
import org.tpccpg.driver.metrics.ClientCounters;

/**
 * TPC-C for one client of the engine: draws a transaction type from the mix (sysbench-tpcc's
 * weights) and its input from the client's own seeded random, and runs it on the client's {@link
 * Session}. The kind it returns is the {@link org.tpccpg.core.tpcc.TransactionType} ordinal.
 */
final class TpccWork implements ClientWork {
  private final Session session;
  private final TpccRandom random;
  private final TransactionMix mix;
  private final TransactionRunner runner;
  private final CountingStatements counting;

  /**
   * @param id the client's number, 1 and up: with the run's seed it makes the client's random
   */
  TpccWork(
      int id,
      RunConfig config,
      Session session,
      NuRandConstants runConstants,
      ClientCounters counters) {
    this.session = session;
    // Drivers of a scale-out run given one --rand-seed (so that they share the run's NURand C)
    // must not draw the same inputs: their ranges tell their clients apart.
    long seed =
        config.shape().partial()
            ? TpccRandom.mix(config.seed(), id, config.shape().homeWarehouses().first())
            : TpccRandom.mix(config.seed(), id);
    // sysbench-tpcc draws NURand's C on every call; TPC-C 2.1.6 fixes it per run.
    this.random =
        config.shape().sysbenchCompat()
            ? TpccRandom.withConstantPerCall(seed)
            : new TpccRandom(seed, runConstants);
    this.mix = new TransactionMix(config.purge());
    InputGenerator inputs = new InputGenerator(random, config.shape());
    this.counting = new CountingStatements(counters);
    this.runner =
        new TransactionRunner(
            inputs, config.shape(), config.txnMode().transactions(config.shape()), counting);
  }

  /** Districts this client's committed Deliveries delivered; after the client has ended. */
  long districtsDelivered() {
    return runner.districtsDelivered();
  }

  /** Districts they skipped, having no new order (TPC-C 2.7.4.2). */
  long districtsSkipped() {
    return runner.districtsSkipped();
  }

  @Override
  public ClientSession session() {
    return session;
  }

  @Override
  public int draw() {
    runner.draw(mix.next(random));
    counting.kind(runner.current().ordinal());
    return runner.current().ordinal();
  }

  @Override
  public boolean execute() throws SQLException {
    return runner.execute(session.connection());
  }

  @Override
  public void rollback() throws SQLException {
    runner.rollbackAfterFailure(session.connection());
  }
}
