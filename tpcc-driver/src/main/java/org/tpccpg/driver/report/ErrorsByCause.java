package org.tpccpg.driver.report;

import java.util.Map;
import org.tpccpg.driver.metrics.FailureCause;

/**
 * The line after {@code tpcc run}'s summary that sysbench lacks: failed tries by cause, retries.
 */
public final class ErrorsByCause {
  private ErrorsByCause() {}

  /**
   * The line, ending in {@code \n}.
   *
   * @param tryFailures failed tries per cause; a cause missing counts 0
   * @param retries tries repeated with the same input
   * @param failed transactions failed after their last try, or -1 to leave them out (sysbench's
   *     compatible mode, which does not retry)
   */
  public static String line(Map<FailureCause, Long> tryFailures, long retries, long failed) {
    StringBuilder line = new StringBuilder("Errors by cause:");
    for (FailureCause cause : FailureCause.values()) {
      line.append(' ')
          .append(cause.label())
          .append(": ")
          .append(tryFailures.getOrDefault(cause, 0L))
          .append(cause == FailureCause.OTHER ? ";" : ",");
    }
    line.append(" retries of the same input: ").append(retries);
    if (failed >= 0) {
      line.append("; transactions failed after their last try: ").append(failed);
    }
    return line.append('\n').toString();
  }
}
