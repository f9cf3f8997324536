package org.tpccpg.core.catalog;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.tpccpg.core.schema.TableSets;
import org.tpccpg.core.schema.TpccTable;

/**
 * What one table-set number stands for in the current schema: which relations named like its tables
 * may be treated as a data set's ({@link #ours}, the only ones cleanup may drop and run may use),
 * and which are someone else's ({@link #notOurs}, never touched).
 *
 * @param set the set number
 * @param origin who made the tables in {@code ours}
 * @param ours the set's tables that this tool or sysbench-tpcc created, in no particular order
 * @param notOurs relations named like the set's tables that must be left alone, each with why
 */
public record TableSetClaim(int set, Origin origin, List<FoundTable> ours, List<String> notOurs) {
  /** Who created a table set. */
  public enum Origin {
    /** This tool's {@code prepare}: its load record names the tables. */
    THIS_TOOL,
    /** sysbench-tpcc: all nine tables, with its columns, and no load record of ours. */
    SYSBENCH_TPCC,
    /** Nobody we know: whatever carries the set's names is the user's. */
    NONE
  }

  public TableSetClaim {
    TableSets.requireValid(set);
    Objects.requireNonNull(origin, "origin");
    ours = List.copyOf(ours);
    notOurs = List.copyOf(notOurs);
    if (origin == Origin.NONE && !ours.isEmpty()) {
      throw new IllegalArgumentException("a set of origin NONE has no tables of ours: " + ours);
    }
  }

  /** Whether a data set's tables (this tool's or sysbench-tpcc's) stand under this number. */
  public boolean claimed() {
    return !ours.isEmpty();
  }

  /** The nine tables of the set that are not among {@link #ours}. */
  public Set<TpccTable> missing() {
    Set<TpccTable> missing = EnumSet.allOf(TpccTable.class);
    ours.forEach(table -> missing.remove(table.table()));
    return missing;
  }
}
