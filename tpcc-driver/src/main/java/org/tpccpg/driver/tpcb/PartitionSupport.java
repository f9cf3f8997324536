package org.tpccpg.driver.tpcb;

import java.util.List;
import org.tpccpg.core.jdbc.ServerVersion;
import org.tpccpg.core.tpcb.PartitionMethod;
import org.tpccpg.core.tpcb.TpcbLayout;

/**
 * Whether the server can build the partitioned {@code pgbench_accounts} that {@code --partitions}
 * asks for, with the steps of {@code -I}: partitioned tables came with PostgreSQL 10, hash
 * partitioning and a primary key on a partitioned table with 11, a foreign key referencing one
 * (pgbench_history's to pgbench_accounts) with 12. pgbench finds out from the server's error, after
 * {@code d} has dropped the old tables and {@code g} has loaded the new ones; the initialization
 * asks this first, so an old server refuses before anything is dropped or created. It does not
 * connect; the caller reads the version.
 */
final class PartitionSupport {
  private PartitionSupport() {}

  /**
   * What the server cannot do of the layout and steps, as one line naming the option; null when it
   * can, or when nothing is partitioned.
   */
  static String refusal(TpcbLayout layout, List<InitStep> steps, ServerVersion server) {
    if (!layout.partitioned()) {
      return null;
    }
    String option = "--partitions=" + layout.partitions();
    String before = "; nothing was dropped or created";
    if (steps.contains(InitStep.CREATE_TABLES) && !server.atLeast(10)) {
      return option
          + ": PostgreSQL "
          + server.major()
          + " has no partitioned tables (10 or later)"
          + before;
    }
    if (steps.contains(InitStep.CREATE_TABLES)
        && layout.partitionMethod() == PartitionMethod.HASH
        && !server.atLeast(11)) {
      return "--partition-method=hash: PostgreSQL "
          + server.major()
          + " has no hash partitioning (11 or later)"
          + before;
    }
    if (steps.contains(InitStep.PRIMARY_KEYS) && !server.atLeast(11)) {
      return option
          + ": PostgreSQL "
          + server.major()
          + " has no primary key on a partitioned table (11 or later), which -I's p adds; leave p"
          + " out of -I, or the partitions"
          + before;
    }
    if (steps.contains(InitStep.FOREIGN_KEYS) && !server.atLeast(12)) {
      return option
          + ": PostgreSQL "
          + server.major()
          + " has no foreign key referencing a partitioned table (12 or later), which -I's f"
          + " (--foreign-keys) adds; leave f out, or the partitions"
          + before;
    }
    return null;
  }
}
