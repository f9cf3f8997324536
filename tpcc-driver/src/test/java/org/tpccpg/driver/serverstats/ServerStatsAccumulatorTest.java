package org.tpccpg.driver.serverstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerStatsAccumulatorTest {
  /** A sample whose counters are all {@code n}, never reset, with {@code waits}. */
  private static ServerSample sample(long n, Map<String, Long> waits) {
    return new ServerSample(n, n, null, n * 1000, null, n, n, n, n, null, (int) n, waits, Map.of());
  }

  @Test
  void theFirstSampleOnlySetsTheBaseline() {
    ServerStatsAccumulator a = new ServerStatsAccumulator();
    assertNull(a.take(), "nothing sampled yet");
    a.add(sample(5, Map.of()));
    assertNull(a.take(), "one sample is a baseline, not an interval");
    a.add(sample(8, Map.of("Lock:tuple", 2L)));
    ServerInterval i = a.take();
    assertEquals(3L, i.checkpoints());
    assertEquals(3L, i.checkpointsRequested());
    assertEquals(3000L, i.walBytes());
    assertEquals(3L, i.commits());
    assertEquals(3L, i.rollbacks());
    assertEquals(3L, i.deadlocks());
    assertEquals(3L, i.tempBytes());
    assertEquals(8, i.autovacuumWorkers(), "a gauge: as at the last sample");
    assertEquals(Map.of("Lock:tuple", 2L), i.waitEvents());
  }

  @Test
  void anIntervalCoversEverySampleSinceTheTakeBeforeAndSumsTheirWaits() {
    ServerStatsAccumulator a = new ServerStatsAccumulator();
    a.add(sample(1, Map.of()));
    a.take();
    a.add(sample(2, Map.of("LWLock:WALWrite", 1L)));
    a.add(sample(4, Map.of("LWLock:WALWrite", 2L, "IO:DataFileRead", 1L)));
    ServerInterval i = a.take();
    assertEquals(3L, i.commits());
    assertEquals(Map.of("LWLock:WALWrite", 3L, "IO:DataFileRead", 1L), i.waitEvents());
  }

  @Test
  void noNewSampleSinceTheLastTakeGivesNoIntervalAndTheNextCoversBoth() {
    ServerStatsAccumulator a = new ServerStatsAccumulator();
    a.add(sample(1, Map.of()));
    a.take();
    assertNull(a.take());
    a.add(sample(6, Map.of()));
    assertEquals(5L, a.take().commits());
  }

  @Test
  void aCounterThatWentDownWasResetAndIsUnknown() {
    assertNull(ServerStatsAccumulator.delta(100L, 3L, true));
    assertEquals(0L, ServerStatsAccumulator.delta(3L, 3L, true));
    assertEquals(97L, ServerStatsAccumulator.delta(3L, 100L, true));
  }

  @Test
  void aChangedStatsResetMakesThatGroupUnknownEvenWhenItGrew() {
    ServerSample before =
        new ServerSample(1L, 1L, null, 10L, "w0", 100L, 1L, 0L, 0L, null, 0, Map.of(), Map.of());
    ServerSample after =
        new ServerSample(
            2L,
            2L,
            "2026-12-01 02:00:00+00",
            20L,
            "w0",
            500L,
            2L,
            0L,
            0L,
            "x",
            0,
            Map.of(),
            Map.of());
    ServerInterval i = ServerStatsAccumulator.between(before, after, Map.of(), Map.of());
    assertNull(i.checkpoints(), "pg_stat_bgwriter was reset");
    assertNull(i.checkpointsRequested());
    assertEquals(10L, i.walBytes(), "pg_stat_wal was not");
    assertNull(i.commits(), "pg_stat_database was reset");
    assertNull(i.rollbacks());
    assertNull(i.deadlocks());
    assertNull(i.tempBytes());
  }

  @Test
  void whatTheServerCannotSayStaysUnknown() {
    ServerSample lsnLess =
        new ServerSample(1L, 0L, null, null, null, 1L, 0L, 0L, 0L, null, 0, Map.of(), Map.of());
    ServerSample next =
        new ServerSample(1L, 0L, null, null, null, 2L, 0L, 0L, 0L, null, 0, Map.of(), Map.of());
    ServerInterval i = ServerStatsAccumulator.between(lsnLess, next, Map.of(), Map.of());
    assertNull(i.walBytes(), "a standby has no current WAL position");
    assertEquals(1L, i.commits());
    assertNull(ServerStatsAccumulator.delta(null, 5L, true));
    assertNull(ServerStatsAccumulator.delta(5L, null, true));
  }

  @Test
  void aLostConnectionStartsANewBaseline() {
    ServerStatsAccumulator a = new ServerStatsAccumulator();
    a.add(sample(10, Map.of()));
    a.take();
    a.lost();
    a.add(sample(1, Map.of("Lock:tuple", 1L))); // a restarted server: counters from 0
    assertNull(a.take(), "the first sample after reconnecting is a baseline");
    a.add(sample(3, Map.of()));
    assertEquals(2L, a.take().commits());
  }

  @Test
  void restartAtTheEndOfWarmupLeavesWhatCameBeforeOut() {
    ServerStatsAccumulator a = new ServerStatsAccumulator();
    a.add(sample(1, Map.of()));
    a.add(sample(50, Map.of("Lock:tuple", 9L)));
    a.restart();
    a.add(sample(52, Map.of()));
    ServerInterval i = a.take();
    assertEquals(2L, i.commits());
    assertEquals(Map.of(), i.waitEvents());
  }

  @Test
  void onlyTheFiveMostFrequentWaitEventsAreKeptMostFrequentFirst() {
    Map<String, Long> waits = new LinkedHashMap<>();
    waits.put("A:a", 1L);
    waits.put("B:b", 7L);
    waits.put("C:c", 3L);
    waits.put("D:d", 3L);
    waits.put("E:e", 5L);
    waits.put("F:f", 2L);
    Map<String, Long> top = ServerStatsAccumulator.top(waits);
    assertEquals(List.of("B:b", "E:e", "C:c", "D:d", "F:f"), List.copyOf(top.keySet()));
  }

  @Test
  void waitEventsAreParsedAsTheStatementAggregatesThem() {
    assertEquals(Map.of(), ServerSample.parseCounts(null));
    assertEquals(Map.of(), ServerSample.parseCounts(""));
    assertEquals(
        Map.of("Lock:transactionid", 3L, "LWLock:WALWrite", 1L),
        ServerSample.parseCounts("Lock:transactionid=3,LWLock:WALWrite=1"));
    assertThrows(IllegalArgumentException.class, () -> ServerSample.parseCounts("Lock:x"));
  }
}
