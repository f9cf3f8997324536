package org.tpccpg.core.catalog;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.schema.TpccTable;

/**
 * Which relations with TPC-C table names in the current schema belong to a data set, and whose: the
 * one place that decides what {@code cleanup} may drop, what {@code prepare} may replace and what
 * {@code run} may use. A user's database holds their own tables too, so a name alone proves
 * nothing.
 *
 * <ul>
 *   <li>With a load record of ours that lists its tables ({@code tpcc_metadata_table}): exactly the
 *       listed tables whose OID is unchanged are ours. A table put in place of one of them, or one
 *       in a set the record does not list, is not.
 *   <li>With a load record written before tables were listed (round 1 of this tool): in the
 *       recorded sets, the ordinary tables with exactly the TPC-C columns.
 *   <li>Without a record of ours: a set is sysbench-tpcc's when all nine of its tables are ordinary
 *       tables with exactly sysbench-tpcc's columns. A partial set is claimed by no one.
 * </ul>
 *
 * <p>Pure: {@link DataSetCatalogReader} reads the catalog snapshot from a database.
 */
public final class DataSetCatalog {
  private final Optional<DataSetInfo> record;
  private final Optional<Map<Integer, Map<TpccTable, Long>>> listed;
  private final Map<Integer, Map<TpccTable, FoundTable>> found;

  /**
   * @param record the load record, if this tool's metadata table is there
   * @param listed the tables the record lists, by set and table, with their OIDs; empty for a
   *     record that does not list tables
   * @param found every relation in the schema named like a TPC-C table of a set
   */
  DataSetCatalog(
      Optional<DataSetInfo> record,
      Optional<Map<Integer, Map<TpccTable, Long>>> listed,
      List<FoundTable> found) {
    this.record = record;
    this.listed = listed;
    this.found = new TreeMap<>();
    for (FoundTable table : found) {
      this.found
          .computeIfAbsent(table.set(), set -> new EnumMap<>(TpccTable.class))
          .put(table.table(), table);
    }
  }

  /** This tool's load record, if there is one. */
  public Optional<DataSetInfo> record() {
    return record;
  }

  /** Whether this tool's metadata tables are there (with or without a row). */
  public boolean hasLoadRecord() {
    return record.isPresent() || listed.isPresent();
  }

  /** Whether the load record lists the tables it created (every record since round 2 does). */
  public boolean listsTables() {
    return listed.isPresent();
  }

  /** The numbers of every set that any relation in the schema is named for. */
  public SortedSet<Integer> namedSets() {
    return new TreeSet<>(found.keySet());
  }

  /** Who may claim the tables named for {@code set}, and which of them. */
  public TableSetClaim claim(int set) {
    Map<TpccTable, FoundTable> named = found.getOrDefault(set, Map.of());
    Map<TpccTable, Long> recorded = listed.map(sets -> sets.get(set)).orElse(null);
    if (recorded != null) {
      return listedSet(set, named, recorded);
    }
    if (listed.isEmpty() && record.isPresent() && set <= record.get().tableSets()) {
      return shapedSet(set, named, TableSetClaim.Origin.THIS_TOOL);
    }
    if (named.size() == TpccTable.values().length
        && named.values().stream().allMatch(FoundTable::hasTpccShape)) {
      return new TableSetClaim(
          set, TableSetClaim.Origin.SYSBENCH_TPCC, List.copyOf(named.values()), List.of());
    }
    List<String> notOurs = new ArrayList<>();
    for (FoundTable table : named.values()) {
      notOurs.add(
          describe(table)
              + ": no load record of this tool names it, and set "
              + set
              + " is not a complete sysbench-tpcc table set");
    }
    return new TableSetClaim(set, TableSetClaim.Origin.NONE, List.of(), notOurs);
  }

  /** The numbers of every set with tables of a data set in it, whatever {@code --tables} says. */
  public SortedSet<Integer> claimedSets() {
    SortedSet<Integer> sets = new TreeSet<>();
    for (int set : found.keySet()) {
      if (claim(set).claimed()) {
        sets.add(set);
      }
    }
    return sets;
  }

  /** The sets this tool's record names tables in that still exist as it created them. */
  public SortedSet<Integer> setsOfThisTool() {
    SortedSet<Integer> sets = new TreeSet<>();
    for (int set : claimedSets()) {
      if (claim(set).origin() == TableSetClaim.Origin.THIS_TOOL) {
        sets.add(set);
      }
    }
    return sets;
  }

  private static TableSetClaim listedSet(
      int set, Map<TpccTable, FoundTable> named, Map<TpccTable, Long> recorded) {
    List<FoundTable> ours = new ArrayList<>();
    List<String> notOurs = new ArrayList<>();
    for (FoundTable table : named.values()) {
      Long oid = recorded.get(table.table());
      if (oid != null && oid == table.oid()) {
        ours.add(table);
      } else {
        notOurs.add(
            describe(table)
                + ": not the table this tool's prepare created"
                + (oid == null ? "" : " (that one was dropped or replaced)"));
      }
    }
    return new TableSetClaim(set, TableSetClaim.Origin.THIS_TOOL, ours, notOurs);
  }

  private static TableSetClaim shapedSet(
      int set, Map<TpccTable, FoundTable> named, TableSetClaim.Origin origin) {
    List<FoundTable> ours = new ArrayList<>();
    List<String> notOurs = new ArrayList<>();
    for (FoundTable table : named.values()) {
      if (table.hasTpccShape()) {
        ours.add(table);
      } else {
        notOurs.add(describe(table) + ": not shaped like the TPC-C table prepare creates");
      }
    }
    return new TableSetClaim(set, origin, ours, notOurs);
  }

  /** {@code "view item1"}, {@code "table orders5"}. */
  static String describe(FoundTable table) {
    return DataSetCatalogReader.kind(table.kind()) + " " + table.name();
  }
}
