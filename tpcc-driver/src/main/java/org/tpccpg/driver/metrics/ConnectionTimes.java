package org.tpccpg.driver.metrics;

/**
 * How many connections one client opened and how long opening them took, for either workload.
 * Written by that client only and read after it has ended (the join orders the reads after the
 * writes).
 */
public final class ConnectionTimes {
  private long connections;
  private long nanos;

  /** A connection was opened in {@code elapsedNanos}. */
  public void opened(long elapsedNanos) {
    connections++;
    nanos += elapsedNanos;
  }

  /** Connections opened. */
  public long connections() {
    return connections;
  }

  /** The time opening them took. */
  public long nanos() {
    return nanos;
  }

  /** pgbench's "average connection time" over all clients, in milliseconds; 0 if none opened. */
  public static double averageMillis(Iterable<ConnectionTimes> all) {
    long count = 0;
    long total = 0;
    for (ConnectionTimes times : all) {
      count += times.connections;
      total += times.nanos;
    }
    return count == 0 ? 0 : total / 1e6 / count;
  }
}
