package org.tpccpg.core.tpcc.mode;

import java.util.Locale;
import java.util.Objects;
import org.tpccpg.core.tpcc.StatementTransactions;
import org.tpccpg.core.tpcc.TransactionSet;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.core.tpcc.batched.BatchedTransactions;
import org.tpccpg.core.tpcc.procedures.ProcedureTransactions;

/**
 * How the five transactions reach the server ({@code --txn-mode}): all three read, lock and write
 * the same rows for the same input and differ only in round trips. It lives above {@code txn} and
 * {@code procedures} so that neither package depends on the other.
 */
public enum TxnMode {
  /** sysbench-tpcc's statements, one round trip each (the default). */
  STATEMENTS,
  /** The same statements gathered into as few round trips as the logic allows. */
  BATCHED,
  /** One PL/pgSQL function call per transaction (installed by prepare or install-procedures). */
  PROCEDURES;

  /** The option value, e.g. {@code "procedures"}. */
  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The transactions in this style, rendered for every table set of {@code shape}. */
  public TransactionSet transactions(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    return switch (this) {
      case STATEMENTS -> new StatementTransactions(shape);
      case BATCHED -> new BatchedTransactions(shape);
      case PROCEDURES -> new ProcedureTransactions(shape);
    };
  }

  /**
   * The mode named {@code value} (any case).
   *
   * @throws IllegalArgumentException naming the value and the valid ones
   */
  public static TxnMode ofOptionValue(String value) {
    for (TxnMode mode : values()) {
      if (mode.optionValue().equalsIgnoreCase(value)) {
        return mode;
      }
    }
    throw new IllegalArgumentException(
        "must be statements, batched or procedures but was '" + value + "'");
  }
}
