package org.tpccpg.core.tpcc.procedures;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tpccpg.core.ddl.SqlScript;

/**
 * Creates and drops the functions of {@code sql/tpcc/procedures.sql} for one table set, and lists
 * them by OID in {@code tpcc_metadata_function} (procedures-metadata.sql) in the same transaction:
 * what is listed with an unchanged OID is ours, everything else is the user's and never dropped.
 * Never commits; the caller runs each set in a transaction of its own.
 */
public final class ProcedureInstaller {
  private static final SqlScript FUNCTIONS = SqlScript.load("tpcc", "procedures.sql");
  private static final SqlScript METADATA = SqlScript.load("tpcc", "procedures-metadata.sql");

  private static final String HAS_LIST =
      """
      SELECT to_regclass('tpcc_metadata_function') IS NOT NULL""";
  private static final String FIND =
      """
      SELECT to_regprocedure(format('%I.%s', current_schema(), ?))::oid""";
  private static final String RECORD =
      """
      INSERT INTO tpcc_metadata_function (set_number, function_name, funcid) VALUES (?, ?, ?)""";

  /** The listed functions of a set that still exist as installed, as DROP FUNCTION takes them. */
  private static final String OURS =
      """
      SELECT p.oid::regprocedure::text
        FROM tpcc_metadata_function f
        JOIN pg_proc p ON p.oid = f.funcid AND p.proname = f.function_name
       WHERE f.set_number = ?
         AND p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
       ORDER BY f.function_name""";

  private static final String FORGET =
      """
      DELETE FROM tpcc_metadata_function WHERE set_number = ?""";
  private static final String INSTALLED =
      """
      SELECT count(*)
        FROM tpcc_metadata_function f
        JOIN pg_proc p ON p.oid = f.funcid AND p.proname = f.function_name
       WHERE f.set_number BETWEEN 1 AND ?
         AND p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())""";

  /** The table that lists the installed functions. */
  public static final String LIST_TABLE = "tpcc_metadata_function";

  /** SQLSTATE duplicate_function, for a function of ours whose name and arguments are taken. */
  static final String DUPLICATE_FUNCTION = "42723";

  private ProcedureInstaller() {}

  /** Creates the list table if it is not there yet. */
  public static void createList(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String sql : METADATA.templates()) {
        s.execute(METADATA.render(sql, Map.of()));
      }
    }
  }

  /** The CREATE FUNCTION statements of {@code set}, in {@link TpccProcedure} order. */
  public static List<String> createStatements(int set) {
    List<String> statements = new ArrayList<>();
    for (String template : FUNCTIONS.templates()) {
      statements.add(FUNCTIONS.render(template, Map.of("set", Integer.toString(set))));
    }
    if (statements.size() != TpccProcedure.values().length) {
      throw new IllegalStateException(
          "procedures.sql must hold "
              + TpccProcedure.values().length
              + " functions but held "
              + statements.size());
    }
    return statements;
  }

  /**
   * Installs (or reinstalls) the functions of {@code set} in the caller's transaction.
   *
   * @throws SQLException (SQLSTATE 42723) when a function of one of our signatures exists that this
   *     tool did not install: it is the user's, and is left alone
   */
  public static void install(Connection c, int set) throws SQLException {
    createList(c);
    drop(c, set);
    List<String> creates = createStatements(set);
    TpccProcedure[] procedures = TpccProcedure.values();
    for (int i = 0; i < procedures.length; i++) {
      TpccProcedure procedure = procedures[i];
      if (find(c, procedure.signatureInSet(set)) != 0) {
        throw new SQLException(
            "function "
                + procedure.signatureInSet(set)
                + " exists and was not installed by this tool, which will not replace it: drop or"
                + " rename it, or use another schema",
            DUPLICATE_FUNCTION);
      }
      try (Statement s = c.createStatement()) {
        s.execute(creates.get(i));
      }
      try (PreparedStatement record = c.prepareStatement(RECORD)) {
        record.setInt(1, set);
        record.setString(2, procedure.nameInSet(set));
        record.setLong(3, find(c, procedure.signatureInSet(set)));
        record.executeUpdate();
      }
    }
  }

  /**
   * Drops the functions of {@code set} that this tool installed and that are still the ones it
   * installed, and forgets the set's list, in the caller's transaction.
   *
   * @return how many functions it dropped
   */
  public static int drop(Connection c, int set) throws SQLException {
    if (!hasList(c)) {
      return 0;
    }
    List<String> ours = new ArrayList<>();
    try (PreparedStatement select = c.prepareStatement(OURS)) {
      select.setInt(1, set);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          ours.add(rows.getString(1));
        }
      }
    }
    try (Statement s = c.createStatement()) {
      for (String function : ours) {
        s.execute("DROP FUNCTION " + function);
      }
    }
    try (PreparedStatement forget = c.prepareStatement(FORGET)) {
      forget.setInt(1, set);
      forget.executeUpdate();
    }
    return ours.size();
  }

  /** Whether every function of sets 1..{@code tableSets} is there as this tool installed it. */
  public static boolean installed(Connection c, int tableSets) throws SQLException {
    if (!hasList(c)) {
      return false;
    }
    try (PreparedStatement count = c.prepareStatement(INSTALLED)) {
      count.setInt(1, tableSets);
      try (ResultSet rows = count.executeQuery()) {
        rows.next();
        return rows.getLong(1) == (long) tableSets * TpccProcedure.values().length;
      }
    }
  }

  private static boolean hasList(Connection c) throws SQLException {
    try (PreparedStatement exists = c.prepareStatement(HAS_LIST);
        ResultSet rows = exists.executeQuery()) {
      return rows.next() && rows.getBoolean(1);
    }
  }

  /** The OID of the function with this signature in the current schema, 0 if there is none. */
  private static long find(Connection c, String signature) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(FIND)) {
      s.setString(1, signature);
      try (ResultSet rows = s.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }
}
