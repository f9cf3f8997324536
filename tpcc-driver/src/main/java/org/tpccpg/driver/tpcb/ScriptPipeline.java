package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.tpccpg.driver.tpcb.script.SqlCommand;

/**
 * A custom script's {@code \startpipeline} ... {@code \endpipeline} on PgJDBC, which has no
 * pipeline mode: each SQL command in between is queued with its variables' values as they are when
 * the command is reached (as pgbench sends it then), and {@code \endpipeline} sends them all as one
 * PgJDBC statement of several queries, which PgJDBC sends as Parse/Bind/Execute for each and one
 * Sync at the end: one implicit transaction unless the queries open their own, the rest skipped
 * after an error, as with libpq's pipeline and its one sync at {@code \endpipeline}. The results
 * are read at {@code \endpipeline}, where pgbench reads them too (docs/tpcb.md, "Pipelines").
 */
final class ScriptPipeline {
  private final StringBuilder sql = new StringBuilder();
  private final List<String> values = new ArrayList<>();
  private boolean open;

  boolean isOpen() {
    return open;
  }

  /** {@code \startpipeline}; the caller checks it is not open yet. */
  void start() {
    reset();
    open = true;
  }

  /** Queues a command with the values of its parameters now. */
  void add(SqlCommand.Parameterized command, List<String> parameterValues) {
    String text = command.sql().strip();
    sql.append(text);
    // PgJDBC splits the queries again at each ';' outside quotes and comments: end each one so a
    // trailing "--" comment or a missing ';' cannot run into the next.
    sql.append(text.endsWith(";") ? "\n" : "\n;\n");
    values.addAll(parameterValues);
  }

  /**
   * {@code \endpipeline}: sends the queued commands and reads their results; the caller checks it
   * is open.
   *
   * @param err where the server's notices go ({@link ServerNotices})
   * @throws SQLException the first command's error; the ones after it did not run
   */
  void end(Connection connection, PrintWriter err) throws SQLException {
    String text = sql.toString();
    List<String> bound = List.copyOf(values);
    reset();
    if (text.isEmpty()) {
      return; // nothing to send (pgbench would send a Sync alone)
    }
    try (PreparedStatement statement = connection.prepareStatement(text)) {
      ScriptStatements.bind(statement, bound);
      try {
        statement.execute();
      } finally {
        ServerNotices.print(statement, err);
      }
    }
  }

  /**
   * pgbench 17's {@code \syncpipeline}: sends what is queued now, as {@link #end} does, and stays
   * in pipeline mode. libpq sends a Sync and reads the results at {@code \endpipeline}; PgJDBC
   * sends a Sync only at the end of a statement's queries, so here the queries before it are sent
   * and their results read at this command: each segment between syncs is its own implicit
   * transaction, as with libpq, and an error ends the transaction at this command, so that the
   * segments after it are not sent (libpq would send them and pgbench report the error at {@code
   * \endpipeline}; docs/tpcb.md, "Pipelines").
   */
  void sync(Connection connection, PrintWriter err) throws SQLException {
    end(connection, err);
    open = true;
  }

  /** Forgets what is queued and leaves pipeline mode (a new try, a new connection). */
  void reset() {
    open = false;
    sql.setLength(0);
    values.clear();
  }
}
