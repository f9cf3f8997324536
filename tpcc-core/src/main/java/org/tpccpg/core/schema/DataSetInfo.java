package org.tpccpg.core.schema;

import java.time.Instant;
import java.util.Objects;
import org.tpccpg.core.random.NuRandConstants;

/**
 * The load parameters recorded with a data set, so that {@code run} and {@code check} can find them
 * and refuse options that do not match.
 *
 * @param tableSets number of table sets
 * @param warehousesPerSet warehouses in each set
 * @param seed the seed the data was generated from
 * @param loadConstants the NURand C values used at load time; runs must pick theirs by TPC-C
 *     2.1.6.1
 * @param toolVersion the version of the tool that loaded the data
 * @param foreignKeys whether the sets have foreign keys
 * @param loadedAt when the load started
 * @param complete whether every phase of the load finished
 * @param runs how many runs started on the data set since it was loaded
 * @param purgeUsed whether any of those runs had sysbench's purge transaction enabled
 */
public record DataSetInfo(
    int tableSets,
    int warehousesPerSet,
    long seed,
    NuRandConstants loadConstants,
    String toolVersion,
    boolean foreignKeys,
    Instant loadedAt,
    boolean complete,
    long runs,
    boolean purgeUsed) {
  public DataSetInfo {
    if (tableSets < 1) {
      throw new IllegalArgumentException("tableSets must be >= 1 but was " + tableSets);
    }
    if (warehousesPerSet < 1) {
      throw new IllegalArgumentException(
          "warehousesPerSet must be >= 1 but was " + warehousesPerSet);
    }
    Objects.requireNonNull(loadConstants, "loadConstants");
    Objects.requireNonNull(toolVersion, "toolVersion");
    Objects.requireNonNull(loadedAt, "loadedAt");
    if (runs < 0) {
      throw new IllegalArgumentException("runs must be >= 0 but was " + runs);
    }
  }

  /** Total warehouses over all table sets. */
  public int warehouses() {
    return tableSets * warehousesPerSet;
  }
}
