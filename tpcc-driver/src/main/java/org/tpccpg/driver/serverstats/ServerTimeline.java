package org.tpccpg.driver.serverstats;

import java.util.ArrayList;
import java.util.List;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.Stability;

/**
 * A run's server figures over time, in flat memory for a run of any length: buckets of equal
 * length, starting at 1 s; when an interval falls beyond the {@value #MAX_BUCKETS}th, neighbours
 * are merged in pairs and the length doubles (a week of 1-second intervals ends with 256 s buckets,
 * finer than its stability windows). It names the likely causes of the run's dips ({@link #causes})
 * by comparing the buckets a dip overlaps with those no dip overlaps.
 *
 * <p>The reporter's thread adds an interval at a time, the run's thread reads at the end: every
 * method synchronizes, once per interval. It reads no clock: times are the intervals'.
 */
public final class ServerTimeline {
  static final int MAX_BUCKETS = 2048;

  private final List<ServerActivity> buckets = new ArrayList<>();
  private double bucketSeconds = 1;

  /**
   * Adds one interval's server figures.
   *
   * @param endSeconds the interval's end, from the start of measuring
   * @param seconds its length
   */
  public synchronized void add(double endSeconds, double seconds, ServerInterval server) {
    double middle = Math.max(0, endSeconds - seconds / 2);
    while (middle / bucketSeconds >= MAX_BUCKETS) {
      mergePairs();
    }
    int index = (int) (middle / bucketSeconds);
    while (buckets.size() <= index) {
      buckets.add(new ServerActivity());
    }
    buckets.get(index).add(seconds, server);
  }

  /** How many buckets it holds now, at most {@link #MAX_BUCKETS}. */
  synchronized int buckets() {
    return buckets.size();
  }

  /** Forgets what was added (the end of the warm-up). */
  public synchronized void restart() {
    buckets.clear();
    bucketSeconds = 1;
  }

  /**
   * The causes of each of {@code stability}'s dips, by the rules of {@link DipCauseRules}, against
   * the rest of the run: the buckets that overlap none of its dips.
   */
  public synchronized DipCauses causes(Stability stability) {
    ServerActivity rest = new ServerActivity();
    for (int i = 0; i < buckets.size(); i++) {
      int bucket = i;
      if (stability.dips().stream().noneMatch(d -> overlaps(bucket, d))) {
        rest.add(buckets.get(i));
      }
    }
    List<Stability.Dip> dips = stability.dips();
    List<List<String>> causes = new ArrayList<>();
    for (Stability.Dip dip : dips) {
      ServerActivity during = new ServerActivity();
      for (int i = 0; i < buckets.size(); i++) {
        if (overlaps(i, dip)) {
          during.add(buckets.get(i));
        }
      }
      causes.add(DipCauseRules.name(during, rest));
    }
    return dip -> {
      int i = dips.indexOf(dip);
      return i < 0 ? List.of() : causes.get(i);
    };
  }

  private boolean overlaps(int bucket, Stability.Dip dip) {
    double start = bucket * bucketSeconds;
    return start < dip.startSeconds() + dip.seconds() && start + bucketSeconds > dip.startSeconds();
  }

  private void mergePairs() {
    List<ServerActivity> merged = new ArrayList<>((buckets.size() + 1) / 2);
    for (int i = 0; i < buckets.size(); i += 2) {
      ServerActivity pair = new ServerActivity();
      pair.add(buckets.get(i));
      if (i + 1 < buckets.size()) {
        pair.add(buckets.get(i + 1));
      }
      pair.trim();
      merged.add(pair);
    }
    buckets.clear();
    buckets.addAll(merged);
    bucketSeconds *= 2;
  }
}
