package org.tpccpg.driver.run;

import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One worker's failures by cause, and its retries; written by that worker only, read at the end.
 */
public final class ErrorTally {
  private static final int RETRIES = ErrorCause.values().length;
  private final AtomicLongArray counts = new AtomicLongArray(RETRIES + 1);

  void failed(ErrorCause cause) {
    counts.lazySet(cause.ordinal(), counts.get(cause.ordinal()) + 1);
  }

  void retried() {
    counts.lazySet(RETRIES, counts.get(RETRIES) + 1);
  }

  /** Failures of one cause summed over workers. */
  public static long failures(List<ErrorTally> tallies, ErrorCause cause) {
    return tallies.stream().mapToLong(t -> t.counts.get(cause.ordinal())).sum();
  }

  /** Retries of the same input (--max-tries) summed over workers. */
  public static long retries(List<ErrorTally> tallies) {
    return tallies.stream().mapToLong(t -> t.counts.get(RETRIES)).sum();
  }
}
