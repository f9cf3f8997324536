package org.tpccpg.core.tpcc;

/** Counts the statements of one transaction; {@link #reset} before the next. */
final class Tally implements StatementCounter {
  int reads;
  int writes;
  int others;

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

  Tally reset() {
    reads = 0;
    writes = 0;
    others = 0;
    return this;
  }

  /** "reads/writes/others", for messages and comparisons. */
  String counts() {
    return reads + "/" + writes + "/" + others;
  }
}
