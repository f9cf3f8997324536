package org.tpccpg.driver.run;

import java.sql.SQLException;
import org.tpccpg.core.tpcc.RunSetup;
import org.tpccpg.core.tpcc.Terminal;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.durability.AckRing;
import org.tpccpg.driver.engine.ClientSession;
import org.tpccpg.driver.engine.ClientWork;
import org.tpccpg.driver.metrics.ClientCounters;

/**
 * TPC-C for one client of the engine: draws a transaction type from the mix (sysbench-tpcc's
 * weights) and its input from the client's own seeded random, and runs it on the client's {@link
 * TpccSession}. The kind it returns is the {@link org.tpccpg.core.tpcc.TransactionType} ordinal.
 */
final class TpccWork implements ClientWork {
  private final TpccSession session;
  private final Terminal terminal;
  private final TransactionRunner runner;

  /**
   * @param id the client's number, 1 and up: with the run's seed it makes the client's random
   * @param acks where its committed New-Orders go, or null without a durability ledger
   */
  TpccWork(
      int id,
      RunConfig config,
      RunSetup setup,
      TpccSession session,
      ClientCounters counters,
      AckRing acks) {
    this.session = session;
    this.terminal =
        setup.terminal(id, config.txnMode().transactions(config.shape()), config.purge());
    this.runner = new TransactionRunner(terminal, new CountingStatements(counters), acks);
    if (config.splittable()) {
      runner.declareAccess();
    }
  }

  /** Districts this client's committed Deliveries delivered; after the client has ended. */
  long districtsDelivered() {
    return runner.districtsDelivered();
  }

  /** Districts they skipped, having no new order (TPC-C 2.7.4.2). */
  long districtsSkipped() {
    return runner.districtsSkipped();
  }

  /** The type of the transaction last drawn: the one running, or the one that failed. */
  TransactionType current() {
    return runner.current();
  }

  @Override
  public ClientSession session() {
    return session;
  }

  @Override
  public int draw() {
    runner.draw(terminal.nextType());
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
