package org.tpccpg.driver.tpcb;

/**
 * The layout of the real pgbench 15 that the unit tests' expected blocks were taken from (the
 * installed pgbench 15.18), under any {@link PgbenchVersion#DEFAULT}.
 */
final class Pgbench15 {
  static final TpcbMessages MESSAGES = new TpcbMessages(false, false, false, PgbenchVersion.V15);

  private Pgbench15() {}
}
