package org.tpccpg.driver.cli;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.schema.Distribution;
import org.tpccpg.driver.config.RunDefaults;
import org.tpccpg.loader.LoadConfig;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The shape of a TPC-C data set and how to load it: sysbench-tpcc's options, shared by every
 * command so one option set can be passed to all of them.
 */
final class DataSetOptions {
  @Option(
      names = "--tables",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Number of table sets (warehouse1..N, item1..N, ...) (default ${DEFAULT-VALUE}).")
  int tables;

  @Option(
      names = "--scale",
      paramLabel = "N",
      defaultValue = "100",
      description = "Warehouses per table set (default ${DEFAULT-VALUE}).")
  int scale;

  @Option(
      names = "--threads",
      paramLabel = "N",
      defaultValue = "" + RunDefaults.THREADS,
      description = "Worker threads, each with its own connection (default ${DEFAULT-VALUE}).")
  int threads;

  @Option(
      names = "--use-fk",
      paramLabel = "0|1",
      defaultValue = "1",
      converter = SysbenchBoolean.class,
      description = "Add the 10 foreign keys per set after loading (default 1, as sysbench-tpcc).")
  boolean useForeignKeys;

  @Option(
      names = "--table-options",
      paramLabel = "CLAUSE",
      description =
          "Storage clause after each CREATE TABLE, e.g. \"tablespace tbs1\" or \"with"
              + " (fillfactor=80)\" (env pgsql_table_options).")
  String tableOptions;

  @Option(
      names = "--index-options",
      paramLabel = "CLAUSE",
      description =
          "Storage clause after each CREATE INDEX, e.g. \"tablespace tbs2\" (env"
              + " pgsql_index_options).")
  String indexOptions;

  @Option(
      names = "--pk-index-tablespace",
      paramLabel = "on|off",
      defaultValue = "on",
      converter = SysbenchBoolean.class,
      description =
          "Put primary-key indexes in the index tablespace too (USING INDEX TABLESPACE);"
              + " off reproduces sysbench-tpcc, which leaves them in the default tablespace"
              + " (default ${DEFAULT-VALUE}).")
  boolean primaryKeysInIndexTablespace;

  @Option(
      names = "--rand-seed",
      paramLabel = "N",
      defaultValue = "" + RunDefaults.SEED,
      description = "Random seed; 0 takes one from the clock (default ${DEFAULT-VALUE}).")
  long randomSeed;

  @Option(
      names = "--warehouses",
      paramLabel = "FROM-TO",
      description =
          "Scale-out: only warehouses FROM..TO of each set. prepare loads only their rows (after"
              + " prepare --only=schema, before --only=finish); run draws its home warehouses from"
              + " them (run --spec: 10 terminals on each), remote ones from the whole data set."
              + " See docs/scale-out.md.")
  String warehouses;

  /**
   * The {@code --warehouses} range, or every warehouse of a set when the option is not given. Call
   * after {@link #validate}.
   */
  WarehouseRange warehouseRange(CommandLine commandLine) {
    if (warehouses == null) {
      return WarehouseRange.all(scale);
    }
    WarehouseRange range;
    try {
      range = WarehouseRange.parse(warehouses);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          commandLine,
          "--warehouses="
              + warehouses
              + " is invalid: it must be FROM-TO, two warehouse numbers such as 1-50 with FROM <="
              + " TO");
    }
    if (range.last() > scale) {
      throw new ParameterException(
          commandLine,
          "--warehouses="
              + warehouses
              + " reaches beyond --scale="
              + scale
              + ": a set has warehouses 1-"
              + scale);
    }
    return range;
  }

  /** Checks the values and builds the load configuration; bad values are usage errors. */
  LoadConfig loadConfig(
      CommandLine commandLine,
      Map<String, String> environment,
      boolean force,
      Distribution distribution) {
    StorageOptions storage = validate(commandLine, environment);
    long seed = randomSeed != 0 ? randomSeed : System.currentTimeMillis();
    return LoadConfig.of(tables, scale, threads, seed)
        .withForeignKeys(useForeignKeys)
        .withStorage(storage)
        .withReplaceExisting(force)
        .withDistribution(distribution);
  }

  /** Checks the values shared by every command and returns the storage options they name. */
  StorageOptions validate(CommandLine commandLine, Map<String, String> environment) {
    atLeastOne(commandLine, "--tables", tables);
    atLeastOne(commandLine, "--scale", scale);
    atLeastOne(commandLine, "--threads", threads);
    if (scale <= LoadConfig.MAX_WAREHOUSES_PER_SET) {
      warehouseRange(commandLine);
    }
    if (scale > LoadConfig.MAX_WAREHOUSES_PER_SET) {
      throw new ParameterException(
          commandLine,
          "--scale="
              + scale
              + " is too large: w_id is a smallint, so a table set holds at most "
              + LoadConfig.MAX_WAREHOUSES_PER_SET
              + " warehouses; use more --tables");
    }
    String table = pick(tableOptions, environment.get(StorageOptions.TABLE_OPTIONS_NAME));
    String index = pick(indexOptions, environment.get(StorageOptions.INDEX_OPTIONS_NAME));
    try {
      return new StorageOptions(table, index, primaryKeysInIndexTablespace);
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      if (tableOptions != null) {
        message = message.replace(StorageOptions.TABLE_OPTIONS_NAME + "=", "--table-options=");
      }
      if (indexOptions != null) {
        message = message.replace(StorageOptions.INDEX_OPTIONS_NAME + "=", "--index-options=");
      }
      throw new ParameterException(commandLine, message);
    }
  }

  /** The data set of {@code --tables} and {@code --scale}, refused as core refuses it. */
  DataSetInfo requireMatching(Connection connection) throws SQLException, DataSetException {
    return requireMatching(connection, tables, scale);
  }

  /**
   * The data set of {@code tables} sets of {@code scale} warehouses; a mismatch names the options
   * that would match it.
   */
  static DataSetInfo requireMatching(Connection connection, int tables, int scale)
      throws SQLException, DataSetException {
    return DataSetMetadata.requireMatching(
        connection,
        tables,
        scale,
        found ->
            "the options do not match the prepared data: --tables="
                + tables
                + " --scale="
                + scale
                + ", but the data set has "
                + found.tableSets()
                + " table set(s) of "
                + found.warehousesPerSet()
                + " warehouse(s); pass --tables="
                + found.tableSets()
                + " --scale="
                + found.warehousesPerSet()
                + " or prepare again");
  }

  static void atLeastOne(CommandLine commandLine, String option, long value) {
    if (value < 1) {
      throw new ParameterException(
          commandLine, option + "=" + value + " is invalid: it must be at least 1");
    }
  }

  private static String pick(String option, String environmentValue) {
    if (option != null) {
      return option;
    }
    return environmentValue == null ? "" : environmentValue;
  }
}
