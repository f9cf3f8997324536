package org.tpccpg.driver.serverstats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Names what the server did more of during a dip than during the rest of the run, by fixed rules a
 * reviewer can redo from intervals.jsonl: each figure as a rate per second of the dip against the
 * same rate over the buckets no dip overlaps. In this order, the likeliest first:
 *
 * <ol>
 *   <li>a table vacuumed, seen in more than {@value #VACUUM_RATIO} times as many samples per second
 *       as in the rest: anti-wraparound autovacuum (its frozen XID past {@code
 *       autovacuum_freeze_max_age}), a client's VACUUM, then autovacuum;
 *   <li>requested checkpoints ({@code max_wal_size} reached, or CHECKPOINT) at more than {@value
 *       #CHECKPOINT_RATIO} times the rest's rate;
 *   <li>lock waits (wait events of type {@code Lock}) at more than {@value #WAIT_RATIO} times the
 *       rest's rate and at least {@value #MIN_WAITS_PER_SECOND} a second;
 *   <li>timed checkpoints at more than {@value #CHECKPOINT_RATIO} times the rest's rate;
 *   <li>the other wait event that grew most, by the same measure as lock waits;
 *   <li>WAL written at more than {@value #WAL_RATIO} times the rest's rate (full-page writes after
 *       a checkpoint; a dip that is only fewer transactions writes less);
 *   <li>deadlocks, when the rest had fewer per second.
 * </ol>
 *
 * A rest of no seconds (every bucket in a dip) has rate 0, so anything the dip did counts. A dip
 * without server figures (the sampler's connection lost in it) says so. Pure.
 */
final class DipCauseRules {
  static final double VACUUM_RATIO = 2;
  static final double CHECKPOINT_RATIO = 1.5;
  static final double WAIT_RATIO = 2;
  static final double MIN_WAITS_PER_SECOND = 0.5;
  static final double WAL_RATIO = 1.5;

  private DipCauseRules() {}

  /** The causes, likeliest first; empty when nothing stands out. */
  static List<String> name(ServerActivity dip, ServerActivity rest) {
    List<String> causes = new ArrayList<>();
    if (dip.seconds == 0) {
      causes.add("no server figures in it (the statistics connection was lost)");
      return causes;
    }
    vacuums(dip, rest, " (wraparound)", "anti-wraparound autovacuum of ", causes);
    vacuums(dip, rest, " (manual)", "VACUUM of ", causes);
    vacuums(dip, rest, "", "autovacuum of ", causes);
    long requested = dip.checkpointsRequested;
    if (grew(
        requested,
        dip.checkpointSeconds,
        rest.checkpointsRequested,
        rest.checkpointSeconds,
        CHECKPOINT_RATIO)) {
      causes.add(
          count(requested, "requested checkpoint") + " (max_wal_size reached or CHECKPOINT)");
    }
    String locks = waits(dip, rest, true);
    if (locks != null) {
      causes.add("lock waits (" + locks + ")");
    }
    long timed = dip.checkpoints - requested;
    long restTimed = rest.checkpoints - rest.checkpointsRequested;
    if (grew(timed, dip.checkpointSeconds, restTimed, rest.checkpointSeconds, CHECKPOINT_RATIO)) {
      causes.add(count(timed, "timed checkpoint"));
    }
    String other = waits(dip, rest, false);
    if (other != null) {
      causes.add("waits on " + other);
    }
    double walRatio =
        ServerActivity.rate(dip.walBytes, dip.walSeconds)
            / ServerActivity.rate(rest.walBytes, rest.walSeconds);
    if (dip.walBytes > 0 && walRatio > WAL_RATIO) {
      causes.add(
          Double.isInfinite(walRatio)
              ? "WAL written, none in the rest of the run"
              : String.format(
                  Locale.ROOT, "WAL at %.1f times the rest of the run's rate", walRatio));
    }
    if (grew(dip.deadlocks, dip.seconds, rest.deadlocks, rest.seconds, 1)) {
      causes.add(count(dip.deadlocks, "deadlock"));
    }
    return causes;
  }

  private static void vacuums(
      ServerActivity dip, ServerActivity rest, String suffix, String words, List<String> causes) {
    dip.vacuums.entrySet().stream()
        .filter(e -> suffix.isEmpty() ? !e.getKey().endsWith(")") : e.getKey().endsWith(suffix))
        .filter(
            e ->
                grew(
                    e.getValue(),
                    dip.seconds,
                    rest.vacuums.getOrDefault(e.getKey(), 0L),
                    rest.seconds,
                    VACUUM_RATIO))
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> causes.add(words + table(e.getKey(), suffix)));
  }

  private static String table(String label, String suffix) {
    return suffix.isEmpty() ? label : label.substring(0, label.length() - suffix.length());
  }

  /**
   * The wait events of type Lock ({@code locks}) or the one other event that grew most, past the
   * ratio and the floor; null when none did.
   */
  private static String waits(ServerActivity dip, ServerActivity rest, boolean locks) {
    List<String> grown = new ArrayList<>();
    dip.waitEvents.entrySet().stream()
        .filter(e -> e.getKey().startsWith("Lock:") == locks)
        .filter(e -> ServerActivity.rate(e.getValue(), dip.seconds) >= MIN_WAITS_PER_SECOND)
        .filter(
            e ->
                grew(
                    e.getValue(),
                    dip.seconds,
                    rest.waitEvents.getOrDefault(e.getKey(), 0L),
                    rest.seconds,
                    WAIT_RATIO))
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> grown.add(e.getKey()));
    if (grown.isEmpty()) {
      return null;
    }
    return locks ? String.join(", ", grown) : grown.get(0);
  }

  /** Whether {@code n} over {@code seconds} is more than {@code ratio} times the rest's rate. */
  private static boolean grew(
      long n, double seconds, long restN, double restSeconds, double ratio) {
    return n > 0
        && ServerActivity.rate(n, seconds) > ratio * ServerActivity.rate(restN, restSeconds);
  }

  private static String count(long n, String what) {
    return (n == 1 ? "a " + what : n + " " + what + "s");
  }
}
