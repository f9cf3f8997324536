package org.tpccpg.core.tpcb;

import java.util.Objects;

/**
 * How pgbench's tables are laid out: their size and the storage options of {@code pgbench -i}.
 *
 * @param scale the scaling factor
 * @param fillfactor {@code -F}, 10 to 100 (pgbench's default 100)
 * @param unlogged {@code --unlogged-tables}
 * @param tablespace {@code --tablespace}, empty for the database default
 * @param indexTablespace {@code --index-tablespace} for the primary keys, empty for the default
 * @param partitions {@code --partitions}, 0 for an ordinary {@code pgbench_accounts}
 * @param partitionMethod {@code --partition-method}; only used when {@code partitions > 0}
 */
public record TpcbLayout(
    TpcbScale scale,
    int fillfactor,
    boolean unlogged,
    String tablespace,
    String indexTablespace,
    int partitions,
    PartitionMethod partitionMethod) {
  /** pgbench's default fill factor. */
  public static final int DEFAULT_FILLFACTOR = 100;

  public TpcbLayout {
    Objects.requireNonNull(scale, "scale");
    Objects.requireNonNull(tablespace, "tablespace");
    Objects.requireNonNull(indexTablespace, "indexTablespace");
    Objects.requireNonNull(partitionMethod, "partitionMethod");
    if (fillfactor < 10 || fillfactor > 100) {
      throw new IllegalArgumentException("fillfactor must be in 10..100 but was " + fillfactor);
    }
    if (partitions < 0) {
      throw new IllegalArgumentException("partitions must be >= 0 but was " + partitions);
    }
  }

  /** Scale {@code scale} with pgbench's defaults for everything else. */
  public static TpcbLayout defaults(int scale) {
    return new TpcbLayout(
        new TpcbScale(scale), DEFAULT_FILLFACTOR, false, "", "", 0, PartitionMethod.RANGE);
  }

  public boolean partitioned() {
    return partitions > 0;
  }
}
