package org.tpccpg.core.jdbc;

import java.sql.SQLException;
import java.sql.Statement;

/** Closing several statements at once, as try-with-resources would close them. */
public final class Statements {
  private Statements() {}

  /**
   * Closes {@code statements[0..count)} from the last to the first, skipping nulls, and closes
   * every one even when some fail.
   *
   * @throws SQLException the first failure, with the later ones suppressed in it
   */
  public static void closeAll(Statement[] statements, int count) throws SQLException {
    SQLException failure = null;
    for (int i = count - 1; i >= 0; i--) {
      if (statements[i] == null) {
        continue;
      }
      try {
        statements[i].close();
      } catch (SQLException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
