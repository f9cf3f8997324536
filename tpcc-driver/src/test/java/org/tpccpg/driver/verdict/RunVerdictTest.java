package org.tpccpg.driver.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConsistencyCondition;
import org.tpccpg.driver.check.ProbeResult;
import org.tpccpg.driver.check.ProbeTotals;
import org.tpccpg.driver.durability.LedgerTotals;
import org.tpccpg.driver.durability.ServerIdentity;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.metrics.StabilityWindow;
import org.tpccpg.driver.serverstats.HealthSample;
import org.tpccpg.driver.serverstats.HealthTotals;

/** Each judgement of the verdict against its thresholds, from known figures. */
class RunVerdictTest {
  /** 10-minute windows of the given tps. */
  private static Stability windows(double... tps) {
    List<StabilityWindow> windows = new ArrayList<>();
    for (int i = 0; i < tps.length; i++) {
      windows.add(new StabilityWindow(i * 600, 600, Math.round(tps[i] * 600), 5, 10));
    }
    return Stability.of(windows);
  }

  private static HealthTotals.Snapshot health(long xidFirst, long xidLast, long dead) {
    HealthTotals totals = new HealthTotals();
    for (long[] r : new long[][] {{0, xidFirst}, {3600, xidLast}}) {
      totals.add(
          r[0],
          new HealthSample(
              1,
              r[1],
              200_000_000,
              0,
              0,
              null,
              Map.of(
                  "stock1", new HealthSample.TableHealth(1, 1, 100_000 - dead, dead, r[1]),
                  // a table of a few rows: its dead tuples' share is not judged
                  "warehouse1", new HealthSample.TableHealth(1, 1, 1, 5_000, r[1]))));
    }
    return totals.snapshot();
  }

  @Test
  void aSteadyHealthyCheckedRunIsYesButForDurabilityWhichIsNotAudited() {
    ProbeTotals probes = new ProbeTotals();
    probes.add(
        1,
        new ProbeResult(
            new CheckScope(1, 1, 1),
            List.of(
                new ConditionResult(
                    ConsistencyCondition.DISTRICT_NEXT_ORDER_ID,
                    ConditionResult.Outcome.PASSED,
                    "")),
            null));
    RunVerdict v =
        RunVerdict.of(
            VerdictThresholds.DEFAULTS,
            windows(1000, 1010, 990, 1000, 1005),
            health(1_000_000, 2_000_000, 1_000),
            probes.snapshot(),
            null);
    assertEquals(Judgement.State.YES, v.stable().state(), v.stable().why());
    assertEquals(Judgement.State.YES, v.healthy().state(), v.healthy().why());
    assertEquals(Judgement.State.YES, v.consistent().state());
    assertEquals(Judgement.State.NOT_JUDGED, v.durable().state());
    assertTrue(
        v.healthy().why().startsWith("autovacuum_freeze_max_age in 198 h"), v.healthy().why());
    assertTrue(
        v.lines().startsWith("verdict:\n    stable: yes (" + v.stable().why() + ")\n"), v.lines());
    assertTrue(
        v.lines().endsWith("    durable: not judged (" + v.durable().why() + ")\n"), v.lines());
  }

  @Test
  void aDipTooDeepAnXidAgeTooCloseAndAViolationAreEachNo() {
    ProbeTotals probes = new ProbeTotals();
    probes.add(
        1,
        new ProbeResult(
            new CheckScope(1, 1, 1),
            List.of(
                new ConditionResult(
                    ConsistencyCondition.DISTRICT_NEXT_ORDER_ID,
                    ConditionResult.Outcome.FAILED,
                    "d_id=1")),
            null));
    RunVerdict v =
        RunVerdict.of(
            VerdictThresholds.DEFAULTS,
            windows(1000, 1000, 1000, 1000, 100, 1000, 1000),
            health(1_000_000, 101_000_000, 30_000), // 100M an hour: 1 h to go; 30 % dead
            probes.snapshot(),
            null);
    assertEquals(Judgement.State.NO, v.stable().state());
    assertTrue(
        v.stable().why().endsWith("beyond: tps cv, lowest window, deepest dip"), v.stable().why());
    assertEquals(Judgement.State.NO, v.healthy().state());
    assertTrue(v.healthy().why().endsWith("beyond: XID age, dead tuples"), v.healthy().why());
    assertEquals(Judgement.State.NO, v.consistent().state());
  }

