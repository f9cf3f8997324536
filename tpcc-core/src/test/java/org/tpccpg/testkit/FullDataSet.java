package org.tpccpg.testkit;

import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;
import static org.tpccpg.core.spec.TpccConstants.ITEMS;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import org.tpccpg.core.ddl.StorageOptions;
import org.tpccpg.core.ddl.TpccSchema;
import org.tpccpg.core.load.CopyTextBuffer;
import org.tpccpg.core.load.TpccDataGenerator;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.schema.TpccTable;

/**
 * Test helper for tpcc-core's own ITs, which cannot use tpcc-loader: loads the TPC-C population
 * (TPC-C 4.3.3.1) of a few warehouses into one table set with COPY, as the loader does but on one
 * connection, then adds keys and indexes, and foreign keys when asked.
 */
public final class FullDataSet {
  /** Orders 1..2100 of each district are delivered at load (TPC-C 4.3.3.1). */
  private static final int DELIVERED = 2100;

  private FullDataSet() {}

  /**
   * Loads {@code warehouses} warehouses into {@code set} without the orders delivered at load (a
   * smaller set, for comparing styles), with foreign keys; returns the load's NURand constants.
   */
  public static NuRandConstants load(Connection c, int set, int warehouses, long seed)
      throws SQLException, IOException {
    return load(c, set, warehouses, seed, false, true);
  }

  /**
   * Loads {@code warehouses} warehouses into {@code set}, the orders delivered at load included
   * when {@code deliveredOrders} (the whole population), foreign keys when {@code foreignKeys};
   * returns the load's NURand constants.
   */
  public static NuRandConstants load(
      Connection c,
      int set,
      int warehouses,
      long seed,
      boolean deliveredOrders,
      boolean foreignKeys)
      throws SQLException, IOException {
    TpccSchema schema = new TpccSchema(StorageOptions.NONE);
    execute(c, schema.createTables(set));
    NuRandConstants constants = NuRandConstants.random(new TpccRandom(seed));
    TpccDataGenerator generator =
        new TpccDataGenerator(new TpccRandom(seed, constants), "2026-11-30 10:00:00");
    CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
    CopyTextBuffer buffer = new CopyTextBuffer();
    generator.items(1, ITEMS, buffer);
    copy(copy, set, TpccTable.ITEM, buffer);
    CopyTextBuffer orderLines = new CopyTextBuffer();
    CopyTextBuffer newOrders = new CopyTextBuffer();
    for (int w = 1; w <= warehouses; w++) {
      generator.warehouse(w, buffer);
      copy(copy, set, TpccTable.WAREHOUSE, buffer);
      generator.districts(w, buffer);
      copy(copy, set, TpccTable.DISTRICT, buffer);
      generator.stock(w, 1, ITEMS, buffer);
      copy(copy, set, TpccTable.STOCK, buffer);
      for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
        generator.customers(w, d, buffer);
        copy(copy, set, TpccTable.CUSTOMER, buffer);
        generator.history(w, d, buffer);
        copy(copy, set, TpccTable.HISTORY, buffer);
        generator.orders(w, d, buffer, orderLines, newOrders);
        if (deliveredOrders) {
          copy(copy, set, TpccTable.ORDERS, buffer);
          copy(copy, set, TpccTable.ORDER_LINE, orderLines);
        } else {
          copyUndelivered(copy, set, TpccTable.ORDERS, buffer);
          copyUndelivered(copy, set, TpccTable.ORDER_LINE, orderLines);
        }
        copy(copy, set, TpccTable.NEW_ORDERS, newOrders);
      }
    }
    List<String> ddl = new ArrayList<>(schema.primaryKeys(set));
    ddl.addAll(schema.secondaryIndexes(set));
    if (foreignKeys) {
      ddl.addAll(schema.foreignKeys(set));
    }
    ddl.add("ANALYZE");
    execute(c, ddl);
    return constants;
  }

  public static void execute(Connection c, List<String> statements) throws SQLException {
    try (Statement statement = c.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  private static void copy(CopyManager copy, int set, TpccTable table, CopyTextBuffer buffer)
      throws SQLException, IOException {
    copy(copy, set, table, buffer.array(), buffer.length());
    buffer.clear();
  }

  private static void copy(CopyManager copy, int set, TpccTable table, byte[] rows, int length)
      throws SQLException, IOException {
    String sql = "COPY " + table.nameInSet(set) + " (" + table.copyColumns() + ") FROM STDIN";
    copy.copyIn(sql, new ByteArrayInputStream(rows, 0, length));
  }

  /** Copies the rows of {@code buffer} whose first field, the order id, is above 2100. */
  private static void copyUndelivered(
      CopyManager copy, int set, TpccTable table, CopyTextBuffer buffer)
      throws SQLException, IOException {
    String text = new String(buffer.array(), 0, buffer.length(), StandardCharsets.UTF_8);
    buffer.clear();
    ByteArrayOutputStream kept = new ByteArrayOutputStream();
    for (String row : text.split("\n")) {
      if (!row.isEmpty() && Integer.parseInt(row.substring(0, row.indexOf('\t'))) > DELIVERED) {
        kept.write((row + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    copy(copy, set, table, kept.toByteArray(), kept.size());
  }
}
