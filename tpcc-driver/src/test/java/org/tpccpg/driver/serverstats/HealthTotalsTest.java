package org.tpccpg.driver.serverstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Growth per hour, the XID age's outlook and the health line, from known readings. */
class HealthTotalsTest {
  private static final long MB = 1024 * 1024;

  private static HealthSample reading(long databaseMb, long xidAge, long stockMb, long dead) {
    return new HealthSample(
        databaseMb * MB,
        xidAge,
        200_000_000,
        0,
        0,
        null,
        Map.of(
            "stock1", new HealthSample.TableHealth(stockMb * MB, 0, 100_000, dead, xidAge),
            "item1", new HealthSample.TableHealth(10 * MB, 2 * MB, 100_000, 0, xidAge)));
  }

  @Test
  void twoReadingsAnHourApartGiveGrowthAndTheHoursLeftAtTheXidAgesRate() {
    HealthTotals totals = new HealthTotals();
    totals.add(60, reading(300, 1_000_000, 40, 500));
    totals.add(1800, reading(310, 5_000_000, 45, 9_000)); // the most dead tuples, in between
    totals.add(3660, reading(320, 11_000_000, 50, 2_000));
    HealthTotals.Snapshot s = totals.snapshot();
    assertTrue(s.hasRates());
    assertEquals(20.0 * MB, s.perHour(s.first().databaseBytes(), s.latest().databaseBytes()), 1);
    // 10 million XIDs an hour: 189 million to go to autovacuum_freeze_max_age
    assertEquals(18.9, s.hoursToXidAge(200_000_000), 1e-9);
    assertEquals(
        (HealthTotals.WRAPAROUND_STOP_AGE - 11_000_000) / 10_000_000.0,
        s.hoursToXidAge(HealthTotals.WRAPAROUND_STOP_AGE),
        1e-9);
    assertEquals(9_000L, s.mostDeadTuples().get("stock1"));
    assertEquals(
        Optional.of(
            "server health: database 320.0 MB (+20.0 MB/h); most growth stock1 (+10.0 MB/h); most"
                + " dead tuples stock1 (9,000); XID age 11,000,000 (+10,000,000/h):"
                + " autovacuum_freeze_max_age in 19 h, wraparound stop in 213 h"),
        s.line());
  }

  private static HealthSample withStandby(Long lagBytes) {
    HealthSample r = reading(300, 1_000, 40, 0);
    return new HealthSample(
        r.databaseBytes(),
        r.xidAge(),
        r.freezeMaxAge(),
        r.tempFiles(),
        lagBytes == null ? 0 : 1,
        lagBytes,
        r.tables());
  }

  @Test
  void theMostReplayLagOfAnyReadingIsKeptAndTheLineNamesTheLatest() {
    HealthTotals totals = new HealthTotals();
    totals.add(0, withStandby(null));
    assertEquals(null, totals.snapshot().mostReplicationLagBytes(), "no standby yet");
    totals.add(60, withStandby(3 * MB));
    totals.add(120, withStandby(MB / 2));
    HealthTotals.Snapshot s = totals.snapshot();
    assertEquals(3 * MB, s.mostReplicationLagBytes());
    assertTrue(s.line().orElseThrow().endsWith("; 1 standby(s), replay lag 0.5 MB"), s.line() + "");
    totals.add(180, withStandby(null)); // the standby gone: the most stays, the line says none
    assertEquals(3 * MB, totals.snapshot().mostReplicationLagBytes());
    assertFalse(totals.snapshot().line().orElseThrow().contains("standby"));
    totals.restart();
    totals.add(240, withStandby(MB));
    assertEquals(MB, totals.snapshot().mostReplicationLagBytes(), "the warm-up's are forgotten");
  }

  @Test
  void anXidAgeThatFellWasFrozenAndProjectsNothing() {
    HealthTotals totals = new HealthTotals();
    totals.add(0, reading(300, 50_000_000, 40, 0));
    totals.add(7200, reading(300, 1_000, 40, 0)); // a VACUUM FREEZE meanwhile
    HealthTotals.Snapshot s = totals.snapshot();
    assertTrue(Double.isNaN(s.hoursToXidAge(200_000_000)));
    assertTrue(
        s.line()
            .orElseThrow()
            .endsWith(
                "autovacuum_freeze_max_age not approached (the XID age did not grow), wraparound stop"
                    + " not approached (the XID age did not grow)"),
        s.line().orElseThrow());
  }

  @Test
  void oneReadingOrReadingsUnderAMinuteApartGiveNoRates() {
    HealthTotals totals = new HealthTotals();
    totals.add(0, reading(300, 1_000, 40, 0));
    assertFalse(totals.snapshot().hasRates());
    assertEquals(
        Optional.of("server health: database 300.0 MB; XID age 1,000"), totals.snapshot().line());
    totals.add(30, reading(301, 2_000, 40, 0));
    assertFalse(totals.snapshot().hasRates());
    assertTrue(Double.isNaN(totals.snapshot().perHour(1, 2)));
    // the next reading, a minute after the first as the intervals take it up: 59.99 s
    totals.add(59.99, reading(302, 3_000, 40, 0));
    assertTrue(totals.snapshot().hasRates(), "readings a minute apart give rates");
  }

  @Test
  void withoutReadingsThereIsNoLineAndTheWarmupEndForgetsThem() {
    HealthTotals totals = new HealthTotals();
    assertEquals(Optional.empty(), totals.snapshot().line());
    totals.add(0, reading(300, 1_000, 40, 7));
    totals.restart();
    assertEquals(Optional.empty(), totals.snapshot().line());
    assertEquals(Map.of(), totals.snapshot().mostDeadTuples());
  }
}
