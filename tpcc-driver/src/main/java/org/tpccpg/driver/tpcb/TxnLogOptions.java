package org.tpccpg.driver.tpcb;

import java.nio.file.Path;
import java.util.Objects;

/**
 * {@code -l} and its companions, validated at construction.
 *
 * @param enabled {@code -l}: write the transaction log
 * @param aggregateSeconds {@code --aggregate-interval}: one line per interval instead of one per
 *     transaction, 0 for per-transaction lines
 * @param samplingRate {@code --sampling-rate}: the fraction of transactions logged, in (0, 1]
 * @param prefix {@code --log-prefix}, default {@code pgbench_log}
 * @param directory where the files go (the working directory for the command line)
 */
public record TxnLogOptions(
    boolean enabled, int aggregateSeconds, double samplingRate, String prefix, Path directory) {
  /** No log. */
  public static final TxnLogOptions NONE =
      new TxnLogOptions(false, 0, 1.0, "pgbench_log", Path.of("."));

  public TxnLogOptions {
    Objects.requireNonNull(prefix, "prefix");
    Objects.requireNonNull(directory, "directory");
    if (aggregateSeconds < 0) {
      throw new IllegalArgumentException(
          "aggregateSeconds must be >= 0 but was " + aggregateSeconds);
    }
    if (!(samplingRate > 0 && samplingRate <= 1)) {
      throw new IllegalArgumentException("samplingRate must be in (0, 1] but was " + samplingRate);
    }
    if (aggregateSeconds > 0 && samplingRate < 1) {
      throw new IllegalArgumentException("samplingRate and aggregateSeconds exclude each other");
    }
  }

  /** The file of pgbench thread {@code thread}: {@code prefix.pid}, then {@code prefix.pid.N}. */
  Path file(long pid, int thread) {
    return directory.resolve(prefix + "." + pid + (thread == 0 ? "" : "." + thread));
  }
}
