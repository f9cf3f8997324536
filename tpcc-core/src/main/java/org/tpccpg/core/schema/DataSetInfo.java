package org.tpccpg.core.schema;

import java.time.Instant;
import java.util.Objects;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;

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
 * @param runs how many runs of this tool started on the data set since it was loaded (0 for a
 *     sysbench-tpcc load, where it is unknown; whether transactions ran is read from the data)
 * @param purgeUsed whether any of those runs had sysbench's purge transaction enabled (false, as
 *     unknown, for a sysbench-tpcc load)
 * @param origin who loaded the data: this tool (everything above is recorded) or sysbench-tpcc
 *     (inferred from the data, see {@code catalog.SysbenchDataSet}: the load's C values are
 *     unknown)
 * @param distribution how {@code prepare} laid the tables out, as {@code --distribute} names it:
 *     {@code none} (plain tables) or {@code citus} (Citus distributed and reference tables)
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
    boolean purgeUsed,
    Origin origin,
    String distribution) {
  /** Who loaded a data set. */
  public enum Origin {
    /** This tool's {@code prepare}, which recorded the load in {@code tpcc_metadata}. */
    THIS_TOOL,
    /** sysbench-tpcc's {@code prepare}: no record; shape inferred from the data. */
    SYSBENCH_TPCC
  }

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
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(distribution, "distribution");
    try {
      distribution = Distribution.parse(distribution).label();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "distribution must be none or citus but was " + distribution, e);
    }
  }

  /** A data set of plain tables, loaded by {@code origin}. */
  public DataSetInfo(
      int tableSets,
      int warehousesPerSet,
      long seed,
      NuRandConstants loadConstants,
      String toolVersion,
      boolean foreignKeys,
      Instant loadedAt,
      boolean complete,
      long runs,
      boolean purgeUsed,
      Origin origin) {
    this(
        tableSets,
        warehousesPerSet,
        seed,
        loadConstants,
        toolVersion,
        foreignKeys,
        loadedAt,
        complete,
        runs,
        purgeUsed,
        origin,
        "none");
  }

  /** A data set of plain tables this tool loaded, as its load record describes it. */
  public DataSetInfo(
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
    this(
        tableSets,
        warehousesPerSet,
        seed,
        loadConstants,
        toolVersion,
        foreignKeys,
        loadedAt,
        complete,
        runs,
        purgeUsed,
        Origin.THIS_TOOL);
  }

  /**
   * Whether {@link #loadConstants} are the C values the load used. They are not for a data set of
   * sysbench-tpcc, whose loader draws a new C on every NURand call (its {@code init_rand} guard
   * never fires in Lua), so no single C_LAST shaped its last names.
   */
  public boolean loadConstantsKnown() {
    return origin == Origin.THIS_TOOL;
  }

  /**
   * The NURand constants C for a run on this data set (TPC-C 2.1.6). With the load's C known,
   * C_LAST keeps the distance to it that TPC-C 2.1.6.1 prescribes. Without it (a sysbench-tpcc
   * load) all three are drawn freely in 0..A: 2.1.6.1's delta rule exists so that the run's last
   * names do not follow the load's non-uniform pattern, and sysbench's loader has no such pattern
   * to avoid (its C changes with every name, which leaves c_last nearly uniform), so any C is as
   * good as another.
   */
  public NuRandConstants runConstants(TpccRandom r) {
    return loadConstantsKnown()
        ? NuRandConstants.forRun(loadConstants, r)
        : NuRandConstants.random(r);
  }

  /** Whether the tables are Citus distributed and reference tables ({@code --distribute=citus}). */
  public boolean distributedWithCitus() {
    return distribution.equals(Distribution.CITUS.label());
  }

  /** Total warehouses over all table sets. */
  public int warehouses() {
    return tableSets * warehousesPerSet;
  }
}