  @Test
  void withoutTheFiguresNothingIsJudged() {
    RunVerdict v = RunVerdict.of(VerdictThresholds.DEFAULTS, Stability.NONE, null, null, null);
    assertEquals(Judgement.State.NOT_JUDGED, v.stable().state());
    assertEquals(Judgement.State.NOT_JUDGED, v.healthy().state());
    assertEquals(Judgement.State.NOT_JUDGED, v.consistent().state());
  }

  @Test
  void durableIsNoAcknowledgedNewOrderLostAndSaysWhenTheSettingAllowedTheLoss() {
    LedgerTotals kept = new LedgerTotals(5000, 0, 0, 3, 2, 1, 2, 1, "on", null, List.of());
    Judgement yes = verdictWith(kept).durable();
    assertEquals(Judgement.State.YES, yes.state(), yes.why());
    assertEquals(
        "0 of 5000 acknowledged New-Orders lost, 3 unknown outcomes (2 committed), 2 audits",
        yes.why());
    LedgerTotals lostOff = new LedgerTotals(5000, 30, 12, 3, 0, 3, 2, 1, "off", null, List.of());
    Judgement allowed = verdictWith(lostOff).durable();
    assertEquals(Judgement.State.NO, allowed.state());
    assertTrue(allowed.why().startsWith("42 of 5000"), allowed.why());
    assertTrue(allowed.why().endsWith("; allowed by synchronous_commit=off"), allowed.why());
    LedgerTotals lostOn = new LedgerTotals(5000, 1, 0, 0, 0, 0, 2, 1, "on", null, List.of());
    assertFalse(verdictWith(lostOn).durable().why().contains("allowed"));
    List<ServerIdentity> failover =
        List.of(
            new ServerIdentity("10.0.0.1:5432", 1, "2026-12-01T08:00:00.000000Z"),
            new ServerIdentity("10.0.0.2:5432", 2, "2026-11-30T08:00:00.000000Z"));
    Judgement acrossAFailover =
        verdictWith(new LedgerTotals(5000, 7, 0, 0, 0, 0, 2, 1, "off", null, failover)).durable();
    assertEquals(Judgement.State.NO, acrossAFailover.state());
    assertEquals(
        "7 of 5000 acknowledged New-Orders lost, 0 unknown outcomes (0 committed), 2 audits;"
            + " across a failover to a standby that had not received them",
        acrossAFailover.why());
    LedgerTotals failed =
        new LedgerTotals(5000, 0, 0, 0, 0, 0, 1, 1, "on", "connection refused", List.of());
    Judgement notJudged = verdictWith(failed).durable();
    assertEquals(Judgement.State.NOT_JUDGED, notJudged.state());
    assertEquals("the audit failed: connection refused", notJudged.why());
    assertEquals(
        Judgement.State.NOT_JUDGED,
        RunVerdict.of(VerdictThresholds.DEFAULTS, Stability.NONE, null, null, null)
            .durable()
            .state());
  }

  private static RunVerdict verdictWith(LedgerTotals durability) {
    return RunVerdict.of(VerdictThresholds.DEFAULTS, Stability.NONE, null, null, durability);
  }

  @Test
  void thresholdsAreSetByNameAndBadOnesNamed() {
    VerdictThresholds t = VerdictThresholds.DEFAULTS.with("tps-cv=5,DIP=30");
    assertEquals(5, t.tpsCvPercent());
    assertEquals(30, t.dipPercent());
    assertEquals(VerdictThresholds.DEFAULTS.freezeHours(), t.freezeHours());
    // a looser threshold turns the same run's no into a yes
    Stability dipped = windows(1000, 1000, 1000, 1000, 600, 1000, 1000);
    assertEquals(
        Judgement.State.NO,
        RunVerdict.of(VerdictThresholds.DEFAULTS.with("dip=30"), dipped, null, null, null)
            .stable()
            .state());
    assertEquals(
        Judgement.State.YES,
        RunVerdict.of(
                VerdictThresholds.DEFAULTS.with("dip=50,tps-cv=50,worst-window=0.5"),
                dipped,
                null,
                null,
                null)
            .stable()
            .state());
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> VerdictThresholds.DEFAULTS.with("cv=5"));
    assertEquals(
        "'cv=5' is not NAME=NUMBER with NAME one of tps-cv, worst-window, dip, freeze-hours, dead",
        unknown.getMessage());
    IllegalArgumentException negative =
        assertThrows(
            IllegalArgumentException.class, () -> VerdictThresholds.DEFAULTS.with("dead=-1"));
    assertEquals("'dead=-1': dead must be a number >= 0", negative.getMessage());
  }
}
