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
    public void stalled(int client, long sinceNanos, long nowNanos) {
      events.add(
          "stalled " + client + " since " + sinceNanos / SECOND + " at " + nowNanos / SECOND);
    }

    @Override
    public void resumed(int client, long sinceNanos, long nowNanos) {
      events.add(
          "resumed " + client + " since " + sinceNanos / SECOND + " at " + nowNanos / SECOND);
    }
  }

  @Test
  void aTransactionLongerThanTheThresholdIsToldOnceThenWhenItEnds() {
    StallWatch watch = new StallWatch(2, 5 * SECOND);
    Told told = new Told();
    long[] starts = {IDLE, 100 * SECOND};
    for (long now = 101; now <= 110; now++) {
      watch.check(now * SECOND, starts, told);
    }
    assertEquals(List.of("stalled 1 since 100 at 106"), told.events);
    assertEquals(1, watch.stalled());
    starts[1] = IDLE;
    watch.check(111 * SECOND, starts, told);
    assertEquals(List.of("stalled 1 since 100 at 106", "resumed 1 since 100 at 111"), told.events);
    assertEquals(0, watch.stalled());
  }

  @Test
  void exactlyTheThresholdIsNotAStall() {
    StallWatch watch = new StallWatch(1, 5 * SECOND);
    Told told = new Told();
    watch.check(15 * SECOND, new long[] {10 * SECOND}, told);
    assertEquals(List.of(), told.events);
  }

  @Test
  void shortTransactionsOneAfterAnotherAreNeverAStall() {
    StallWatch watch = new StallWatch(1, 5 * SECOND);
    Told told = new Told();
    for (long now = 1; now <= 60; now++) {
      watch.check(now * SECOND, new long[] {now * SECOND - SECOND / 2}, told);
    }
    assertEquals(List.of(), told.events);
  }

  @Test
  void aStalledClientThatEntersANewTransactionResumesAndCanStallAgain() {
    StallWatch watch = new StallWatch(1, 2 * SECOND);
    Told told = new Told();
    watch.check(5 * SECOND, new long[] {SECOND}, told);
    watch.check(6 * SECOND, new long[] {6 * SECOND}, told);
    watch.check(9 * SECOND, new long[] {6 * SECOND}, told);
    assertEquals(
        List.of("stalled 0 since 1 at 5", "resumed 0 since 1 at 6", "stalled 0 since 6 at 9"),
        told.events);
  }

  @Test
  void everyStalledClientIsToldOnItsOwn() {
    StallWatch watch = new StallWatch(3, SECOND);
    Told told = new Told();
    watch.check(10 * SECOND, new long[] {2 * SECOND, IDLE, 3 * SECOND}, told);
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
          public void stalled(int client, long sinceNanos, long nowNanos) {
            waited.add(nowNanos - sinceNanos);
          }

          @Override
          public void resumed(int client, long sinceNanos, long nowNanos) {}
        };
    long start = Long.MAX_VALUE - SECOND / 2;
    watch.check(start + 2 * SECOND, new long[] {start}, listener);
    assertEquals(List.of(2 * SECOND), waited);
  }

  @Test
  void aThresholdOfZeroOrAMismatchedClientCountIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new StallWatch(1, 0));
    StallWatch watch = new StallWatch(2, SECOND);
    assertThrows(
        IllegalArgumentException.class, () -> watch.check(0, new long[] {IDLE}, new Told()));
  }
}
