package org.tpccpg.driver.serverstats;

import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Between the sampling thread and the thread that writes intervals: {@link #add} takes each sample,
 * {@link #take} turns what came since the previous take into a {@link ServerInterval}. Both are
 * short and run no SQL, so the writer never waits for the server.
 *
 * <p>A counter's difference is null when either reading is null, when its group was reset between
 * them ({@code stats_reset} changed) or when it went down (a crash resets the counters). The first
 * sample after the start or after {@link #lost()} is the baseline: a take before the next returns
 * null.
 */
public final class ServerStatsAccumulator {
  /** How many wait events an interval keeps. */
  public static final int TOP_WAIT_EVENTS = 5;

  private ServerSample base;
  private ServerSample latest;
  private boolean fresh;
  private final Map<String, Long> waits = new HashMap<>();
  private final Map<String, Long> vacuums = new HashMap<>();

  /** A new sample from the server. */
  public synchronized void add(ServerSample sample) {
    latest = Objects.requireNonNull(sample, "sample");
    if (base == null) {
      base = sample; // the first sample (after the start or a lost connection) is the baseline
      return;
    }
    fresh = true;
    sample.waitEvents().forEach((event, n) -> waits.merge(event, n, Long::sum));
    sample.vacuums().forEach((table, n) -> vacuums.merge(table, n, Long::sum));
  }

  /** The connection was lost: the next sample starts a new baseline. */
  public synchronized void lost() {
    base = null;
    latest = null;
    fresh = false;
    waits.clear();
    vacuums.clear();
  }

  /**
   * What the samples since the previous take say, or null when there is no baseline yet or no
   * sample came since (the next take then covers both).
   */
  public synchronized ServerInterval take() {
    if (!fresh) {
      return null;
    }
    ServerSample from = base;
    base = latest;
    fresh = false;
    ServerInterval interval = between(from, latest, top(waits), top(vacuums));
    waits.clear();
    vacuums.clear();
    return interval;
  }

  /** Forgets what came so far (the end of warmup): the next take covers only what follows. */
  public synchronized void restart() {
    if (latest != null) {
      base = latest;
    }
    fresh = false;
    waits.clear();
    vacuums.clear();
  }

  /**
   * The interval from {@code a} to {@code b}, with {@code waits} as its wait events and {@code
   * vacuums} as its vacuums.
   */
  static ServerInterval between(
      ServerSample a, ServerSample b, Map<String, Long> waits, Map<String, Long> vacuums) {
    boolean checkpointsSame = Objects.equals(a.checkpointReset(), b.checkpointReset());
    boolean walSame = Objects.equals(a.walReset(), b.walReset());
    boolean databaseSame = Objects.equals(a.databaseReset(), b.databaseReset());
    return new ServerInterval(
        delta(a.checkpoints(), b.checkpoints(), checkpointsSame),
        delta(a.checkpointsRequested(), b.checkpointsRequested(), checkpointsSame),
        delta(a.walBytes(), b.walBytes(), walSame),
        delta(a.commits(), b.commits(), databaseSame),
        delta(a.rollbacks(), b.rollbacks(), databaseSame),
        delta(a.deadlocks(), b.deadlocks(), databaseSame),
        delta(a.tempBytes(), b.tempBytes(), databaseSame),
        b.autovacuumWorkers(),
        waits,
        vacuums);
  }

  /** {@code after - before}, or null when unknown or reset in between. */
  static Long delta(Long before, Long after, boolean sameReset) {
    if (before == null || after == null || !sameReset || after < before) {
      return null;
    }
    return after - before;
  }

  /**
   * The {@link #TOP_WAIT_EVENTS} most frequent wait events or vacuumed tables, most frequent first
   * (ties by name).
   */
  static Map<String, Long> top(Map<String, Long> waits) {
    return top(waits, TOP_WAIT_EVENTS);
  }

  /** The {@code n} largest counts, largest first (ties by name). */
  static Map<String, Long> top(Map<String, Long> waits, int n) {
    Map<String, Long> top = new LinkedHashMap<>();
    waits.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()))
        .limit(n)
        .forEach(e -> top.put(e.getKey(), e.getValue()));
    return top;
  }
}
