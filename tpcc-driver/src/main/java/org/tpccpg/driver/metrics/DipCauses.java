package org.tpccpg.driver.metrics;

import java.util.List;

/**
 * What the server statistics of a run name as the likely causes of one of its dips, in words
 * ({@code "a requested checkpoint"}, {@code "VACUUM of stock1 (manual)"}), most likely first; empty
 * when nothing stands out or the run has no server statistics. Not here: how they are found
 * (serverstats' {@code ServerTimeline}).
 */
@FunctionalInterface
public interface DipCauses {
  /** A run without server statistics: no dip has a cause. */
  DipCauses NONE = dip -> List.of();

  /** The causes of {@code dip}, one of the run's dips. */
  List<String> of(Stability.Dip dip);
}
