package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.tpccpg.core.load.CopyTextBuffer;
import org.tpccpg.core.schema.TpccTable;

/**
 * Streams rows of one table into PostgreSQL with {@code COPY ... FROM STDIN}, one buffer at a time,
 * so a loader thread holds at most one buffer of rows in memory.
 */
final class CopyStream implements AutoCloseable {
  private final CopyIn copyIn;
  private final TpccTable table;
  private final LoadProgress progress;
  private boolean ended;

  private CopyStream(CopyIn copyIn, TpccTable table, LoadProgress progress) {
    this.copyIn = copyIn;
    this.table = table;
    this.progress = progress;
  }

  static CopyStream open(Connection connection, TpccTable table, int set, LoadProgress progress)
      throws SQLException {
    CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
    String sql = "COPY " + table.nameInSet(set) + " (" + table.copyColumns() + ") FROM STDIN";
    return new CopyStream(copy.copyIn(sql), table, progress);
  }

  /** Sends the buffer's rows and empties it. */
  void send(CopyTextBuffer buffer) throws SQLException {
    if (buffer.length() > 0) {
      copyIn.writeToCopy(buffer.array(), 0, buffer.length());
      progress.add(table, buffer.rows(), buffer.length());
    }
    buffer.clear();
  }

  /** Finishes the COPY; the rows become visible when the transaction commits. */
  void end() throws SQLException {
    ended = true;
    copyIn.endCopy();
  }

  @Override
  public void close() throws SQLException {
    if (!ended && copyIn.isActive()) {
      copyIn.cancelCopy();
    }
  }

  /** Sends one complete buffer as a COPY of its own. */
  static void copyAll(
      Connection connection, TpccTable table, int set, CopyTextBuffer buffer, LoadProgress progress)
      throws SQLException {
    try (CopyStream stream = open(connection, table, set, progress)) {
      stream.send(buffer);
      stream.end();
    }
  }
}
