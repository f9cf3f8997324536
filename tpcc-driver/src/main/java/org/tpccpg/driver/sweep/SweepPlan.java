package org.tpccpg.driver.sweep;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.SweepCell;

/**
 * The cells of a sweep in the order they run. Targets are the innermost loop, so that the cells
 * that are compared with each other (the same workload, clients and settings on different targets)
 * run one right after the other, and slow drift of the machine (page cache, thermal state, other
 * load) hits all targets alike; then workloads, client counts, the settings combinations, and
 * repeats outermost, so that every repeat is one full pass over the grid and an interrupted sweep
 * has whole passes done. Even repeats run the targets in reverse order: within a block the first
 * target follows a different workload or client count and the last one its own kind, so a fixed
 * order would give each target a place of its own on every repeat; reversing balances the places
 * over each pair of repeats (an ABBA design).
 */
public final class SweepPlan {
  private SweepPlan() {}

  /**
   * The cells in run order.
   *
   * @param seed every cell's random seed: every target, client count and repeat meets the same
   *     random sequence (with a rate, the same schedule), so repeats differ only by what the system
   *     does, which is the variation they are there to measure
   */
  public static List<SweepCell> cells(SweepFile file, long seed) {
    List<Map<String, String>> combinations = file.settingCombinations();
    boolean dimension = !file.settings().isEmpty();
    List<Target> reversed = new ArrayList<>(file.targets());
    Collections.reverse(reversed);
    List<SweepCell> cells = new ArrayList<>();
    for (int repeat = 1; repeat <= file.repeats(); repeat++) {
      for (int s = 0; s < combinations.size(); s++) {
        for (int clients : file.clients()) {
          for (Workload workload : file.workloads()) {
            for (Target target : repeat % 2 == 1 ? file.targets() : reversed) {
              String id =
                  target.name()
                      + "."
                      + workload.name()
                      + ".c"
                      + clients
                      + (dimension ? ".s" + (s + 1) : "")
                      + ".r"
                      + repeat;
              cells.add(
                  SweepCell.planned(
                      id,
                      target.name(),
                      workload.name(),
                      clients,
                      repeat,
                      combinations.get(s),
                      seed));
            }
          }
        }
      }
    }
    return List.copyOf(cells);
  }
}
