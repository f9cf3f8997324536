package org.tpccpg.driver.run;

/**
 * How many connections one worker opened and how long opening them took. Written by that worker
 * only and read after it has ended (the join orders the reads after the writes).
 */
final class ConnectionTimes {
  private long connections;
  private long nanos;

  void opened(long elapsedNanos) {
    connections++;
    nanos += elapsedNanos;
  }

  long connections() {
    return connections;
  }

  long nanos() {
    return nanos;
  }

  /** pgbench's "average connection time" over all workers, in milliseconds; 0 if none opened. */
  static double averageMillis(Iterable<ConnectionTimes> all) {
    long count = 0;
    long total = 0;
    for (ConnectionTimes times : all) {
      count += times.connections;
      total += times.nanos;
    }
    return count == 0 ? 0 : total / 1e6 / count;
  }
}
