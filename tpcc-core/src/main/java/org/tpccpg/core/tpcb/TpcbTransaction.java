package org.tpccpg.core.tpcb;

import java.util.List;

/**
 * pgbench's builtin transactions. pgbench's {@code tpcb-like} is TPC-B's profile (TPC-B 1.2) with
 * one difference: the branch is drawn independently of the account, so no account is "remote".
 */
public enum TpcbTransaction {
  /** Update account, read its balance, update teller and branch, insert history. */
  TPCB_LIKE(
      true,
      List.of(
          TpcbStatement.UPDATE_ACCOUNT,
          TpcbStatement.SELECT_BALANCE,
          TpcbStatement.UPDATE_TELLER,
          TpcbStatement.UPDATE_BRANCH,
          TpcbStatement.INSERT_HISTORY)),
  /** {@code -N}: TPC-B without the teller and branch updates (no hot rows). */
  SIMPLE_UPDATE(
      true,
      List.of(
          TpcbStatement.UPDATE_ACCOUNT,
          TpcbStatement.SELECT_BALANCE,
          TpcbStatement.INSERT_HISTORY)),
  /** {@code -S}: one primary-key read, in autocommit. */
  SELECT_ONLY(false, List.of(TpcbStatement.SELECT_BALANCE));

  private final boolean explicitTransaction;
  private final List<TpcbStatement> statements;

  TpcbTransaction(boolean explicitTransaction, List<TpcbStatement> statements) {
    this.explicitTransaction = explicitTransaction;
    this.statements = statements;
  }

  /**
   * Whether pgbench wraps the statements in {@code BEGIN; ... END;}. The library never does that
   * itself: the caller owns the transaction.
   */
  public boolean explicitTransaction() {
    return explicitTransaction;
  }

  /** The statements in execution order. */
  public List<TpcbStatement> statements() {
    return statements;
  }
}
