package org.tpccpg.core.ddl;

/**
 * Where and how the tables and indexes of a load are stored: the PostgreSQL counterpart of
 * sysbench-tpcc's {@code pgsql_table_options} and {@code pgsql_index_options} (digoal fork). TPC-C
 * leaves physical storage to the implementation (TPC-C 1.4), so these only place data.
 *
 * <p>Unlike sysbench, the text is not pasted into SQL. Each option must be a storage clause: {@code
 * TABLESPACE name} and/or {@code WITH (parameter = value, ...)}, in any order and case, where a
 * value is a number, a word or a single-quoted string of letters, digits, {@code _ . -}. Anything
 * else, such as {@code ;}, comments or unbalanced parentheses and quotes, is rejected at
 * construction with an {@link IllegalArgumentException} naming the option and the value.
 *
 * @param tableOptions the clause after each CREATE TABLE, e.g. {@code WITH (fillfactor=80)
 *     TABLESPACE tbs1}; empty for none
 * @param indexOptions the clause after each secondary CREATE INDEX, e.g. {@code TABLESPACE tbs2};
 *     empty for none
 * @param primaryKeysInIndexTablespace whether the primary-key indexes go to the tablespace of
 *     {@code indexOptions} as well (sysbench leaves them in {@code default_tablespace})
 */
public record StorageOptions(
    String tableOptions, String indexOptions, boolean primaryKeysInIndexTablespace) {
  /** The name of {@link #tableOptions()} in messages, as sysbench-tpcc calls it. */
  public static final String TABLE_OPTIONS_NAME = "pgsql_table_options";

  /** The name of {@link #indexOptions()} in messages, as sysbench-tpcc calls it. */
  public static final String INDEX_OPTIONS_NAME = "pgsql_index_options";

  /** No storage clauses: everything goes to {@code default_tablespace} with default parameters. */
  public static final StorageOptions NONE = new StorageOptions("", "", false);

  /**
   * Validates both clauses.
   *
   * @throws IllegalArgumentException when either option is null or not a storage clause
   */
  public StorageOptions {
    parse(TABLE_OPTIONS_NAME, tableOptions);
    parse(INDEX_OPTIONS_NAME, indexOptions);
  }

  /** The clause for CREATE TABLE, re-rendered as {@code WITH (...) TABLESPACE name}, or empty. */
  public String tableClause() {
    return parse(TABLE_OPTIONS_NAME, tableOptions).render();
  }

  /** The clause for CREATE INDEX, re-rendered as {@code WITH (...) TABLESPACE name}, or empty. */
  public String indexClause() {
    return parse(INDEX_OPTIONS_NAME, indexOptions).render();
  }

  /**
   * The clause for each PRIMARY KEY constraint: {@code USING INDEX TABLESPACE name} when {@link
   * #primaryKeysInIndexTablespace()} is set and {@link #indexOptions()} names a tablespace,
   * otherwise empty. The WITH parameters of the index options are not carried over.
   */
  public String primaryKeyClause() {
    String tablespace = parse(INDEX_OPTIONS_NAME, indexOptions).tablespace();
    if (!primaryKeysInIndexTablespace || tablespace.isEmpty()) {
      return "";
    }
    return "USING INDEX TABLESPACE " + tablespace;
  }

  private static StorageClause parse(String option, String text) {
    if (text == null) {
      throw new IllegalArgumentException(option + " must not be null; use \"\" for none");
    }
    return StorageClause.parse(option, text);
  }
}
