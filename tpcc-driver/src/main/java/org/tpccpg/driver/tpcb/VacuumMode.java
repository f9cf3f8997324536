package org.tpccpg.driver.tpcb;

/** What pgbench vacuums before a run. */
public enum VacuumMode {
  /** {@code -n}: nothing. */
  NONE,
  /** The default: vacuum branches and tellers, truncate history. */
  DEFAULT,
  /** {@code -v}: the default plus {@code VACUUM ANALYZE pgbench_accounts}. */
  ALL
}
