package org.tpccpg.core.catalog;

import java.util.List;
import java.util.Objects;
import org.tpccpg.core.schema.TableSets;
import org.tpccpg.core.schema.TpccTable;

/**
 * A relation in the current schema whose name is a TPC-C table name followed by a set number, such
 * as {@code stock3}: a candidate that may be ours, sysbench-tpcc's, or the user's.
 *
 * @param oid the relation's OID
 * @param set the set number in its name
 * @param table the TPC-C table its name stands for
 * @param kind {@code pg_class.relkind}: {@code 'r'} for an ordinary table, {@code 'v'} for a view,
 *     ...
 * @param columns its column names in order (empty for relations without columns)
 */
public record FoundTable(long oid, int set, TpccTable table, char kind, List<String> columns) {
  public FoundTable {
    TableSets.requireValid(set);
    Objects.requireNonNull(table, "table");
    columns = List.copyOf(columns);
  }

  /** The relation's name: {@code stock3}. */
  public String name() {
    return table.nameInSet(set);
  }

  /** Whether it is an ordinary table with exactly the TPC-C columns, in sysbench-tpcc's order. */
  public boolean hasTpccShape() {
    return kind == 'r' && columns.equals(table.columns());
  }
}
