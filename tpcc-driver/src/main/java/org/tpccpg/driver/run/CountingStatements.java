package org.tpccpg.driver.run;

import org.tpccpg.core.tpcc.StatementCounter;
import org.tpccpg.driver.metrics.ClientCounters;

/** Feeds the transactions' statement classification into a worker's counters. */
final class CountingStatements implements StatementCounter {
  private final ClientCounters counters;

  CountingStatements(ClientCounters counters) {
    this.counters = counters;
  }

  @Override
  public void read() {
    counters.addRead();
  }

  @Override
  public void write() {
    counters.addWrite();
  }

  @Override
  public void other() {
    counters.addOther();
  }
}
