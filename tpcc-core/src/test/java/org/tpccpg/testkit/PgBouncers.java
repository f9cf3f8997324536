package org.tpccpg.testkit;

import java.io.IOException;
import java.util.Map;

/**
 * One pgbouncer per pool mode, {@code session}, {@code transaction} and {@code statement}, in front
 * of a test server. pgbouncer 1.21 and later can track named prepared statements in transaction
 * mode; the transaction pooler turns that off ({@code max_prepared_statements = 0}), so tests meet
 * the behaviour of the pgbouncer versions most installations run.
 */
public final class PgBouncers implements AutoCloseable {
  private final PgBouncer session;
  private final PgBouncer transaction;
  private final PgBouncer statement;

  private PgBouncers(PgBouncer session, PgBouncer transaction, PgBouncer statement) {
    this.session = session;
    this.transaction = transaction;
    this.statement = statement;
  }

  /** Starts the three poolers for every database of {@code db}'s server. */
  public static PgBouncers start(TestDatabase db) throws IOException, InterruptedException {
    int[] version = PgBouncer.version();
    boolean tracksPreparedStatements = version[0] > 1 || version[1] >= 21;
    PgBouncer session = PgBouncer.start("session", db.host(), db.port(), Map.of());
    PgBouncer transaction = null;
    try {
      transaction =
          PgBouncer.start(
              "transaction",
              db.host(),
              db.port(),
              tracksPreparedStatements ? Map.of("max_prepared_statements", "0") : Map.of());
      return new PgBouncers(
          session, transaction, PgBouncer.start("statement", db.host(), db.port(), Map.of()));
    } catch (IOException | InterruptedException | RuntimeException e) {
      session.close();
      if (transaction != null) {
        transaction.close();
      }
      throw e;
    }
  }

  public PgBouncer session() {
    return session;
  }

  public PgBouncer transaction() {
    return transaction;
  }

  public PgBouncer statement() {
    return statement;
  }

  /** Stops all three. */
  @Override
  public void close() {
    session.close();
    transaction.close();
    statement.close();
  }
}
