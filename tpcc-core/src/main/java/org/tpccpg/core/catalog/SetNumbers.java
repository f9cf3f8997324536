package org.tpccpg.core.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;

/**
 * Writes table-set numbers for a person to read: runs of consecutive numbers as ranges ({@code
 * 1..4, 7, 9..12}), and at most {@value #MAX_PARTS} parts, so that a hundred thousand sets still
 * make one short line.
 */
public final class SetNumbers {
  static final int MAX_PARTS = 8;

  private SetNumbers() {}

  /** {@code "1..4, 7"}; {@code "none"} for no sets. */
  public static String describe(SortedSet<Integer> sets) {
    if (sets.isEmpty()) {
      return "none";
    }
    List<String> parts = new ArrayList<>();
    int first = sets.first();
    int last = first;
    for (int set : sets.tailSet(first + 1)) {
      if (set == last + 1) {
        last = set;
        continue;
      }
      parts.add(range(first, last));
      first = set;
      last = set;
    }
    parts.add(range(first, last));
    if (parts.size() <= MAX_PARTS) {
      return String.join(", ", parts);
    }
    return String.join(", ", parts.subList(0, MAX_PARTS - 1))
        + ", ... "
        + parts.get(parts.size() - 1)
        + " ("
        + sets.size()
        + " sets)";
  }

  private static String range(int first, int last) {
    if (first == last) {
      return String.valueOf(first);
    }
    return first + (last == first + 1 ? ", " : "..") + last;
  }
}
