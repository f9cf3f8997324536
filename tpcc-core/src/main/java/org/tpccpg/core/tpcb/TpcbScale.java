package org.tpccpg.core.tpcb;

/**
 * pgbench's scaling factor: how many rows each of its tables starts with (TPC-B 4.2, as pgbench
 * sizes it): {@code scale} branches, 10 tellers and 100,000 accounts per branch, no history.
 *
 * @param scale the number of branches, at least 1
 */
public record TpcbScale(int scale) {
  /** Tellers per branch. */
  public static final int TELLERS_PER_BRANCH = 10;

  /** Accounts per branch. */
  public static final int ACCOUNTS_PER_BRANCH = 100_000;

  /**
   * From this scale on, account ids are {@code bigint}, as in pgbench: 100,000 x 20,000 is 2e9,
   * close to the largest {@code int}.
   */
  public static final int BIGINT_ACCOUNTS_FROM_SCALE = 20_000;

  public TpcbScale {
    if (scale < 1) {
      throw new IllegalArgumentException("scale must be >= 1 but was " + scale);
    }
  }

  public int branches() {
    return scale;
  }

  public int tellers() {
    return TELLERS_PER_BRANCH * scale;
  }

  public long accounts() {
    return (long) ACCOUNTS_PER_BRANCH * scale;
  }

  /** Whether {@code aid} columns are {@code bigint} rather than {@code int}. */
  public boolean bigintAccountIds() {
    return scale >= BIGINT_ACCOUNTS_FROM_SCALE;
  }

  /** The branch an account belongs to in the initial data: 100,000 consecutive ids per branch. */
  public static int branchOfAccount(long aid) {
    return (int) ((aid - 1) / ACCOUNTS_PER_BRANCH + 1);
  }

  /** The branch a teller belongs to in the initial data: 10 consecutive ids per branch. */
  public static int branchOfTeller(int tid) {
    return (tid - 1) / TELLERS_PER_BRANCH + 1;
  }
}
