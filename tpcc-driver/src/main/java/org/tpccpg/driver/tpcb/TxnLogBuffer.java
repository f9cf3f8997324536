package org.tpccpg.driver.tpcb;

import java.util.concurrent.TimeUnit;

/**
 * One client's pending log entries: five longs per transaction in a plain array, handed to the
 * {@link TxnLogWriter} when full or a second old. Only the client thread touches it, so logging
 * takes no lock and formats nothing on the client; it allocates one array per {@value #ENTRIES}
 * transactions.
 */
final class TxnLogBuffer {
  static final int ENTRIES = 1024;
  static final int FIELDS = 5;
  private static final long MAX_AGE_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final int client;
  private final int file;
  private final TxnLogWriter writer;
  private long[] entries = new long[ENTRIES * FIELDS];
  private int size;
  private long firstNanos;

  TxnLogBuffer(int client, int file, TxnLogWriter writer) {
    this.client = client;
    this.file = file;
    this.writer = writer;
  }

  /**
   * Adds one transaction.
   *
   * @param number the client's transaction number, from 1
   * @param endNanos {@link System#nanoTime()} when it ended (or was skipped)
   * @param latencyMicros its latency
   * @param lagMicros its schedule lag ({@code -R})
   * @param outcome what happened, see {@link TxnOutcome#pack}
   */
  void add(long number, long endNanos, long latencyMicros, long lagMicros, long outcome)
      throws InterruptedException {
    long now = System.nanoTime();
    if (size == 0) {
      firstNanos = now;
    }
    int at = size * FIELDS;
    entries[at] = number;
    entries[at + 1] = endNanos;
    entries[at + 2] = latencyMicros;
    entries[at + 3] = lagMicros;
    entries[at + 4] = outcome;
    size++;
    if (size == ENTRIES || now - firstNanos >= MAX_AGE_NANOS) {
      handOff();
    }
  }

  /** Sends what is pending to the writer. */
  void handOff() throws InterruptedException {
    if (size > 0) {
      writer.submit(new TxnLogWriter.Chunk(client, file, entries, size));
      entries = new long[ENTRIES * FIELDS];
      size = 0;
    }
  }
}
