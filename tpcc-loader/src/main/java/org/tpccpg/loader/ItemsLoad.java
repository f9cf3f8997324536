package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;
import org.tpccpg.core.load.CopyTextBuffer;
import org.tpccpg.core.load.TpccDataGenerator;
import org.tpccpg.core.schema.TpccTable;
import org.tpccpg.core.spec.TpccConstants;

/**
 * Loads the 100,000 items of one table set (TPC-C 4.3.3.1), in one transaction; nothing when
 * another load has them ({@link LoadClaim}).
 */
final class ItemsLoad implements SqlWork {
  private static final int CHUNK = 10_000;

  private final int set;
  private final LoadContext context;

  ItemsLoad(int set, LoadContext context) {
    this.set = set;
    this.context = context;
  }

  @Override
  public void run(Connection connection) throws SQLException {
    TpccDataGenerator generator = context.generator(set, 0);
    CopyTextBuffer buffer = new CopyTextBuffer();
    connection.setAutoCommit(false);
    if (!LoadClaim.items(connection, set)) {
      connection.rollback(); // another range load has loaded them
      return;
    }
    try (CopyStream items = CopyStream.open(connection, TpccTable.ITEM, set, context.progress())) {
      for (int first = 1; first <= TpccConstants.ITEMS; first += CHUNK) {
        generator.items(first, Math.min(first + CHUNK - 1, TpccConstants.ITEMS), buffer);
        items.send(buffer);
      }
      items.end();
    }
    connection.commit();
  }

  @Override
  public String toString() {
    return "items of set " + set;
  }
}
