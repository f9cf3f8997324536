package org.tpccpg.driver.engine;

/**
 * Told when a client has been in one transaction, waiting for the server, for longer than the run's
 * threshold (see {@link Engine#watchStalls}); the workload prints it, the engine counts it as an
 * outage when the whole run has stopped. Called on the engine's monitor thread, never on a
 * client's.
 */
@FunctionalInterface
public interface StallListener {
  /**
   * @param client the client's number, from 1
   * @param waitedNanos how long it has been in the transaction
   * @param runStalled whether no transaction of any client has ended for that long either, so the
   *     engine counts an outage; false when others commit meanwhile (a lock queue, one slow
   *     statement)
   */
  void stalled(int client, long waitedNanos, boolean runStalled);

  /**
   * The line a workload prints, e.g. {@code client 3 has waited 10.0 s for the server in one
   * transaction: no progress, counted as an outage}, or {@code ...: other clients commit meanwhile,
   * not an outage}.
   *
   * @param who the client as the workload names it ({@code client 3}, {@code thread 3})
   */
  static String line(String who, long waitedNanos, boolean runStalled) {
    return String.format(
        java.util.Locale.ROOT,
        "%s has waited %.1f s for the server in one transaction: %s",
        who,
        waitedNanos / 1e9,
        runStalled
            ? "no progress, counted as an outage"
            : "other clients commit meanwhile, not an outage");
  }
}
