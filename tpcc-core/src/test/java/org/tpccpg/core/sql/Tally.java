package org.tpccpg.core.sql;

/**
 * Test helper: counts what a transaction reports to its {@link StatementCounter}; {@link #reset}
 * before the next one.
 */
public final class Tally implements StatementCounter {
  public long reads;
  public long writes;
  public long others;
  public long roundTrips;

  /** Counts from zero. */
  public Tally() {}

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

  /** Every statement counted, whatever its kind. */
  public long statements() {
    return reads + writes + others;
  }

  /** Counts from zero again. */
  public Tally reset() {
    reads = 0;
    writes = 0;
    others = 0;
    roundTrips = 0;
    return this;
  }

  /** "reads/writes/others", for messages and comparisons. */
  public String counts() {
    return reads + "/" + writes + "/" + others;
  }
}
