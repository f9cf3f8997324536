package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.tpccpg.core.schema.TpccTable;

/**
 * Makes each warehouse (and each set's items) load once, even when two range loads of the same
 * warehouses run at once (two {@code prepare --warehouses=1-3 --resume}, or overlapping ranges
 * given by mistake): the loading transaction first takes a transaction-level advisory lock of its
 * own for that warehouse of that set, then looks whether the warehouse row (or an item) is there.
 * The second load waits for the first's commit and then finds the row, so it skips the warehouse
 * instead of loading it twice; a load that failed rolled back, so its warehouse is absent and gets
 * loaded.
 *
 * <p>It does not refuse anything: a range already loaded is refused before the load starts ({@code
 * TpccLoader}); this only settles the race between loads that both passed that check. The lock is
 * released at the commit or rollback. Its key is a class of ours ("TPCD", next to the data-set
 * lock's "TPCC") and a hash of the schema, set and warehouse: a collision makes two loads wait for
 * each other, never skip a warehouse, since the row is what decides.
 */
final class LoadClaim {
  /** The first advisory-lock key, "TPCD" in ASCII: apart from the data-set lock and others'. */
  static final int LOCK_CLASS = 0x54504344;

  private static final String LOCK =
      """
      SELECT pg_advisory_xact_lock(?, hashtext(current_schema() || ':' || ? || ':' || ?))""";

  private static final String WAREHOUSE_THERE =
      """
      SELECT EXISTS (SELECT 1 FROM %s WHERE w_id = ?)""";

  private static final String ITEMS_THERE =
      """
      SELECT EXISTS (SELECT 1 FROM %s)""";

  private LoadClaim() {}

  /**
   * Claims warehouse {@code warehouse} of set {@code set} in the transaction open on {@code
   * connection} (autocommit off); false when another load has it already.
   */
  static boolean warehouse(Connection connection, int set, int warehouse) throws SQLException {
    lock(connection, set, warehouse);
    try (PreparedStatement there =
        connection.prepareStatement(
            WAREHOUSE_THERE.formatted(TpccTable.WAREHOUSE.nameInSet(set)))) {
      there.setInt(1, warehouse);
      return !exists(there);
    }
  }

  /** Claims the items of set {@code set} the same way (warehouse 0 of the lock's key). */
  static boolean items(Connection connection, int set) throws SQLException {
    lock(connection, set, 0);
    try (PreparedStatement there =
        connection.prepareStatement(ITEMS_THERE.formatted(TpccTable.ITEM.nameInSet(set)))) {
      return !exists(there);
    }
  }

  private static void lock(Connection connection, int set, int warehouse) throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement(LOCK)) {
      lock.setInt(1, LOCK_CLASS);
      lock.setString(2, Integer.toString(set));
      lock.setString(3, Integer.toString(warehouse));
      lock.execute();
    }
  }

  private static boolean exists(PreparedStatement query) throws SQLException {
    try (ResultSet row = query.executeQuery()) {
      row.next();
      return row.getBoolean(1);
    }
  }
}
