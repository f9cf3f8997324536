package org.tpccpg.core.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.sql.StatementCounter;

/**
 * One terminal's stream of transactions: draws the next type from the mix and its input from the
 * terminal's own seeded generator, and runs an input with the transaction of its type. Made by
 * {@link RunSetup#terminal}. Not thread-safe: one terminal, one thread at a time.
 *
 * <p>A drawn {@link PurgeInput} is one round of sysbench-tpcc's purge event; the driver runs ten
 * rounds per event, each committed on its own.
 */
public final class Terminal {
  private final TpccRandom random;
  private final TransactionMix mix;
  private final InputGenerator inputs;
  private final Dispatcher dispatcher;

  Terminal(TpccRandom random, TransactionMix mix, InputGenerator inputs, Dispatcher dispatcher) {
    this.random = random;
    this.mix = mix;
    this.inputs = inputs;
    this.dispatcher = dispatcher;
  }

  /** Draws the type of the next transaction from the mix. */
  public TransactionType nextType() {
    return mix.next(random);
  }

  /** Draws the next transaction: its type from the mix, then its input. */
  public TransactionInput next() {
    return next(nextType());
  }

  /** Draws the input of a transaction of the given type. */
  public TransactionInput next(TransactionType type) {
    return inputs.next(type);
  }

  /**
   * Runs {@code input} in the caller's transaction; the caller commits, or rolls back when {@link
   * TransactionResult#rollbackRequested()}.
   */
  public TransactionResult execute(Connection c, TransactionInput input, StatementCounter counter)
      throws SQLException {
    return dispatcher.execute(c, input, counter);
  }
}
