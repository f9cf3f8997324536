package org.tpccpg.driver.run;

import java.util.Objects;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.driver.connect.StatementMode;

/**
 * Everything a TPC-C run needs, validated.
 *
 * @param shape table sets, warehouses per set and compat mode
 * @param dataSet the prepared data set, for its NURand load constants
 * @param threads worker threads, each with one connection at a time
 * @param timeSeconds run time limit, 0 for none
 * @param events transaction limit, 0 for none
 * @param reportIntervalSeconds seconds between report lines, 0 for none
 * @param percentile the latency percentile to report, 0 to disable
 * @param histogram print sysbench's latency histogram at the end
 * @param rate target transactions per second over all threads, 0 for as fast as possible
 * @param warmupSeconds seconds run before measuring
 * @param isolation the isolation level of every transaction
 * @param statementMode prepared statements or not
 * @param purge add sysbench's purge transaction to the mix
 * @param reportCsv print report lines as CSV
 * @param seed the run's random seed
 * @param maxTries tries of the same input after a serialization failure or deadlock; 0 keeps
 *     sysbench-tpcc's behaviour (restart the event with a new transaction, as often as needed)
 * @param exitOnAbort end the run when a connection is lost, instead of reconnecting
 * @param connectionMode a connection per thread for the whole run, one per transaction, or one
 *     borrowed from a pool per transaction
 * @param poolSize the pool's connections with {@link ConnectionMode#POOLED} (>= 1), else 0
 */
public record RunConfig(
    WorkloadShape shape,
    DataSetInfo dataSet,
    int threads,
    long timeSeconds,
    long events,
    int reportIntervalSeconds,
    double percentile,
    boolean histogram,
    double rate,
    long warmupSeconds,
    IsolationLevel isolation,
    StatementMode statementMode,
    boolean purge,
    boolean reportCsv,
    long seed,
    int maxTries,
    boolean exitOnAbort,
    ConnectionMode connectionMode,
    int poolSize) {
  public RunConfig {
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(dataSet, "dataSet");
    Objects.requireNonNull(isolation, "isolation");
    Objects.requireNonNull(statementMode, "statementMode");
    Objects.requireNonNull(connectionMode, "connectionMode");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1 but was " + threads);
    }
    if (timeSeconds < 0 || events < 0 || reportIntervalSeconds < 0 || warmupSeconds < 0) {
      throw new IllegalArgumentException(
          "time, events, report interval and warmup must be >= 0 but were "
              + timeSeconds
              + ", "
              + events
              + ", "
              + reportIntervalSeconds
              + ", "
              + warmupSeconds);
    }
    if ((connectionMode == ConnectionMode.POOLED) != (poolSize > 0) || poolSize < 0) {
      throw new IllegalArgumentException(
          "poolSize must be >= 1 with a pool and 0 without but was "
              + poolSize
              + " with "
              + connectionMode);
    }
    if (maxTries < 0) {
      throw new IllegalArgumentException("maxTries must be >= 0 but was " + maxTries);
    }
    if (!(rate >= 0) || !(percentile >= 0 && percentile <= 100)) {
      throw new IllegalArgumentException(
          "rate must be >= 0 and percentile 0..100 but were " + rate + " and " + percentile);
    }
  }

  public int warehouses() {
    return shape.tableSets() * shape.warehousesPerSet();
  }
}
