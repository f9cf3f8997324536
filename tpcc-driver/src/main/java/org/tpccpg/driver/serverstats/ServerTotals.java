package org.tpccpg.driver.serverstats;

import java.util.Locale;
import java.util.Optional;

/**
 * What the server did over a whole run (after its warm-up): the checkpoints and the WAL of the
 * intervals summed, so that a run's text, its {@code summary.json}, a sweep's table and {@code
 * compare} can say "2 checkpoints (2 requested), 1,204.3 MB of WAL" beside the figures they explain
 * (issue #31: checkpoints were the lesson of a tuning write-up, found only in intervals.jsonl).
 *
 * <p>A counter is unknown for the run (null) as soon as one interval could not give it (the server
 * cannot say, or its statistics were reset meanwhile), rather than summed over the rest. Intervals
 * lost with the sampler's connection are missing from the sum, so a total covers the intervals it
 * counts. The reporter's thread adds, the run's thread reads at the end: it synchronizes, once per
 * interval.
 */
public final class ServerTotals {
  private int intervals;
  private long checkpoints;
  private long checkpointsRequested;
  private long walBytes;
  private boolean checkpointsKnown = true;
  private boolean walKnown = true;

  /**
   * The totals at one moment.
   *
   * @param intervals how many intervals had server figures
   * @param checkpoints checkpoints completed, timed and requested, or null when not known
   * @param checkpointsRequested of those, requested (a full WAL, CHECKPOINT), or null
   * @param walBytes WAL written, or null when not known
   */
  public record Snapshot(
      int intervals, Long checkpoints, Long checkpointsRequested, Long walBytes) {
    /**
     * {@code server during the run: 2 checkpoints (1 requested), 96.0 MB of WAL}, or empty when no
     * interval had server figures.
     */
    public Optional<String> line() {
      if (intervals == 0) {
        return Optional.empty();
      }
      String checkpointPart =
          checkpoints == null
              ? "checkpoints not known"
              : checkpoints
                  + (checkpoints == 1 ? " checkpoint (" : " checkpoints (")
                  + checkpointsRequested
                  + " requested)";
      String walPart =
          walBytes == null
              ? "WAL not known"
              : String.format(Locale.ROOT, "%.1f MB of WAL", walBytes / (1024.0 * 1024.0));
      return Optional.of("server during the run: " + checkpointPart + ", " + walPart);
    }
  }

  /** Adds one interval's figures. */
  public synchronized void add(ServerInterval interval) {
    intervals++;
    if (interval.checkpoints() == null || interval.checkpointsRequested() == null) {
      checkpointsKnown = false;
    } else {
      checkpoints += interval.checkpoints();
      checkpointsRequested += interval.checkpointsRequested();
    }
    if (interval.walBytes() == null) {
      walKnown = false;
    } else {
      walBytes += interval.walBytes();
    }
  }

  /** Forgets what was added (the end of the warm-up). */
  public synchronized void restart() {
    intervals = 0;
    checkpoints = 0;
    checkpointsRequested = 0;
    walBytes = 0;
    checkpointsKnown = true;
    walKnown = true;
  }

  /** The totals so far; every counter null while no interval had server figures. */
  public synchronized Snapshot snapshot() {
    boolean any = intervals > 0;
    return new Snapshot(
        intervals,
        any && checkpointsKnown ? checkpoints : null,
        any && checkpointsKnown ? checkpointsRequested : null,
        any && walKnown ? walBytes : null);
  }
}
