package org.tpccpg.driver.serverstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.metrics.StabilityWindow;

/**
 * The causes the server timeline names for synthetic dips: what the server did more of in a dip
 * than in the rest, in the rules' order, nothing for a dip where nothing stood out, and flat memory
 * over a week of 1-second intervals.
 */
class ServerTimelineTest {
  /** An ordinary second: a few Lock and WAL waits, 1 MB of WAL, an autovacuum of history1. */
  private static ServerInterval ordinary() {
    return new ServerInterval(
        0L, 0L, 1_000_000L, 100L, 1L, 0L, 0L, 1, Map.of("LWLock:WALWrite", 1L), Map.of());
  }

  private static ServerInterval interval(
      long checkpoints, long requested, long wal, Map<String, Long> waits, Map<String, Long> vac) {
    return new ServerInterval(checkpoints, requested, wal, 100L, 1L, 0L, 0L, 1, waits, vac);
  }

  /** 1-second windows of 100 tps but for {@code low} of 10 tps from second {@code from}. */
  private static Stability stability(int seconds, int from, int low) {
    List<StabilityWindow> windows = new ArrayList<>();
    for (int i = 0; i < seconds; i++) {
      boolean dip = i >= from && i < from + low;
      windows.add(new StabilityWindow(i, 1, dip ? 10 : 100, 5, 10));
    }
    return Stability.of(windows);
  }

  @Test
  void aDipWithALockACheckpointAndAManualVacuumNamesThemLikeliestFirst() {
    ServerTimeline timeline = new ServerTimeline();
    for (int i = 0; i < 60; i++) {
      boolean dip = i >= 20 && i < 26;
      timeline.add(
          i + 1,
          1,
          dip
              ? interval(
                  i == 21 ? 1 : 0,
                  i == 21 ? 1 : 0,
                  3_000_000,
                  Map.of("Lock:relation", 4L, "LWLock:WALWrite", 1L),
                  Map.of("stock1 (manual)", 2L))
              : ordinary());
    }
    Stability s = stability(60, 20, 6);
    assertEquals(1, s.dips().size(), s.dips().toString());
    List<String> causes = timeline.causes(s).of(s.dips().get(0));
    assertEquals(
        List.of(
            "VACUUM of stock1",
            "a requested checkpoint (max_wal_size reached or CHECKPOINT)",
            "lock waits (Lock:relation)",
            "WAL at 3.0 times the rest of the run's rate"),
        causes);
  }

  @Test
  void anAutovacuumSeenAllRunLongIsNoCauseButAWraparoundOneInTheDipIs() {
    ServerTimeline timeline = new ServerTimeline();
    for (int i = 0; i < 60; i++) {
      boolean dip = i >= 30 && i < 35;
      Map<String, Long> vacuums =
          dip ? Map.of("history1", 2L, "order_line1 (wraparound)", 2L) : Map.of("history1", 2L);
      timeline.add(i + 1, 1, interval(0, 0, 1_000_000, Map.of(), vacuums));
    }
    Stability s = stability(60, 30, 5);
    assertEquals(
        List.of("anti-wraparound autovacuum of order_line1"),
        timeline.causes(s).of(s.dips().get(0)));
  }

  @Test
  void aDipWhereTheServerDidNothingMoreHasNoCause() {
    ServerTimeline timeline = new ServerTimeline();
    for (int i = 0; i < 60; i++) {
      timeline.add(i + 1, 1, ordinary());
    }
    Stability s = stability(60, 40, 4);
    assertEquals(List.of(), timeline.causes(s).of(s.dips().get(0)));
  }

  @Test
  void aDipWithoutServerFiguresSaysTheStatisticsWereLost() {
    ServerTimeline timeline = new ServerTimeline();
    for (int i = 0; i < 60; i++) {
      if (i < 40 || i >= 44) {
        timeline.add(i + 1, 1, ordinary());
      }
    }
    Stability s = stability(60, 40, 4);
    assertEquals(
        List.of("no server figures in it (the statistics connection was lost)"),
        timeline.causes(s).of(s.dips().get(0)));
  }

  @Test
  void timedCheckpointsCountOnlyWhenTheDipHadMoreThanTheRest() {
    ServerTimeline every = new ServerTimeline();
    ServerTimeline once = new ServerTimeline();
    for (int i = 0; i < 60; i++) {
      boolean dip = i >= 20 && i < 25;
      every.add(i + 1, 1, interval(i % 5 == 0 ? 1 : 0, 0, 1_000_000, Map.of(), Map.of()));
      once.add(
          i + 1, 1, interval(i == 22 ? 1 : 0, 0, dip ? 1_000_000 : 1_000_000, Map.of(), Map.of()));
    }
    Stability s = stability(60, 20, 5);
    assertEquals(List.of(), every.causes(s).of(s.dips().get(0)), "one every 5 s, dip or not");
    assertEquals(List.of("a timed checkpoint"), once.causes(s).of(s.dips().get(0)));
  }

  @Test
  void aWeekOfSecondsKeepsAtMostTheBucketLimitAndStillFindsTheDip() {
    ServerTimeline timeline = new ServerTimeline();
    int week = 7 * 86_400;
    int from = 3 * 86_400;
    for (int i = 0; i < week; i++) {
      boolean dip = i >= from && i < from + 3600;
      timeline.add(
          i + 1,
          1,
          dip ? interval(0, 0, 1_000_000, Map.of("Lock:transactionid", 3L), Map.of()) : ordinary());
    }
    assertTrue(timeline.buckets() <= ServerTimeline.MAX_BUCKETS, timeline.buckets() + " buckets");
    List<StabilityWindow> windows = new ArrayList<>();
    for (int w = 0; w < week / 600; w++) {
      boolean dip = w * 600 >= from && w * 600 < from + 3600;
      windows.add(new StabilityWindow(w * 600.0, 600, dip ? 6000 : 60000, 5, 10));
    }
    Stability s = Stability.of(windows);
    DipCauses causes = timeline.causes(s);
    assertEquals(1, s.dips().size(), s.dips().toString());
    assertEquals(List.of("lock waits (Lock:transactionid)"), causes.of(s.dips().get(0)));
  }
}
