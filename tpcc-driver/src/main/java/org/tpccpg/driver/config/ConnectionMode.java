package org.tpccpg.driver.config;

/** How a worker thread holds its connection. */
public enum ConnectionMode {
  /** One connection per thread for the whole run, as sysbench's threads hold theirs. */
  DEDICATED,
  /**
   * A new connection for every transaction, closed after its COMMIT or ROLLBACK: pgbench's {@code
   * -C}, which measures what connecting costs.
   */
  PER_TRANSACTION,
  /**
   * A connection borrowed from a pool (HikariCP) for every transaction and returned after its
   * COMMIT or ROLLBACK, so that N threads share M connections, as in an application server.
   */
  POOLED
}
