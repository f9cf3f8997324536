package org.tpccpg.core.tpcc;

/**
 * Receives one call per SQL statement a transaction runs, classified as sysbench's pgsql driver
 * does: a statement that returned a result set is a read (even with no rows); an INSERT, UPDATE or
 * DELETE that changed at least one row is a write; one that changed no rows is "other". Each row of
 * a JDBC batch counts as one statement. The transactions never run BEGIN, COMMIT or ROLLBACK, so
 * the caller counts those (as "other", like sysbench).
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

  /** One round trip to the server: the client sent one or more statements and awaited the reply. */
  default void roundTrip() {}
}
