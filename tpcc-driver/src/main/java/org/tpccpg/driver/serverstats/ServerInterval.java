package org.tpccpg.driver.serverstats;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server's side of one report interval, the {@code "server"} object of a line of {@code
 * intervals.jsonl}: counters as differences over the interval (null when unknown: the server cannot
 * say, or they were reset meanwhile), gauges as at the interval's last sample.
 *
 * @param checkpoints checkpoints completed (timed and requested)
 * @param checkpointsRequested of those, requested ones (CHECKPOINT, WAL size, ...)
 * @param walBytes WAL written
 * @param commits committed transactions of the run's database
 * @param rollbacks rolled back transactions of the run's database
 * @param deadlocks deadlocks detected in the run's database
 * @param tempBytes bytes written to temporary files by the run's database
 * @param autovacuumWorkers autovacuum workers running at the last sample, null where the server
 *     cannot tell them (before 10)
 * @param waitEvents the most frequent wait events of the run's database's sessions: {@code
 *     type:event} and how many sessions were seen waiting on it, summed over the interval's
 *     samples, most frequent first
 */
public record ServerInterval(
    Long checkpoints,
    Long checkpointsRequested,
    Long walBytes,
    Long commits,
    Long rollbacks,
    Long deadlocks,
    Long tempBytes,
    Integer autovacuumWorkers,
    Map<String, Long> waitEvents,
    Map<String, Long> vacuums) {

  public ServerInterval {
    waitEvents = Collections.unmodifiableMap(new LinkedHashMap<>(waitEvents));
    vacuums = Collections.unmodifiableMap(new LinkedHashMap<>(vacuums));
  }
}
