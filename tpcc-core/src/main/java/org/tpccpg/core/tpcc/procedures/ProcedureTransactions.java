package org.tpccpg.core.tpcc.procedures;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.tpccpg.core.sql.FailedStatement;
import org.tpccpg.core.sql.StatementCounter;
import org.tpccpg.core.tpcc.DeliveryInput;
import org.tpccpg.core.tpcc.DeliveryResult;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.NewOrderResult;
import org.tpccpg.core.tpcc.OrderStatusInput;
import org.tpccpg.core.tpcc.OrderStatusResult;
import org.tpccpg.core.tpcc.PaymentInput;
import org.tpccpg.core.tpcc.PaymentResult;
import org.tpccpg.core.tpcc.PurgeInput;
import org.tpccpg.core.tpcc.PurgeResult;
import org.tpccpg.core.tpcc.StatementTransactions;
import org.tpccpg.core.tpcc.StockLevelInput;
import org.tpccpg.core.tpcc.StockLevelResult;
import org.tpccpg.core.tpcc.TransactionSet;
import org.tpccpg.core.tpcc.WorkloadShape;

/**
 * The transactions as one call each of the PL/pgSQL functions in {@code sql/tpcc/procedures.sql}:
 * one round trip, one SELECT returning what the result needs. The functions run the statements
 * mode's statements in its order (TPC-C 2.4 to 2.8 outside sysbench compatibility, which this mode
 * does not offer); a missing row raises SQLSTATE 02000 there as it does in the statements mode.
 *
 * <p>Each call counts one round trip and one read (the client sent one query that returned rows).
 * Stateless once built; safe to share between threads.
 */
public final class ProcedureTransactions implements TransactionSet {
  private final Map<TpccProcedure, String[]> calls = new EnumMap<>(TpccProcedure.class);
  private final StatementTransactions statements; // for purge, sent as statements in every mode

  /**
   * Renders the calls for every table set of {@code shape}.
   *
   * @throws IllegalArgumentException for a shape in sysbench compatibility: the functions follow
   *     TPC-C
   */
  public ProcedureTransactions(WorkloadShape shape) {
    Objects.requireNonNull(shape, "shape");
    if (shape.sysbenchCompat()) {
      throw new IllegalArgumentException(
          "the procedures follow TPC-C, not sysbench-tpcc: sysbenchCompat must be false");
    }
    for (TpccProcedure procedure : TpccProcedure.values()) {
      String[] bySet = new String[shape.tableSets()];
      String parameters = "?" + ", ?".repeat(procedure.arity() - 1);
      for (int set = 1; set <= bySet.length; set++) {
        bySet[set - 1] = "SELECT * FROM " + procedure.nameInSet(set) + "(" + parameters + ")";
      }
      calls.put(procedure, bySet);
    }
    statements = new StatementTransactions(shape);
  }

  @Override
  public NewOrderResult newOrder(Connection c, NewOrderInput in, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = prepare(c, TpccProcedure.NEW_ORDER, in.tableSet())) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, in.customerId());
      s.setInt(4, in.allLocal() ? 1 : 0);
      s.setObject(5, in.itemIds());
      s.setObject(6, in.supplyWarehouseIds());
      s.setObject(7, in.quantities());
      try (ResultSet row = call(s, counter)) {
        return new NewOrderResult(row.getInt(1), row.getInt(2) != 0);
      }
    }
  }

  @Override
  public PaymentResult payment(Connection c, PaymentInput in, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = prepare(c, TpccProcedure.PAYMENT, in.tableSet())) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, in.customerWarehouseId());
      s.setInt(4, in.customerDistrictId());
      s.setBoolean(5, in.byName());
      s.setInt(6, in.customerId());
      s.setString(7, in.customerLastName());
      s.setBigDecimal(8, BigDecimal.valueOf(in.amountCents(), 2));
      try (ResultSet row = call(s, counter)) {
        return new PaymentResult(row.getInt(1), row.getBoolean(2));
      }
    }
  }

  @Override
  public OrderStatusResult orderStatus(Connection c, OrderStatusInput in, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = prepare(c, TpccProcedure.ORDER_STATUS, in.tableSet())) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setBoolean(3, in.byName());
      s.setInt(4, in.customerId());
      s.setString(5, in.customerLastName());
      try (ResultSet row = call(s, counter)) {
        return new OrderStatusResult(row.getInt(1), row.getInt(2), row.getInt(3));
      }
    }
  }

  @Override
  public DeliveryResult delivery(Connection c, DeliveryInput in, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = prepare(c, TpccProcedure.DELIVERY, in.tableSet())) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.carrierId());
      try (ResultSet row = call(s, counter)) {
        return new DeliveryResult(row.getInt(1));
      }
    }
  }

  @Override
  public StockLevelResult stockLevel(Connection c, StockLevelInput in, StatementCounter counter)
      throws SQLException {
    try (PreparedStatement s = prepare(c, TpccProcedure.STOCK_LEVEL, in.tableSet())) {
      s.setInt(1, in.warehouseId());
      s.setInt(2, in.districtId());
      s.setInt(3, in.threshold());
      try (ResultSet row = call(s, counter)) {
        return new StockLevelResult(row.getInt(1));
      }
    }
  }

  private PreparedStatement prepare(Connection c, TpccProcedure procedure, int set)
      throws SQLException {
    String[] bySet = calls.get(procedure);
    if (set < 1 || set > bySet.length) {
      throw new IllegalArgumentException(
          "tableSet must be in 1.." + bySet.length + " but was " + set);
    }
    return c.prepareStatement(bySet[set - 1]);
  }

  /** Runs the call and positions on its one row; the caller closes the result set. */
  private static ResultSet call(PreparedStatement s, StatementCounter counter) throws SQLException {
    ResultSet row;
    try {
      row = s.executeQuery();
    } catch (SQLException e) {
      // names the function and, from PL/pgSQL's context, the statement in it that failed
      throw FailedStatement.of(e, s.toString());
    }
    counter.roundTrip();
    counter.read();
    if (!row.next()) {
      row.close();
      throw new SQLException("a TPC-C function returned no row", "XX000");
    }
    return row;
  }

  @Override
  public PurgeResult purge(Connection c, PurgeInput in, StatementCounter counter)
      throws SQLException {
    return statements.purge(c, in, counter);
  }
}
