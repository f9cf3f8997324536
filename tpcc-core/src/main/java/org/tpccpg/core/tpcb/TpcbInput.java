package org.tpccpg.core.tpcb;

/**
 * The random input of one pgbench transaction: its {@code \set} variables.
 *
 * @param aid the account, 1 to 100,000 x scale
 * @param bid the branch, 1 to scale; chosen independently of {@code aid}, as pgbench does
 * @param tid the teller, 1 to 10 x scale
 * @param delta the amount, -5000 to 5000
 */
public record TpcbInput(long aid, int bid, int tid, int delta) {
  public TpcbInput {
    if (aid < 1) {
      throw new IllegalArgumentException("aid must be >= 1 but was " + aid);
    }
    if (bid < 1) {
      throw new IllegalArgumentException("bid must be >= 1 but was " + bid);
    }
    if (tid < 1) {
      throw new IllegalArgumentException("tid must be >= 1 but was " + tid);
    }
    if (delta < TpcbInputGenerator.MIN_DELTA || delta > TpcbInputGenerator.MAX_DELTA) {
      throw new IllegalArgumentException("delta must be in -5000..5000 but was " + delta);
    }
  }
}
