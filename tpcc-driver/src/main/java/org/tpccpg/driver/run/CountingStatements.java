package org.tpccpg.driver.run;

import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.driver.metrics.ClientCounters;

/**
 * Feeds the transactions' statement classification into a worker's counters, and their round trips
 * into the kind of transaction under way.
 */
final class CountingStatements implements StatementCounter {
  private final ClientCounters counters;
  private int kind;

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

  @Override
  public void roundTrip() {
    counters.addRoundTrip(kind);
  }

  /** The kind of the transaction whose round trips follow. */
  void kind(int kind) {
    this.kind = kind;
  }
}
