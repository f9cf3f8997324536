package org.tpccpg.core.sql;

/**
 * Receives one call per SQL statement a transaction runs, classified as sysbench's pgsql driver
 * does: a statement that returned a result set is a read (even with no rows); an INSERT, UPDATE or
 * DELETE that changed at least one row is a write; one that changed no rows is "other". Each row of
 * a JDBC batch counts as one statement. The transactions never run BEGIN, COMMIT or ROLLBACK, so
 * the caller counts those (as "other", like sysbench).
 *
 * <p>Apart from that classification, {@link #roundTrip} counts the client's waits for the server,
 * which is what the transaction styles of {@link TxnMode} differ in: each statement executed alone
 * is one, a JDBC batch is one however many rows it holds, a stored-procedure call is one. The
 * caller counts COMMIT and ROLLBACK as one each; BEGIN rides along with the first statement (PgJDBC
 * sends it in the same message) and is none.
 *
 * <p>Called on the thread that runs the transaction; an implementation used by one thread needs no
 * synchronisation.
 */
public interface StatementCounter {
  /** Counts nothing. */
  StatementCounter NONE =
      new StatementCounter() {
        @Override
        public void read() {}

        @Override
        public void write() {}

        @Override
        public void other() {}
      };

  /** A statement returned a result set. */
  void read();

  /** An INSERT, UPDATE or DELETE changed at least one row. */
  void write();

  /** An INSERT, UPDATE or DELETE changed no row. */
  void other();

  /**
   * The client sent one message and waited for the server's answer. Defaults to nothing, so a
   * counter that only wants sysbench's classes need not implement it.
   */
  default void roundTrip() {}
}
