package org.tpccpg.loader;

import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a cleanup did, and only that.
 *
 * @param droppedTables for each set it dropped tables of, how many
 * @param recordDropped whether it dropped the load record (the {@code tpcc_metadata} tables)
 * @param leftAlone relations named like TPC-C tables that are not a data set's, each with why
 * @param outsideScope sets of a data set beyond {@code --tables}, which it kept
 * @param functionsDropped the functions of {@code --txn-mode=procedures} it dropped with the sets
 */
public record CleanupReport(
    SortedMap<Integer, Integer> droppedTables,
    boolean recordDropped,
    List<String> leftAlone,
    SortedSet<Integer> outsideScope,
    int functionsDropped) {
  public CleanupReport {
    droppedTables = new TreeMap<>(droppedTables);
    leftAlone = List.copyOf(leftAlone);
    outsideScope = new TreeSet<>(outsideScope);
  }

  /** The sets it dropped tables of. */
  public SortedSet<Integer> droppedSets() {
    return new TreeSet<>(droppedTables.keySet());
  }

  /** How many tables it dropped, the record's not counted. */
  public int tablesDropped() {
    return droppedTables.values().stream().mapToInt(Integer::intValue).sum();
  }
}
