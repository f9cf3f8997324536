package org.tpccpg.driver.cli;

import java.util.List;
import java.util.Map;
import org.tpccpg.testkit.SharedDataSet;

/**
 * The TPC-C data sets that IT classes share, each made once per test JVM by the tool's own {@code
 * prepare} (sysbench-tpcc's defaults: foreign keys on) and copied for each class that starts from
 * it. A class whose subject is {@code prepare} itself, or its output, prepares its own.
 */
public final class TpccDataSets {
  private TpccDataSets() {}

  /** {@code prepare --tables=1 --scale=1}. */
  public static SharedDataSet oneWarehouse() {
    return tables(1, 1);
  }

  /** {@code prepare --tables=1 --scale=2}. */
  public static SharedDataSet twoWarehouses() {
    return tables(1, 2);
  }

  /** {@code prepare --tables=2 --scale=2}. */
  public static SharedDataSet twoSetsOfTwo() {
    return tables(2, 2);
  }

  /** {@code prepare --tables=1 --scale=3}. */
  public static SharedDataSet threeWarehouses() {
    return tables(1, 3);
  }

  /** Every data set above, as {@code --tables} and {@code --scale}. */
  static final List<List<Integer>> ALL =
      List.of(List.of(1, 1), List.of(1, 2), List.of(2, 2), List.of(1, 3));

  static SharedDataSet tables(int tables, int scale) {
    return new SharedDataSet(
        "tpcc_" + tables + "x" + scale,
        db -> {
          CliRun prepare =
              CliRun.of(
                  Map.of("PGPASSWORD", db.password()),
                  CliRun.connectedTo(
                          db, "--tables=" + tables, "--scale=" + scale, "--threads=2", "prepare")
                      .toArray(String[]::new));
          if (prepare.exitCode() != 0) {
            throw new IllegalStateException(
                "prepare exited with " + prepare.exitCode() + ": " + prepare.err());
          }
        });
  }
}
