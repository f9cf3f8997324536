package org.tpccpg.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StallWatchTest {
  private static final long IDLE = StallWatch.IDLE;
  private static final long SECOND = 1_000_000_000L;

  /** Writes down what the watch told, with the fake clock's seconds. */
  private static final class Told implements StallWatch.Listener {
    final List<String> events = new ArrayList<>();

    @Override
    public void stalled(int client, long sinceNanos, long nowNanos, boolean runStalled) {
      events.add(
          "stalled "
              + client
              + " since "
              + sinceNanos / SECOND
              + " at "
              + nowNanos / SECOND
              + (runStalled ? " run stalled" : ""));
    }

    @Override
    public void resumed(int client, long sinceNanos, long nowNanos) {
      events.add(
          "resumed " + client + " since " + sinceNanos / SECOND + " at " + nowNanos / SECOND);
    }

    @Override
    public void outageJoined(int client, long atNanos) {
      events.add("outage " + client + " from " + atNanos / SECOND);
    }

    @Override
    public void outageLeft(int client) {
      events.add("left " + client);
    }
  }

  @Test
  void aTransactionLongerThanTheThresholdIsToldOnceThenWhenItEnds() {
    StallWatch watch = new StallWatch(2, 5 * SECOND);
    Told told = new Told();
    long[] starts = {IDLE, 100 * SECOND};
    for (long now = 101; now <= 110; now++) {
      watch.check(now * SECOND, starts, now, told);
    }
    assertEquals(List.of("stalled 1 since 100 at 106"), told.events);
    assertEquals(1, watch.stalled());
    starts[1] = IDLE;
    watch.check(111 * SECOND, starts, 111, told);
    assertEquals(List.of("stalled 1 since 100 at 106", "resumed 1 since 100 at 111"), told.events);
    assertEquals(0, watch.stalled());
  }

  @Test
  void exactlyTheThresholdIsNotAStall() {
    StallWatch watch = new StallWatch(1, 5 * SECOND);
    Told told = new Told();
    watch.check(15 * SECOND, new long[] {10 * SECOND}, 15, told);
    assertEquals(List.of(), told.events);
  }

  @Test
  void shortTransactionsOneAfterAnotherAreNeverAStall() {
    StallWatch watch = new StallWatch(1, 5 * SECOND);
    Told told = new Told();
    for (long now = 1; now <= 60; now++) {
      watch.check(now * SECOND, new long[] {now * SECOND - SECOND / 2}, now, told);
    }
    assertEquals(List.of(), told.events);
  }

  @Test
  void aStalledClientThatEntersANewTransactionResumesAndCanStallAgain() {
    StallWatch watch = new StallWatch(1, 2 * SECOND);
    Told told = new Told();
    watch.check(5 * SECOND, new long[] {SECOND}, 5, told);
    watch.check(6 * SECOND, new long[] {6 * SECOND}, 6, told);
    watch.check(9 * SECOND, new long[] {6 * SECOND}, 9, told);
    assertEquals(
        List.of("stalled 0 since 1 at 5", "resumed 0 since 1 at 6", "stalled 0 since 6 at 9"),
        told.events);
  }

  @Test
  void everyStalledClientIsToldOnItsOwn() {
    StallWatch watch = new StallWatch(3, SECOND);
    Told told = new Told();
    watch.check(10 * SECOND, new long[] {2 * SECOND, IDLE, 3 * SECOND}, 10, told);
    assertEquals(List.of("stalled 0 since 2 at 10", "stalled 2 since 3 at 10"), told.events);
    assertEquals(2, watch.stalled());
  }

  @Test
  void aClockNearItsWrapStillMeasuresTheWait() {
    StallWatch watch = new StallWatch(1, SECOND);
    List<Long> waited = new ArrayList<>();
    StallWatch.Listener listener =
        new StallWatch.Listener() {
          @Override
          public void stalled(int client, long sinceNanos, long nowNanos, boolean runStalled) {
            waited.add(nowNanos - sinceNanos);
          }

          @Override
          public void resumed(int client, long sinceNanos, long nowNanos) {}
        };
    long start = Long.MAX_VALUE - SECOND / 2;
    watch.check(start + 2 * SECOND, new long[] {start}, 1, listener);
    assertEquals(List.of(2 * SECOND), waited);
  }

  @Test
  void aClientStalledWhileOthersCommitIsToldButIsNoOutage() {
    StallWatch watch = new StallWatch(2, 5 * SECOND);
    watch.begin(100 * SECOND, 0);
    Told told = new Told();
    long[] starts = {IDLE, 100 * SECOND};
    for (long now = 101; now <= 130; now++) {
      starts[0] = now * SECOND - SECOND / 2; // client 0 ends a transaction a second
      watch.check(now * SECOND, starts, now - 100, told);
    }
    assertEquals(List.of("stalled 1 since 100 at 106"), told.events);
  }

  @Test
  void whenNothingEndsForTheThresholdTheStalledClientsAreAnOutageFromTheLastEnd() {
    StallWatch watch = new StallWatch(3, 5 * SECOND);
    watch.begin(100 * SECOND, 7);
    Told told = new Told();
    long[] starts = {100 * SECOND, 100 * SECOND, IDLE};
    for (long now = 101; now <= 107; now++) {
      watch.check(now * SECOND, starts, 7, told);
    }
    assertEquals(
        List.of(
            "stalled 0 since 100 at 106 run stalled",
            "outage 0 from 100",
            "stalled 1 since 100 at 106 run stalled",
            "outage 1 from 100"),
        told.events);
    told.events.clear();
    starts[0] = IDLE; // its transaction ended: the run moved on
    watch.check(108 * SECOND, starts, 8, told);
    assertEquals(List.of("left 0", "resumed 0 since 100 at 108", "left 1"), told.events);
  }

  @Test
  void aClientStalledBeforeTheOthersStopIsToldAgainAndJoinsTheOutageFromTheirLastEnd() {
    StallWatch watch = new StallWatch(2, 5 * SECOND);
    watch.begin(100 * SECOND, 0);
    Told told = new Told();
    long[] starts = {100 * SECOND, IDLE};
    for (long now = 101; now <= 120; now++) {
      long ended = Math.min(now, 110) - 100; // client 1 commits until 110, then waits too
      starts[1] = now <= 110 ? now * SECOND - SECOND / 2 : 110 * SECOND;
      watch.check(now * SECOND, starts, ended, told);
    }
    assertEquals(
        List.of(
            "stalled 0 since 100 at 106",
            // told "not an outage" at 106; now the whole run has stopped, it is one
            "stalled 0 since 100 at 116 run stalled",
            "outage 0 from 110",
            "stalled 1 since 110 at 116 run stalled",
            "outage 1 from 110"),
        told.events);
  }

  @Test
  void aThresholdOfZeroOrAMismatchedClientCountIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new StallWatch(1, 0));
    StallWatch watch = new StallWatch(2, SECOND);
    assertThrows(
        IllegalArgumentException.class, () -> watch.check(0, new long[] {IDLE}, 0, new Told()));
  }
}
