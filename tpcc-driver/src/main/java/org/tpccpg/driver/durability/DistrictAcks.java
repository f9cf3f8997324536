package org.tpccpg.driver.durability;

import java.util.Arrays;

/**
 * One district's acknowledged O_IDs, as sorted, disjoint runs of consecutive numbers. A district
 * hands out O_IDs one after another (D_NEXT_O_ID, TPC-C 2.4.2.2), so its acknowledged orders are
 * one run but for the few still on their way and those whose outcome was lost: the size stays flat
 * however long the run. Not thread-safe: the ledger's thread owns it.
 */
final class DistrictAcks {
  private int[] lows = new int[2];
  private int[] highs = new int[2];
  private int runs;

  /** Adds {@code id}; false when it was there already. */
  boolean add(int id) {
    int i = runAtOrBelow(id);
    if (i >= 0 && id <= highs[i]) {
      return false;
    }
    boolean joinsBelow = i >= 0 && highs[i] == id - 1;
    boolean joinsAbove = i + 1 < runs && lows[i + 1] == id + 1;
    if (joinsBelow && joinsAbove) {
      highs[i] = highs[i + 1];
      remove(i + 1);
    } else if (joinsBelow) {
      highs[i] = id;
    } else if (joinsAbove) {
      lows[i + 1] = id;
    } else {
      insert(i + 1, id);
    }
    return true;
  }

  boolean contains(int id) {
    int i = runAtOrBelow(id);
    return i >= 0 && id <= highs[i];
  }

  /** Removes every id of {@code from} or more; returns how many went. */
  long removeFrom(int from) {
    long removed = 0;
    while (runs > 0 && highs[runs - 1] >= from) {
      int last = runs - 1;
      if (lows[last] >= from) {
        removed += (long) highs[last] - lows[last] + 1;
        runs--;
      } else {
        removed += (long) highs[last] - from + 1;
        highs[last] = from - 1;
      }
    }
    return removed;
  }

  /** The runs it keeps: what its memory grows with. */
  int runs() {
    return runs;
  }

  /** The index of the last run starting at or below {@code id}, or -1. */
  private int runAtOrBelow(int id) {
    if (runs > 0 && lows[runs - 1] <= id) {
      return runs - 1; // the usual case: the newest order of the district
    }
    int found = Arrays.binarySearch(lows, 0, runs, id);
    return found >= 0 ? found : -found - 2;
  }

  private void insert(int at, int id) {
    if (runs == lows.length) {
      lows = Arrays.copyOf(lows, runs * 2);
      highs = Arrays.copyOf(highs, runs * 2);
    }
    System.arraycopy(lows, at, lows, at + 1, runs - at);
    System.arraycopy(highs, at, highs, at + 1, runs - at);
    lows[at] = id;
    highs[at] = id;
    runs++;
  }

  private void remove(int at) {
    System.arraycopy(lows, at + 1, lows, at, runs - at - 1);
    System.arraycopy(highs, at + 1, highs, at, runs - at - 1);
    runs--;
  }
}
