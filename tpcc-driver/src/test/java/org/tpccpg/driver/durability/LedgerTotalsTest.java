package org.tpccpg.driver.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LedgerTotalsTest {
  private static final ServerIdentity PRIMARY =
      new ServerIdentity("10.0.0.1:5432", 1, "2026-12-01T08:00:00.000000Z");

  private static LedgerTotals lost(long lost, String synchronousCommit, ServerIdentity... servers) {
    return new LedgerTotals(
        1000, lost, 0, 0, 0, 0, 2, 1, synchronousCommit, null, List.of(servers));
  }

  @Test
  void theSameServerIsNoChange() {
    assertEquals("", PRIMARY.change(PRIMARY));
    LedgerTotals totals = lost(0, "on", PRIMARY);
    assertFalse(totals.failedOver());
    assertFalse(totals.line().contains("changed"), totals.line());
  }

  /** A crash and restart: the postmaster's start time moves, the timeline stays. */
  @Test
  void aRestartIsSaidWithItsNewStartTime() {
    ServerIdentity restarted =
        new ServerIdentity("10.0.0.1:5432", 1, "2026-12-03T02:10:07.000000Z");
    LedgerTotals totals = lost(0, "on", PRIMARY, restarted);
    assertFalse(totals.failedOver());
    assertTrue(
        totals
            .line()
            .endsWith(
                "; 2 audits, 1 after an outage; the server changed: restarted at 10.0.0.1:5432"
                    + " (its postmaster started 2026-12-03T02:10:07.000000Z)\n"),
        totals.line());
  }

  /**
   * A standby promoted in the primary's place: a loss is put down to the failover, even under
   * synchronous_commit=off, since a standby that had not received them lost them either way.
   */
  @Test
  void aPromotedStandbyIsAFailoverAndExplainsTheLoss() {
    ServerIdentity promoted = new ServerIdentity("10.0.0.2:5432", 2, "2026-11-30T09:00:00.000000Z");
    for (String setting : List.of("on", "off")) {
      LedgerTotals totals = lost(13, setting, PRIMARY, promoted);
      assertTrue(totals.failedOver());
      String line = totals.line();
      assertTrue(
          line.startsWith(
              "durability: 1000 New-Orders acknowledged, 13 acknowledged and lost (across a"
                  + " failover: the promoted standby had not received them); "),
          line);
      assertTrue(
          line.endsWith(
              "; the server changed: a standby promoted to timeline 2 at 10.0.0.2:5432\n"),
          line);
    }
    ServerIdentity back = new ServerIdentity("10.0.0.1:5432", 3, "2026-12-04T00:00:00.000000Z");
    assertTrue(
        lost(0, "on", PRIMARY, promoted, back)
            .line()
            .endsWith(
                "; the server changed: a standby promoted to timeline 2 at 10.0.0.2:5432, then a"
                    + " standby promoted to timeline 3 at 10.0.0.1:5432\n"));
  }

  /** Without a failover, synchronous_commit=off still explains a loss. */
  @Test
  void withoutAFailoverTheSettingExplainsALoss() {
    String line = lost(5, "off", PRIMARY).line();
    assertTrue(
        line.contains(
            "5 acknowledged and lost (allowed: synchronous_commit=off acknowledges a COMMIT"
                + " before it is durable)"),
        line);
    String unexcused = lost(5, "on", PRIMARY).line();
    assertTrue(
        unexcused.startsWith("durability: 1000 New-Orders acknowledged, 5 acknowledged and lost; "),
        unexcused);
  }
}
