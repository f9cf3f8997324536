package org.tpccpg.loader;

import java.sql.Connection;
import java.sql.SQLException;
import org.tpccpg.core.load.CopyTextBuffer;
import org.tpccpg.core.load.TpccDataGenerator;
import org.tpccpg.core.schema.TpccTable;
import org.tpccpg.core.spec.TpccConstants;

/**
 * Loads everything that belongs to one warehouse of one table set (TPC-C 4.3.3.1): the warehouse,
 * its districts, customers, history, orders, new orders, order lines and stock, in one transaction
 * so that a failure leaves no partial warehouse; nothing when another load has it ({@link
 * LoadClaim}).
 */
final class WarehouseLoad implements SqlWork {
  private static final int STOCK_CHUNK = 10_000;

  private final int set;
  private final int warehouse;
  private final LoadContext context;

  WarehouseLoad(int set, int warehouse, LoadContext context) {
    this.set = set;
    this.warehouse = warehouse;
    this.context = context;
  }

  @Override
  public void run(Connection connection) throws SQLException {
    TpccDataGenerator generator = context.generator(set, warehouse);
    LoadProgress progress = context.progress();
    CopyTextBuffer buffer = new CopyTextBuffer();
    connection.setAutoCommit(false);
    if (!LoadClaim.warehouse(connection, set, warehouse)) {
      connection.rollback(); // another load of the same range has it: it is there, whole
      return;
    }

    generator.warehouse(warehouse, buffer);
    CopyStream.copyAll(connection, TpccTable.WAREHOUSE, set, buffer, progress);
    generator.districts(warehouse, buffer);
    CopyStream.copyAll(connection, TpccTable.DISTRICT, set, buffer, progress);
    loadStock(connection, generator, buffer);
    try (CopyStream customers = CopyStream.open(connection, TpccTable.CUSTOMER, set, progress)) {
      for (int district = 1; district <= TpccConstants.DISTRICTS_PER_WAREHOUSE; district++) {
        generator.customers(warehouse, district, buffer);
        customers.send(buffer);
      }
      customers.end();
    }
    try (CopyStream history = CopyStream.open(connection, TpccTable.HISTORY, set, progress)) {
      for (int district = 1; district <= TpccConstants.DISTRICTS_PER_WAREHOUSE; district++) {
        generator.history(warehouse, district, buffer);
        history.send(buffer);
      }
      history.end();
    }
    loadOrders(connection, generator);
    connection.commit();
  }

  private void loadStock(Connection connection, TpccDataGenerator generator, CopyTextBuffer buffer)
      throws SQLException {
    try (CopyStream stock = CopyStream.open(connection, TpccTable.STOCK, set, context.progress())) {
      for (int first = 1; first <= TpccConstants.ITEMS; first += STOCK_CHUNK) {
        generator.stock(
            warehouse, first, Math.min(first + STOCK_CHUNK - 1, TpccConstants.ITEMS), buffer);
        stock.send(buffer);
      }
      stock.end();
    }
  }

  /** Orders, their lines and new orders are generated together, one district at a time. */
  private void loadOrders(Connection connection, TpccDataGenerator generator) throws SQLException {
    CopyTextBuffer orders = new CopyTextBuffer();
    CopyTextBuffer orderLines = new CopyTextBuffer();
    CopyTextBuffer newOrders = new CopyTextBuffer();
    LoadProgress progress = context.progress();
    for (int district = 1; district <= TpccConstants.DISTRICTS_PER_WAREHOUSE; district++) {
      generator.orders(warehouse, district, orders, orderLines, newOrders);
      CopyStream.copyAll(connection, TpccTable.ORDERS, set, orders, progress);
      CopyStream.copyAll(connection, TpccTable.ORDER_LINE, set, orderLines, progress);
      CopyStream.copyAll(connection, TpccTable.NEW_ORDERS, set, newOrders, progress);
    }
  }

  @Override
  public String toString() {
    return "warehouse " + warehouse + " of set " + set;
  }
}
