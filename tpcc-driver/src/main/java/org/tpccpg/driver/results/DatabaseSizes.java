package org.tpccpg.driver.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The size of a sweep target's database and of a workload's tables at one moment, as a cell of
 * {@code manifest.json} records them before and after its run ({@code sizes}).
 *
 * @param databaseBytes {@code pg_database_size} of the connection's database
 * @param tables per table name its sizes, in name order; empty when the workload has no tables here
 */
public record DatabaseSizes(long databaseBytes, Map<String, TableSize> tables) {
  /**
   * One table's size.
   *
   * @param tableBytes its main fork ({@code pg_relation_size})
   * @param indexesBytes its indexes ({@code pg_indexes_size})
   * @param totalBytes all of it: forks, TOAST and indexes ({@code pg_total_relation_size})
   */
  public record TableSize(long tableBytes, long indexesBytes, long totalBytes) {}

  public DatabaseSizes {
    tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
  }
}
