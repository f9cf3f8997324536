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

  /**
   * What a function's definition is compared by: its body and the attributes CREATE OR REPLACE can
   * change without a new OID (volatility, security definer, SET options). The body is kept as
   * written, so the hash survives dumps and upgrades.
   */
  private static final String DEFINITION =
      """
      md5(p.prosrc || ' ' || p.provolatile::text || ' ' || p.prosecdef::text || ' '
          || coalesce(p.proconfig::text, ''))""";

  /** The recorded hash; absent from a list written before the column was (to_jsonb: 9.5+). */
  private static final String RECORDED =
      """
      (to_jsonb(f) ->> 'definition_md5')""";

  private static final String RECORD =
      """
      INSERT INTO tpcc_metadata_function (set_number, function_name, funcid, definition_md5)
      SELECT ?, ?, p.oid, %s FROM pg_proc p WHERE p.oid = ?::oid"""
          .formatted(DEFINITION);

  /** The listed functions whose definition is no longer the one recorded at install. */
  private static final String REPLACED =
      """
      SELECT p.oid::regprocedure::text
        FROM tpcc_metadata_function f
        JOIN pg_proc p ON p.oid = f.funcid AND p.proname = f.function_name
       WHERE f.set_number BETWEEN ? AND ?
         AND p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
         AND %s IS NOT NULL AND %s <> %s
       ORDER BY f.set_number, f.function_name"""
          .formatted(RECORDED, RECORDED, DEFINITION);

  /**
   * The listed functions of a set that still exist as installed, as DROP FUNCTION takes them: one
   * replaced in place since is the user's now, and left alone.
   */
  private static final String OURS =
      """
      SELECT p.oid::regprocedure::text
        FROM tpcc_metadata_function f
        JOIN pg_proc p ON p.oid = f.funcid AND p.proname = f.function_name
       WHERE f.set_number = ?
         AND p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
         AND (%s IS NULL OR %s = %s)
       ORDER BY f.function_name"""
          .formatted(RECORDED, RECORDED, DEFINITION);

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
    List<String> replaced = replaced(c, set, set);
    if (!replaced.isEmpty()) {
      throw new SQLException(
          "function "
              + replaced.get(0)
              + " was replaced since this tool installed it (same OID, another definition: CREATE"
              + " OR REPLACE FUNCTION), so it is yours now and will not be overwritten: drop it"
              + " (DROP FUNCTION "
              + replaced.get(0)
              + ") to have this tool's installed again, or use another schema",
          DUPLICATE_FUNCTION);
    }
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
        if (record.executeUpdate() != 1) {
          throw new SQLException("function " + procedure.signatureInSet(set) + " was not created");
        }
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

  /**
   * The functions of sets 1..{@code tableSets} that this tool installed and that were replaced in
   * place since (same OID, another body or attributes), by signature; a run in procedures mode
   * would benchmark them. Empty for functions listed before definitions were recorded.
   */
  public static List<String> replaced(Connection c, int tableSets) throws SQLException {
    return hasList(c) ? replaced(c, 1, tableSets) : List.of();
  }

  /**
   * {@code function tpcc_payment1(...) is not the one this tool installed (replaced in place since:
   * same OID, another definition)}, naming up to three.
   */
  public static String describeReplaced(List<String> replaced) {
    return (replaced.size() == 1 ? "function " : "functions ")
        + String.join(", ", replaced.subList(0, Math.min(3, replaced.size())))
        + (replaced.size() > 3 ? " (and " + (replaced.size() - 3) + " more)" : "")
        + (replaced.size() == 1 ? " is not the one" : " are not the ones")
        + " this tool installed (replaced in place since: same OID, another definition)";
  }

  private static List<String> replaced(Connection c, int firstSet, int lastSet)
      throws SQLException {
    List<String> replaced = new ArrayList<>();
    try (PreparedStatement select = c.prepareStatement(REPLACED)) {
      select.setInt(1, firstSet);
      select.setInt(2, lastSet);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          replaced.add(rows.getString(1));
        }
      }
    }
    return replaced;
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
