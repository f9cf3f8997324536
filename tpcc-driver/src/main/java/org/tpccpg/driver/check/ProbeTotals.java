package org.tpccpg.driver.check;

import java.util.Optional;
import org.tpccpg.core.check.ConditionResult;

/**
 * A run's consistency probes taken together, in flat memory: how many checked, how many could not
 * (a lost connection), how many found a violation, and the first violation with when and where. The
 * reporter's thread adds, the run's thread reads at the end: it synchronizes.
 */
public final class ProbeTotals {
  private long probes;
  private long failedToCheck;
  private long violated;
  private FirstViolation first;

  /**
   * The first violation seen.
   *
   * @param seconds when the probe that found it was taken up, in the run's time
   * @param result the probe
   * @param condition its first failed condition
   */
  public record FirstViolation(double seconds, ProbeResult result, ConditionResult condition) {}

  /**
   * The totals at one moment.
   *
   * @param probes probes that checked their conditions
   * @param failedToCheck probes that could not (their connection lost)
   * @param violated probes that found a condition violated
   * @param first the first violation, or null
   */
  public record Snapshot(long probes, long failedToCheck, long violated, FirstViolation first) {
    /**
     * {@code consistency during the run: 12 probes of conditions 1-4 (TPC-C 3.3.2.1-4), all held},
     * or the first violation; empty when nothing was probed.
     */
    public Optional<String> line() {
      if (probes == 0 && failedToCheck == 0) {
        return Optional.empty();
      }
      StringBuilder line =
          new StringBuilder("consistency during the run: ")
              .append(probes)
              .append(probes == 1 ? " probe" : " probes")
              .append(" of conditions 1-4 (TPC-C 3.3.2.1-4) on ")
              .append(ProbeScopes.WAREHOUSES)
              .append(" warehouses or fewer each");
      if (failedToCheck > 0) {
        line.append(", ").append(failedToCheck).append(" could not check (connection lost)");
      }
      if (first == null) {
        return Optional.of(line.append(": all held").toString());
      }
      var scope = first.result().scope();
      line.append(
          String.format(
              java.util.Locale.ROOT,
              ": VIOLATED in %d; first at %.0f s, table set %d warehouses %d-%d: condition %d (%s),"
                  + " %s",
              violated,
              first.seconds(),
              scope.set(),
              scope.firstWarehouse(),
              scope.lastWarehouse(),
              first.condition().number(),
              first.condition().description(),
              first.condition().offendingKeys()));
      return Optional.of(line.toString());
    }

    /** Whether a probe found a violation. */
    public boolean violatedAny() {
      return violated > 0;
    }
  }

  /** Adds a probe taken up {@code seconds} into the run. */
  public synchronized void add(double seconds, ProbeResult result) {
    if (result.error() != null) {
      failedToCheck++;
      return;
    }
    probes++;
    if (!result.violations().isEmpty()) {
      violated++;
      if (first == null) {
        first = new FirstViolation(seconds, result, result.violations().get(0));
      }
    }
  }

  /** The totals so far. */
  public synchronized Snapshot snapshot() {
    return new Snapshot(probes, failedToCheck, violated, first);
  }
}
