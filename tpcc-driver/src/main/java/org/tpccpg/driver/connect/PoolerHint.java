package org.tpccpg.driver.connect;

import java.sql.SQLException;
import java.util.Optional;
import org.tpccpg.core.sql.SqlStateClass;

/**
 * What to do about a failure that a connection pooler in front of the server causes, decided once
 * from the error's class (see {@link SqlStateClass}) and printed after the server's own message.
 */
public final class PoolerHint {
  /** The advice for a named prepared statement that went missing behind a pooler. */
  public static final String PREPARED_STATEMENTS =
      "named prepared statements need the same server connection for the whole session: behind a"
          + " pooler in transaction or statement mode (pgbouncer pool_mode=transaction or"
          + " statement) use --db-ps-mode=disable or --statement-mode=extended, or pgbouncer 1.21"
          + " or later with max_prepared_statements > 0";

  /** The same advice in pgbench's terms, for {@code tpcc tpcb -M prepared}. */
  public static final String PREPARED_STATEMENTS_PGBENCH =
      "named prepared statements need the same server connection for the whole session: behind a"
          + " pooler in transaction or statement mode (pgbouncer pool_mode=transaction or"
          + " statement) use -M extended or -M simple, or pgbouncer 1.21 or later with"
          + " max_prepared_statements > 0";

  /** The advice when the pooler refuses transactions of more than one statement. */
  public static final String STATEMENT_POOLING =
      "the connection was closed inside a transaction, as a pooler with pool_mode=statement does:"
          + " TPC-C transactions have several statements, which statement pooling cannot run; use"
          + " pool_mode=transaction (with --db-ps-mode=disable) or pool_mode=session";

  /** The statement-pooling advice in pgbench's terms, for {@code tpcc tpcb}. */
  public static final String STATEMENT_POOLING_PGBENCH =
      "the connection was closed inside a transaction, as a pooler with pool_mode=statement does:"
          + " the tpcb-like and simple-update scripts run BEGIN ... END, which statement pooling"
          + " cannot run; use pool_mode=transaction or pool_mode=session, or -S (select-only)";

  private PoolerHint() {}

  /** The advice for this failure, if a pooler explains it. */
  public static Optional<String> forFailure(Throwable failure) {
    if (failure instanceof SQLException sql
        && SqlStateClass.of(sql) == SqlStateClass.PREPARED_STATEMENT_MISMATCH
        && (sql.getMessage() == null || !sql.getMessage().contains("max_prepared_statements"))) {
      return Optional.of(PREPARED_STATEMENTS);
    }
    return Optional.empty();
  }
}
