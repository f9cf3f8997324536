package org.tpccpg.driver.serverstats;

import java.util.HashMap;
import java.util.Map;

/**
 * What the server did over some stretch of a run, summed from its intervals' server figures: the
 * unit {@link ServerTimeline} keeps per bucket and adds up for a dip or for the rest of the run. A
 * counter an interval could not give (null) adds nothing, and its seconds are not counted for the
 * rate ({@link #walSeconds}). Not thread-safe: its timeline's lock guards it.
 */
final class ServerActivity {
  /** How many wait events and tables a bucket keeps; the rarer are dropped as buckets merge. */
  static final int KEPT_NAMES = 8;

  double seconds;
  long checkpoints;
  long checkpointsRequested;
  double checkpointSeconds;
  long walBytes;
  double walSeconds;
  long deadlocks;
  final Map<String, Long> waitEvents = new HashMap<>();
  final Map<String, Long> vacuums = new HashMap<>();

  void add(double intervalSeconds, ServerInterval s) {
    seconds += intervalSeconds;
    if (s.checkpoints() != null && s.checkpointsRequested() != null) {
      checkpoints += s.checkpoints();
      checkpointsRequested += s.checkpointsRequested();
      checkpointSeconds += intervalSeconds;
    }
    if (s.walBytes() != null) {
      walBytes += s.walBytes();
      walSeconds += intervalSeconds;
    }
    if (s.deadlocks() != null) {
      deadlocks += s.deadlocks();
    }
    merge(waitEvents, s.waitEvents());
    merge(vacuums, s.vacuums());
    if (waitEvents.size() > 2 * KEPT_NAMES || vacuums.size() > 2 * KEPT_NAMES) {
      trim();
    }
  }

  void add(ServerActivity other) {
    seconds += other.seconds;
    checkpoints += other.checkpoints;
    checkpointsRequested += other.checkpointsRequested;
    checkpointSeconds += other.checkpointSeconds;
    walBytes += other.walBytes;
    walSeconds += other.walSeconds;
    deadlocks += other.deadlocks;
    merge(waitEvents, other.waitEvents);
    merge(vacuums, other.vacuums);
  }

  /** Drops all but the {@link #KEPT_NAMES} most frequent names, so a bucket stays small. */
  void trim() {
    trim(waitEvents);
    trim(vacuums);
  }

  /** Per second of the stretch, 0 for a stretch without seconds. */
  static double rate(double count, double seconds) {
    return seconds > 0 ? count / seconds : 0;
  }

  private static void merge(Map<String, Long> into, Map<String, Long> from) {
    from.forEach((name, n) -> into.merge(name, n, Long::sum));
  }

  private static void trim(Map<String, Long> counts) {
    if (counts.size() <= KEPT_NAMES) {
      return;
    }
    Map<String, Long> top = new HashMap<>(ServerStatsAccumulator.top(counts, KEPT_NAMES));
    counts.clear();
    counts.putAll(top);
  }
}
