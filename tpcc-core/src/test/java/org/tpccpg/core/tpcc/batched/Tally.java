package org.tpccpg.core.tpcc.batched;

import org.tpccpg.core.tpcc.StatementCounter;

/** Test helper: counts what a transaction style reports, for one transaction type. */
final class Tally implements StatementCounter {
  long reads;
  long writes;
  long others;
  long roundTrips;

  @Override
  public void read() {
    reads++;
  }

  @Override
  public void write() {
    writes++;
  }

  @Override
  public void other() {
    others++;
  }

  @Override
  public void roundTrip() {
    roundTrips++;
  }

  long statements() {
    return reads + writes + others;
  }
}
