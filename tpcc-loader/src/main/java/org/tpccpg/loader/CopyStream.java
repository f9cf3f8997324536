package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.tpccpg.core.load.CopyTextBuffer;
import org.tpccpg.core.schema.TpccTable;

/**
 * Streams rows into PostgreSQL with {@code COPY ... FROM STDIN}, one buffer at a time, so a loader
 * thread holds at most one buffer of rows in memory: TPC-C's tables here, and {@code tpcb}'s
 * initial rows. Does not build the rows, commit or retry; closing it before {@link #end} cancels
 * the COPY.
 */
public final class CopyStream implements AutoCloseable {
  /** Told the rows and bytes of every buffer sent. */
  public interface Sent {
    /** Nothing to tell. */
    Sent NONE = (rows, bytes) -> {};

    void sent(long rows, long bytes);
  }

  private final CopyIn copyIn;
  private final Sent sent;
  private boolean ended;

  private CopyStream(CopyIn copyIn, Sent sent) {
    this.copyIn = copyIn;
    this.sent = sent;
  }

  /** Starts {@code sql}, a {@code COPY ... FROM STDIN}, on {@code connection}. */
  public static CopyStream open(Connection connection, String sql, Sent sent) throws SQLException {
    return new CopyStream(connection.unwrap(PGConnection.class).getCopyAPI().copyIn(sql), sent);
  }

  /** Starts the COPY of {@code table} in {@code set}, its rows counted in {@code progress}. */
  static CopyStream open(Connection connection, TpccTable table, int set, LoadProgress progress)
      throws SQLException {
    String sql = "COPY " + table.nameInSet(set) + " (" + table.copyColumns() + ") FROM STDIN";
    return open(connection, sql, (rows, bytes) -> progress.add(table, rows, bytes));
  }

  /** Sends the buffer's rows and empties it. */
  public void send(CopyTextBuffer buffer) throws SQLException {
    if (buffer.length() > 0) {
      copyIn.writeToCopy(buffer.array(), 0, buffer.length());
      sent.sent(buffer.rows(), buffer.length());
    }
    buffer.clear();
  }

  /** Finishes the COPY; the rows become visible when the transaction commits. */
  public void end() throws SQLException {
    ended = true;
    copyIn.endCopy();
  }

  @Override
  public void close() throws SQLException {
    if (!ended && copyIn.isActive()) {
      copyIn.cancelCopy();
    }
  }

  /** Sends one complete buffer as a COPY of its own, {@code sql}. */
  public static void copyAll(Connection connection, String sql, CopyTextBuffer buffer)
      throws SQLException {
    sendAll(open(connection, sql, Sent.NONE), buffer);
  }

  /** Sends one complete buffer as a COPY of {@code table} in {@code set}. */
  static void copyAll(
      Connection connection, TpccTable table, int set, CopyTextBuffer buffer, LoadProgress progress)
      throws SQLException {
    sendAll(open(connection, table, set, progress), buffer);
  }

  private static void sendAll(CopyStream stream, CopyTextBuffer buffer) throws SQLException {
    try (stream) {
      stream.send(buffer);
      stream.end();
    }
  }
}
