package org.tpccpg.core.tpcc.procedures;

/**
 * The functions of {@code sql/tpcc/procedures.sql}, one per transaction and table set, in the
 * file's order, with the argument types that make up their signatures: PostgreSQL tells functions
 * apart by name and arguments, so a user's function of the same name with other arguments is
 * another function, which this tool never drops.
 */
public enum TpccProcedure {
  NEW_ORDER(
      "tpcc_new_order", "integer, integer, integer, integer, integer[], integer[], integer[]"),
  PAYMENT("tpcc_payment", "integer, integer, integer, integer, boolean, integer, text, numeric"),
  ORDER_STATUS("tpcc_order_status", "integer, integer, boolean, integer, text"),
  DELIVERY("tpcc_delivery", "integer, integer"),
  STOCK_LEVEL("tpcc_stock_level", "integer, integer, integer");

  private final String baseName;
  private final String argumentTypes;

  TpccProcedure(String baseName, String argumentTypes) {
    this.baseName = baseName;
    this.argumentTypes = argumentTypes;
  }

  /** The function's name in {@code set}, e.g. {@code tpcc_payment2}. */
  public String nameInSet(int set) {
    if (set < 1) {
      throw new IllegalArgumentException("table set must be >= 1 but was " + set);
    }
    return baseName + set;
  }

  /**
   * The signature as {@code to_regprocedure} reads it, e.g. {@code tpcc_delivery1(integer,
   * integer)}.
   */
  public String signatureInSet(int set) {
    return nameInSet(set) + "(" + argumentTypes + ")";
  }

  /** How many arguments the function takes. */
  int arity() {
    return argumentTypes.split(",").length;
  }
}
