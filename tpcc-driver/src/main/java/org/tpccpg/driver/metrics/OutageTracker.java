package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Records the outages of a run (TPC-C workers or TPC-B clients alike): from the first client losing
 * its connection until every client has one again, and then how long until throughput is back to 90
 * % of its level before (the average of up to 10 one-second samples before the outage). The clients
 * call it only when they lose or regain a connection, which is rare, so it synchronizes; {@link
 * #tick()} is called once a second by the run's sampler.
 */
public final class OutageTracker {
  private static final int HISTORY = 10;
  private static final double RECOVERED = 0.9;

  private final LongSupplier transactions;
  private final LongSupplier clock;
  private final long startNanos;
  private final List<Outage> outages = new ArrayList<>();
  private final long[] perSecond = new long[HISTORY];
  private long samples;
  private long lastCount;
  private int disconnected;
  private final BitSet affected = new BitSet(); // the clients that lost theirs in this outage
  private double currentStart = -1;
  private Outage recovering;
  private double levelBefore;

  /**
   * One outage, in seconds since the run started.
   *
   * @param start when the first client lost its connection
   * @param duration until every client had one again
   * @param clients how many clients lost theirs, each counted once however often it lost one
   * @param recoveredAfter from {@code start} until a second reached 90 % of the tps before, or -1
   */
  /** One outage; times in seconds since the run started, -1 when throughput never recovered. */
  public record Outage(double start, double duration, int clients, double recoveredAfter) {}

  /**
   * @param transactions the run's successful transactions so far
   * @param clock {@link System#nanoTime()} or a test's clock
   */
  public OutageTracker(LongSupplier transactions, LongSupplier clock, long startNanos) {
    this.transactions = transactions;
    this.clock = clock;
    this.startNanos = startNanos;
  }

  /** Client {@code client} (0, 1, ...) lost its connection now. */
  public synchronized void connectionLost(int client) {
    connectionLostAt(client, clock.getAsLong());
  }

  /**
   * Client {@code client} lost its connection, or stopped making progress (a stall), at {@code
   * atNanos} on the clock, which may be before now; {@link #reconnected()} ends it. A client that
   * loses one again within the same outage (reconnected while others had not) still counts once.
   */
  public synchronized void connectionLostAt(int client, long atNanos) {
    if (disconnected++ == 0 && currentStart < 0) {
      closeRecovering();
      currentStart = Math.max(0, (atNanos - startNanos) / 1e9);
      affected.clear();
      levelBefore = averageRate();
    }
    affected.set(client);
  }

  public synchronized void reconnected() {
    if (--disconnected == 0 && currentStart >= 0) {
      recovering = new Outage(currentStart, elapsed() - currentStart, affected.cardinality(), -1);
      currentStart = -1;
    }
  }

  /** Takes this second's throughput sample. */
  public synchronized void tick() {
    long count = transactions.getAsLong();
    long rate = count - lastCount;
    lastCount = count;
    if (recovering != null && rate >= RECOVERED * levelBefore) {
      outages.add(
          new Outage(
              recovering.start(),
              recovering.duration(),
              recovering.clients(),
              elapsed() - recovering.start()));
      recovering = null;
    }
    if (currentStart < 0 && recovering == null) {
      perSecond[(int) (samples++ % HISTORY)] = rate;
    }
  }

  /** Whether an outage is going on: some client has lost its connection and not regained it. */
  public synchronized boolean inOutage() {
    return currentStart >= 0;
  }

  /** Every outage so far, including one still going on or not yet recovered from. */
  public synchronized List<Outage> outages() {
    List<Outage> all = new ArrayList<>(outages);
    if (recovering != null) {
      all.add(recovering);
    }
    if (currentStart >= 0) {
      all.add(new Outage(currentStart, elapsed() - currentStart, affected.cardinality(), -1));
    }
    return all;
  }

  private void closeRecovering() {
    if (recovering != null) {
      outages.add(recovering);
      recovering = null;
    }
  }

  private double averageRate() {
    int n = (int) Math.min(samples, HISTORY);
    long sum = 0;
    for (int i = 0; i < n; i++) {
      sum += perSecond[i];
    }
    return n == 0 ? 0 : (double) sum / n;
  }

  private double elapsed() {
    return (clock.getAsLong() - startNanos) / 1e9;
  }
}
