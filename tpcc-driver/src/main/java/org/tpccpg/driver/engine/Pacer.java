package org.tpccpg.driver.engine;

import java.util.SplittableRandom;

/**
 * Open-loop arrivals for a rate: one client's share as a Poisson process, so that the clients
 * together start {@code rate} transactions per second on average. Each start is the previous one
 * plus an exponentially distributed gap; a late client does not move its schedule, so its latency
 * (counted from the scheduled start) shows the delay.
 */
final class Pacer {
  private final double meanGapNanos;
  private final SplittableRandom random;
  private long next;

  /**
   * @param rate transactions per second of the whole run, above 0
   * @param clients how many clients share it
   * @param startNanos when the client's schedule starts ({@link System#nanoTime()})
   */
  Pacer(double rate, int clients, SplittableRandom random, long startNanos) {
    if (!(rate > 0)) {
      throw new IllegalArgumentException("rate must be > 0 but was " + rate);
    }
    if (clients < 1) {
      throw new IllegalArgumentException("clients must be >= 1 but was " + clients);
    }
    this.meanGapNanos = 1e9 * clients / rate;
    this.random = random;
    this.next = startNanos;
  }

  /** The scheduled start of the next transaction, in {@link System#nanoTime()} terms. */
  long next() {
    double uniform = random.nextDouble(); // [0, 1): 1 - uniform is in (0, 1]
    next += (long) (-Math.log(1.0 - uniform) * meanGapNanos);
    return next;
  }
}
