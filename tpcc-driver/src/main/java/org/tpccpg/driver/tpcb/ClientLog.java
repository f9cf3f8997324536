package org.tpccpg.driver.tpcb;

import java.util.SplittableRandom;

/**
 * A client's side of the {@code -l} log: numbers every transaction that ends, keeps the share
 * {@code --sampling-rate} asks for, and adds it to the client's {@link TxnLogBuffer}. Without
 * {@code -l} it only counts. One client's; not thread-safe.
 */
final class ClientLog {
  private final TxnLogBuffer buffer; // null: no -l
  private final double samplingRate;
  private final SplittableRandom sampling;
  private long transactionNumber;

  /**
   * @param buffer where the lines go, or null without {@code -l}
   * @param samplingRate {@code --sampling-rate}, in (0, 1]
   */
  ClientLog(TxnLogBuffer buffer, double samplingRate, SplittableRandom sampling) {
    this.buffer = buffer;
    this.samplingRate = samplingRate;
    this.sampling = sampling;
  }

  /** The transaction that just ended: its latency and lag in µs, its {@link TxnOutcome}. */
  void ended(long micros, long lagMicros, long outcome) {
    transactionNumber++;
    if (buffer == null || (samplingRate < 1 && sampling.nextDouble() >= samplingRate)) {
      return;
    }
    try {
      buffer.add(transactionNumber, System.nanoTime(), micros, lagMicros, outcome);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the client's next wait ends it
    }
  }

  /** The client is done: hands what it buffered to the writer. */
  void handOff() {
    if (buffer != null) {
      try {
        buffer.handOff();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
