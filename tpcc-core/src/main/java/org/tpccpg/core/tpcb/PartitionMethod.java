package org.tpccpg.core.tpcb;

import java.util.Locale;

/** How pgbench's {@code --partition-method} splits {@code pgbench_accounts} by {@code aid}. */
public enum PartitionMethod {
  /** Consecutive ranges of equal size; the first starts at MINVALUE, the last ends at MAXVALUE. */
  RANGE,
  /** {@code FOR VALUES WITH (MODULUS n, REMAINDER r)}. */
  HASH;

  /** The name pgbench uses on its command line and in its report: {@code range}, {@code hash}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
