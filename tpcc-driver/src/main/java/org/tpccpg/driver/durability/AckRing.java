package org.tpccpg.driver.durability;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * One client's New-Orders on their way to the {@link CommitLedger}: whose COMMIT returned, and
 * whose COMMIT's outcome was lost with the connection. A single-producer, single-consumer ring of
 * fixed size: the client writes and never locks or allocates; the ledger's thread drains it every
 * {@link CommitLedger#DRAIN_MILLIS} ms. Not here: what the entries mean (the ledger decides).
 *
 * <p>An entry is the district's index in the ledger (bits 33 and up), whether the outcome is
 * unknown (bit 32) and the O_ID (bits 0 to 31).
 */
public final class AckRing {
  /** Entries a ring holds: a client would need 10,000 New-Orders a second to fill it. */
  static final int CAPACITY = 1 << 10;

  private static final long UNKNOWN = 1L << 32;
  private static final long FULL_WAIT_NANOS = 100_000;

  private final long[] slots = new long[CAPACITY];
  private final AtomicLong head = new AtomicLong(); // next to drain; the ledger's thread writes it
  private final AtomicLong tail = new AtomicLong(); // next to write; the client writes it
  private final DistrictIndex districts;
  private long written; // the client's own copy of tail

  AckRing(DistrictIndex districts) {
    this.districts = districts;
  }

  /** The New-Order with O_ID {@code orderId} in this district committed: its COMMIT returned. */
  public void acknowledged(int tableSet, int warehouse, int district, int orderId) {
    put(((long) districts.of(tableSet, warehouse, district) << 33) | orderId);
  }

  /**
   * The COMMIT of the New-Order with O_ID {@code orderId} was sent and its answer lost with the
   * connection: it may or may not have committed.
   */
  public void unknown(int tableSet, int warehouse, int district, int orderId) {
    put(((long) districts.of(tableSet, warehouse, district) << 33) | UNKNOWN | orderId);
  }

  private void put(long entry) {
    // Full only when the ledger's thread has not run for CAPACITY New-Orders: wait for it rather
    // than forget an acknowledgement.
    while (written - head.getAcquire() >= CAPACITY) {
      LockSupport.parkNanos(FULL_WAIT_NANOS);
    }
    slots[(int) (written & (CAPACITY - 1))] = entry;
    written++;
    tail.setRelease(written);
  }

  /** Hands every entry written so far to {@code to}, oldest first; on the ledger's thread. */
  void drainTo(LongConsumer to) {
    long from = head.getPlain();
    long until = tail.getAcquire();
    for (long i = from; i < until; i++) {
      to.accept(slots[(int) (i & (CAPACITY - 1))]);
    }
    head.setRelease(until);
  }

  static int district(long entry) {
    return (int) (entry >>> 33);
  }

  static boolean unknown(long entry) {
    return (entry & UNKNOWN) != 0;
  }

  static int orderId(long entry) {
    return (int) entry;
  }
}
