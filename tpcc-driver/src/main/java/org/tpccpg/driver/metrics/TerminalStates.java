package org.tpccpg.driver.metrics;

/**
 * What spec mode's terminals are doing at one moment (TPC-C 5.2.5): thinking, keying, or in a
 * transaction (submitted: waiting for a worker or a pooled connection, or running); the three add
 * up to the terminal count. With the deferred Deliveries waiting for an executor (2.7.2).
 *
 * @param thinking terminals in their think time
 * @param keying terminals in their keying time
 * @param inTransaction terminals whose transaction is due and not yet answered
 * @param deferredQueue deferred Deliveries queued and not yet taken by an executor
 */
public record TerminalStates(int thinking, int keying, int inTransaction, int deferredQueue) {
  /** Validates the counts. */
  public TerminalStates {
    CounterTotals.requireNotNegative("thinking", thinking);
    CounterTotals.requireNotNegative("keying", keying);
    CounterTotals.requireNotNegative("inTransaction", inTransaction);
    CounterTotals.requireNotNegative("deferredQueue", deferredQueue);
  }

  /** The terminals counted: thinking, keying and in a transaction. */
  public int terminals() {
    return thinking + keying + inTransaction;
  }
}
