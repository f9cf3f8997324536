package org.tpccpg.core.tpcb;

import java.util.List;

/**
 * pgbench's builtin transactions. pgbench's {@code tpcb-like} is TPC-B's profile (TPC-B 1.2) with
 * one difference: the branch is drawn independently of the account, so no account is "remote".
 *
 * <p>The library never begins or ends a transaction: the caller owns it (pgbench wraps tpcb-like
 * and simple-update in {@code BEGIN; ... END;} and runs select-only in autocommit).
 */
public enum TpcbTransaction {
  /** Update account, read its balance, update teller and branch, insert history. */
  TPCB_LIKE(
      List.of(
          TpcbStatement.UPDATE_ACCOUNT,
          TpcbStatement.SELECT_BALANCE,
          TpcbStatement.UPDATE_TELLER,
          TpcbStatement.UPDATE_BRANCH,
          TpcbStatement.INSERT_HISTORY)),
  /** {@code -N}: TPC-B without the teller and branch updates (no hot rows). */
  SIMPLE_UPDATE(
      List.of(
          TpcbStatement.UPDATE_ACCOUNT,
          TpcbStatement.SELECT_BALANCE,
          TpcbStatement.INSERT_HISTORY)),
  /** {@code -S}: one primary-key read, in autocommit. */
  SELECT_ONLY(List.of(TpcbStatement.SELECT_BALANCE));

  private final List<TpcbStatement> statements;

  TpcbTransaction(List<TpcbStatement> statements) {
    this.statements = statements;
  }

  /** The statements in execution order. */
  public List<TpcbStatement> statements() {
    return statements;
  }
}
