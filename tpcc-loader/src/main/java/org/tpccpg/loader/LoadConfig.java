package org.tpccpg.loader;

import java.util.Objects;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.core.schema.Distribution;

/**
 * What {@code prepare} creates and how.
 *
 * @param tableSets independent table sets, suffixed 1..N (sysbench-tpcc's {@code --tables})
 * @param warehousesPerSet warehouses in each set (sysbench-tpcc's {@code --scale}); w_id is a
 *     smallint, so at most 32767
 * @param threads loader threads, each with its own connection
 * @param foreignKeys whether to add the 10 foreign keys per set after loading
 * @param storage table and index storage clauses (tablespaces, fillfactor)
 * @param seed the random seed; the same seed gives the same data, whatever the thread count
 * @param replaceExisting drop an existing data set first instead of refusing to load
 * @param distribution plain tables, or Citus distributed and reference tables
 */
public record LoadConfig(
    int tableSets,
    int warehousesPerSet,
    int threads,
    boolean foreignKeys,
    StorageOptions storage,
    long seed,
    boolean replaceExisting,
    Distribution distribution) {
  /** w_id is a smallint (sysbench-tpcc's schema). */
  public static final int MAX_WAREHOUSES_PER_SET = Short.MAX_VALUE;

  public LoadConfig {
    if (tableSets < 1) {
      throw new IllegalArgumentException("tableSets must be >= 1 but was " + tableSets);
    }
    if (warehousesPerSet < 1 || warehousesPerSet > MAX_WAREHOUSES_PER_SET) {
      throw new IllegalArgumentException(
          "warehousesPerSet must be between 1 and "
              + MAX_WAREHOUSES_PER_SET
              + " but was "
              + warehousesPerSet);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1 but was " + threads);
    }
    Objects.requireNonNull(storage, "storage");
    Objects.requireNonNull(distribution, "distribution");
  }

  /**
   * A load with prepare's defaults: the foreign keys (sysbench-tpcc's {@code --use_fk=1}), no
   * storage clauses, refusing to load over an existing data set, plain tables. The {@code with...}
   * methods name what differs.
   */
  public static LoadConfig of(int tableSets, int warehousesPerSet, int threads, long seed) {
    return new LoadConfig(
        tableSets,
        warehousesPerSet,
        threads,
        true,
        StorageOptions.NONE,
        seed,
        false,
        Distribution.NONE);
  }

  /** This load, with or without the foreign keys. */
  public LoadConfig withForeignKeys(boolean add) {
    return new LoadConfig(
        tableSets, warehousesPerSet, threads, add, storage, seed, replaceExisting, distribution);
  }

  /** This load, with these storage clauses. */
  public LoadConfig withStorage(StorageOptions clauses) {
    return new LoadConfig(
        tableSets,
        warehousesPerSet,
        threads,
        foreignKeys,
        clauses,
        seed,
        replaceExisting,
        distribution);
  }

  /** This load, dropping an existing data set first ({@code --force}) or refusing to. */
  public LoadConfig withReplaceExisting(boolean replace) {
    return new LoadConfig(
        tableSets, warehousesPerSet, threads, foreignKeys, storage, seed, replace, distribution);
  }

  /** This load, laid out as {@code layout} says. */
  public LoadConfig withDistribution(Distribution layout) {
    return new LoadConfig(
        tableSets, warehousesPerSet, threads, foreignKeys, storage, seed, replaceExisting, layout);
  }
}
